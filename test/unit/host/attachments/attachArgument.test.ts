// The rule for Uri arguments of Add File to Chat (explorer and tab menus, or any other caller).
import * as assert from 'node:assert/strict';
import { attachableUris, MAX_ATTACH_ARGUMENTS, type AttachTrust } from '../../../../src/host/attachments/attachArgument';

class FakeUri {
  constructor(readonly path: string) {}
}

const trust: AttachTrust<FakeUri> = {
  isUri: (value): value is FakeUri => value instanceof FakeUri,
  inWorkspace: (uri) => uri.path.startsWith('/work/project/'),
  isOpenDocument: (uri) => uri.path === '/tmp/open-in-a-tab.txt',
};

describe('attach command arguments (attachArgument)', () => {
  it('takes a workspace file or a document open in an editor', () => {
    const file = new FakeUri('/work/project/src/a.ts');
    const tab = new FakeUri('/tmp/open-in-a-tab.txt');
    assert.deepEqual(attachableUris(file, undefined, trust), { uris: [file], dropped: 0 });
    assert.deepEqual(attachableUris(tab, { groupId: 1 }, trust), { uris: [tab], dropped: 0 });
  });

  it('drops a file outside the workspace that is not open, whoever asks', () => {
    assert.deepEqual(attachableUris(new FakeUri('/home/user/.ssh/id_rsa'), undefined, trust), { uris: [], dropped: 1 });
  });

  it('drops look-alikes and strings: only a real Uri counts', () => {
    assert.deepEqual(attachableUris({ path: '/work/project/src/a.ts', scheme: 'file' }, undefined, trust), { uris: [], dropped: 1 });
    assert.deepEqual(attachableUris('/work/project/src/a.ts', undefined, trust), { uris: [], dropped: 1 });
    assert.deepEqual(attachableUris(undefined, undefined, trust), { uris: [], dropped: 0 });
  });

  it('takes the explorer\'s selection (second argument), each checked, and caps how many', () => {
    const a = new FakeUri('/work/project/a.ts');
    const b = new FakeUri('/work/project/b.ts');
    const outside = new FakeUri('/etc/passwd');
    assert.deepEqual(attachableUris(a, [a, b, outside], trust), { uris: [a, b], dropped: 1 });
    // A list with anything but Uris in it is not a selection: the first argument alone counts.
    assert.deepEqual(attachableUris(a, [b, 'x'], trust), { uris: [a], dropped: 0 });
    const many = Array.from({ length: MAX_ATTACH_ARGUMENTS + 5 }, (_, i) => new FakeUri(`/work/project/f${i}.ts`));
    const result = attachableUris(many[0], many, trust);
    assert.equal(result.uris.length, MAX_ATTACH_ARGUMENTS);
    assert.equal(result.dropped, 5);
  });
});
