import * as assert from 'node:assert/strict';
import { AttachmentTray } from '../../../../src/host/attachments/attachmentTray';

const chip = (uri: string, kind: 'file' | 'problems' = 'file') => ({ uri, kind, label: uri, path: uri, tokens: 3 });

describe('attachment tray', () => {
  it('adds each file once per kind, removes by id, and gives a send only the chips the view showed', () => {
    let changes = 0;
    const tray = new AttachmentTray<string>(() => changes++, (uri) => uri);
    tray.add([chip('a.ts'), chip('b.ts')]);
    tray.add([chip('a.ts'), chip('a.ts', 'problems')]);
    assert.deepEqual(tray.chips().map((c) => `${c.id}:${c.path}:${c.kind}`), ['a1:a.ts:file', 'a2:b.ts:file', 'a3:a.ts:problems']);
    assert.ok(!('uri' in tray.chips()[0]), 'the view never gets the Uri object');
    tray.remove('a2');
    assert.deepEqual(tray.chips().map((c) => c.id), ['a1', 'a3']);
    const taken = tray.take(['a3', 'a2', 'zz']);
    assert.deepEqual(taken.map((item) => item.uri), ['a.ts']);
    assert.deepEqual(tray.chips().map((c) => c.id), ['a1']);
    assert.equal(changes, 4);
    assert.deepEqual(tray.take([]), []);
    assert.equal(changes, 4, 'nothing taken, nothing changed');
  });
});
