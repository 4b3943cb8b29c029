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

  it('a chip measured again shows its new size; the same size or a chip gone changes nothing', () => {
    let changes = 0;
    const tray = new AttachmentTray<string>(() => changes++, (uri) => uri);
    tray.add([chip('a.ts'), chip('a.ts', 'problems'), chip('b.ts')]);
    assert.deepEqual(tray.itemsOf('a.ts').map((item) => item.id), ['a1', 'a2']);
    changes = 0;
    tray.resize('a1', { tokens: 3 });
    tray.resize('zz', { tokens: 9 });
    assert.equal(changes, 0);
    tray.resize('a1', { tokens: 16_000, cut: true });
    assert.deepEqual(tray.chips()[0], { id: 'a1', kind: 'file', label: 'a.ts', path: 'a.ts', tokens: 16_000, cut: true });
    tray.resize('a1', { tokens: 5 });
    assert.deepEqual([tray.chips()[0].tokens, 'cut' in tray.chips()[0]], [5, false]);
    assert.equal(changes, 2);
  });
});
