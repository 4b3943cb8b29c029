import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeChatFiles } from '../../../../src/host/chat/chatFiles';
import { DAMAGED_TITLE, HistoryStore } from '../../../../src/host/chat/historyStore';
import type { TranscriptMessage, Transcript } from '../../../../src/shared/protocol';

function chat(id: string, updatedAt: number, messages: Partial<TranscriptMessage>[] = [{}]): Transcript {
  return {
    id,
    title: `Chat ${id}`,
    createdAt: 0,
    updatedAt,
    messages: messages.map((m, i) => ({ id: `${id}-${i}`, role: 'user', content: 'hello', status: 'done', createdAt: 0, ...m })),
  };
}

describe('HistoryStore (files in a folder)', () => {
  let root: string;
  let folder: string;
  let store: HistoryStore;

  /** A store as the next window or run would open it: nothing shared with `store` but the folder. */
  const reopened = (): HistoryStore => new HistoryStore(nodeChatFiles(folder));
  const filesInFolder = (): string[] => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'history-store-'));
    // Not created yet, as on a fresh install: the first save creates it.
    folder = path.join(root, 'globalStorage', 'chats');
    store = new HistoryStore(nodeChatFiles(folder), 3);
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('starts empty when the folder does not exist yet', () => {
    assert.deepEqual(store.list(), []);
    assert.equal(store.load('a'), undefined);
    assert.equal(store.currentId(), undefined);
  });

  it('saves a chat to its own file, on disk when save resolves, and loads it back', async () => {
    await store.save(chat('a', 1));
    assert.deepEqual(filesInFolder(), ['chat-a.json']);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(folder, 'chat-a.json'), 'utf8')), chat('a', 1));
    assert.deepEqual(reopened().load('a'), chat('a', 1));
    assert.deepEqual(reopened().list(), [{ id: 'a', title: 'Chat a', updatedAt: 1, messageCount: 1 }]);
  });

  it('stores the chat as it was when save was called, not the live object later', async () => {
    const live = chat('a', 1);
    const saving = store.save(live);
    live.messages[0].content = 'changed later';
    await saving;
    assert.equal(reopened().load('a')?.messages[0].content, 'hello');
  });

  it('reads its own latest save at once, before the write has finished', async () => {
    const saving = store.save(chat('a', 1, [{ content: 'new' }]));
    assert.equal(store.load('a')?.messages[0].content, 'new');
    assert.deepEqual(store.list().map((s) => s.id), ['a']);
    await saving;
  });

  it('does not store a chat without messages', async () => {
    await store.save(chat('empty', 1, []));
    assert.deepEqual(store.list(), []);
    assert.equal(store.load('empty'), undefined);
    assert.deepEqual(filesInFolder(), []);
  });

  it('lists the most recently updated first and updates in place', async () => {
    await store.save(chat('a', 1));
    await store.save(chat('b', 2));
    await store.save(chat('a', 3, [{}, { role: 'assistant' }]));
    assert.deepEqual(store.list().map((s) => [s.id, s.messageCount]), [['a', 2], ['b', 1]]);
    assert.deepEqual(reopened().list().map((s) => [s.id, s.messageCount]), [['a', 2], ['b', 1]]);
  });

  it('sees chats another window saved into the same folder', async () => {
    assert.deepEqual(store.list(), []);
    await reopened().save(chat('elsewhere', 5));
    assert.deepEqual(store.list().map((s) => s.id), ['elsewhere']);
    await reopened().save(chat('elsewhere', 6, [{}, { role: 'assistant' }]));
    assert.deepEqual(store.list().map((s) => s.messageCount), [2], 'a changed file is read again');
  });

  it('lists the chats it saved without reading them back, and reads one again once another window changed it', async () => {
    const disk = nodeChatFiles(folder);
    const reads: string[] = [];
    const own = new HistoryStore({ ...disk, read: (name) => (reads.push(name), disk.read(name)) });
    await own.save(chat('a', 1));
    await own.save(chat('b', 2, [{}, { role: 'assistant' }]));
    reads.length = 0;
    assert.deepEqual(own.list().map((s) => [s.id, s.messageCount]), [['b', 2], ['a', 1]]);
    assert.equal(reads.join(', '), '', 'what it saved is listed from what it wrote');
    await reopened().save(chat('a', 3, [{}, {}, {}]));
    assert.deepEqual(own.list().map((s) => [s.id, s.messageCount]), [['a', 3], ['b', 2]]);
    assert.ok(reads.includes('chat-a.json') && !reads.some((name) => name.startsWith('chat-b')), `read: ${reads.join(', ')}`);
  });

  it('writes of one chat land in the order they were asked for', async () => {
    const saves = [];
    for (let i = 1; i <= 20; i++) {
      saves.push(store.save(chat('a', i, [{ content: `version ${i}` }])));
    }
    await Promise.all(saves);
    assert.equal(reopened().load('a')?.messages[0].content, 'version 20');
    assert.deepEqual(filesInFolder(), ['chat-a.json'], 'no temporary file is left behind');
  });

  it('keeps at most the cap, deleting the least recently updated file', async () => {
    for (const [i, id] of ['a', 'b', 'c', 'd'].entries()) {
      await store.save(chat(id, i));
    }
    assert.deepEqual(store.list().map((s) => s.id), ['d', 'c', 'b']);
    assert.equal(store.load('a'), undefined);
    assert.deepEqual(filesInFolder(), ['chat-b.json', 'chat-c.json', 'chat-d.json']);
    // Updating a kept chat evicts nothing.
    await store.save(chat('b', 10));
    assert.deepEqual(store.list().map((s) => s.id), ['b', 'd', 'c']);
  });

  it('eviction goes by last update, as the README says: opening a chat does not count as use', async () => {
    for (const [i, id] of ['a', 'b', 'c'].entries()) {
      await store.save(chat(id, i));
    }
    // What opening a chat does: read it and make it current.
    assert.ok(store.load('a'));
    await store.setCurrentId('a');
    await store.save(chat('d', 5));
    assert.equal(store.load('a'), undefined, 'the chat updated longest ago goes, even just opened');
    assert.deepEqual(store.list().map((s) => s.id), ['d', 'c', 'b']);
  });

  it('never evicts a damaged chat file (it is shown for the user to deal with)', async () => {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'chat-broken.json'), '{');
    for (const [i, id] of ['a', 'b', 'c', 'd'].entries()) {
      await store.save(chat(id, i + 1));
    }
    assert.ok(filesInFolder().includes('chat-broken.json'));
    assert.deepEqual(store.list().filter((s) => !s.damaged).map((s) => s.id), ['d', 'c', 'b']);
  });

  it('delete gives back an undo that restores the file as it was, damaged or not', async () => {
    await store.save(chat('a', 1));
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'chat-broken.json'), '{"half');
    const deleted = await store.delete('a');
    const deletedBroken = await store.delete('broken');
    assert.deepEqual(filesInFolder(), []);
    assert.equal(deletedBroken?.title, DAMAGED_TITLE);
    await deleted?.restore();
    await deletedBroken?.restore();
    assert.deepEqual(reopened().load('a')?.messages.map((m) => m.content), chat('a', 1).messages.map((m) => m.content));
    assert.equal(fs.readFileSync(path.join(folder, 'chat-broken.json'), 'utf8'), '{"half');
  });

  it('a crash mid-answer: the journal on disk is replayed onto the answer, which reopens stopped; a finished answer ignores a stale journal', async () => {
    const streaming = chat('a', 1, [{ id: 'q', role: 'user', content: 'Q' }, { id: 'ans', role: 'assistant', content: 'Hel', status: 'streaming' }]);
    await store.save(streaming);
    assert.equal(await store.appendAnswer('a', 'ans', 'lo, ', ''), '{"m":"ans","c":"lo, "}\n'.length);
    await store.appendAnswer('a', 'ans', 'world', 'thinking');
    assert.deepEqual(filesInFolder(), ['chat-a.journal', 'chat-a.json']);
    const reopenedAnswer = reopened().load('a')?.messages[1];
    assert.equal(reopenedAnswer?.content, 'Hello, world');
    assert.equal(reopenedAnswer?.reasoning, 'thinking');
    assert.equal(reopenedAnswer?.status, 'stopped');
    // A crash between the final whole save and the journal's removal: the journal must not add text twice.
    fs.writeFileSync(path.join(folder, 'chat-a.json'), JSON.stringify(chat('a', 2, [{ id: 'q', role: 'user', content: 'Q' }, { id: 'ans', role: 'assistant', content: 'Hello, world', status: 'done' }])));
    assert.equal(reopened().load('a')?.messages[1].content, 'Hello, world');
    await store.save(reopened().load('a') as Transcript);
    assert.deepEqual(filesInFolder(), ['chat-a.json'], 'a whole save removes the journal');
  });

  it('a save removes journals whose chat file is gone (left by a window that kept answering in a deleted chat), and no other file', async () => {
    await store.save(chat('a', 1));
    fs.writeFileSync(path.join(folder, 'chat-gone.journal'), '{"m":"ans","c":"x"}\n');
    fs.writeFileSync(path.join(folder, 'chat-a.journal'), '{"m":"ans","c":"x"}\n');
    fs.writeFileSync(path.join(folder, 'notes.journal'), 'not ours');
    await store.save(chat('b', 2));
    assert.deepEqual(filesInFolder(), ['chat-a.journal', 'chat-a.json', 'chat-b.json', 'notes.journal']);
  });

  it('deletes a chat and forgets it as current', async () => {
    await store.save(chat('a', 1));
    await store.save(chat('b', 2));
    await store.setCurrentId('a');
    await store.delete('a');
    assert.equal(store.load('a'), undefined);
    assert.deepEqual(store.list().map((s) => s.id), ['b']);
    assert.equal(store.currentId(), undefined);
    assert.deepEqual(filesInFolder(), ['chat-b.json']);
  });

  it('a delete queued after a save of the same chat wins', async () => {
    const saving = store.save(chat('a', 1));
    const deleting = store.delete('a');
    await Promise.all([saving, deleting]);
    assert.equal(reopened().load('a'), undefined);
    assert.deepEqual(filesInFolder(), []);
  });

  it('remembers the current chat id on disk', async () => {
    assert.equal(store.currentId(), undefined);
    await store.setCurrentId('x');
    assert.equal(reopened().currentId(), 'x');
    await store.setCurrentId(undefined);
    assert.equal(reopened().currentId(), undefined);
  });

  it('recovers an answer that was streaming when the window closed', async () => {
    await store.save(chat('a', 1, [{}, { role: 'assistant', status: 'streaming', content: 'partial' }]));
    const recovered = reopened().load('a');
    assert.equal(recovered?.messages[1].status, 'stopped');
    assert.equal(recovered?.messages[1].content, 'partial');
  });

  it('lists corrupt, foreign and mismatched chat files as damaged (never dropped silently), ignores other files', async () => {
    await store.save(chat('ok', 1));
    fs.writeFileSync(path.join(folder, 'chat-cut.json'), '{"id":"cut","messages":[{"id":"m","ro');
    fs.writeFileSync(path.join(folder, 'chat-number.json'), '42');
    fs.writeFileSync(path.join(folder, 'chat-other.json'), JSON.stringify(chat('ok', 9)));
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not ours');
    fs.mkdirSync(path.join(folder, 'chat-dir.json'));
    fs.writeFileSync(path.join(folder, 'current.json'), '{"id": 7}');
    const listed = store.list();
    assert.deepEqual(listed.filter((s) => !s.damaged).map((s) => s.id), ['ok']);
    assert.deepEqual(listed.filter((s) => s.damaged).map((s) => s.id).sort(), ['cut', 'number', 'other']);
    assert.ok(listed.filter((s) => s.damaged).every((s) => s.title === DAMAGED_TITLE && s.messageCount === 0 && s.updatedAt > 0));
    assert.equal(store.load('cut'), undefined);
    assert.equal(store.load('number'), undefined);
    assert.equal(store.load('other'), undefined, 'a file may not claim another chat');
    assert.equal(store.load('dir'), undefined);
    assert.equal(store.currentId(), undefined);
  });

  it('keeps the valid messages of a partly malformed transcript', async () => {
    fs.mkdirSync(folder, { recursive: true });
    const stored = { ...chat('a', 1), messages: [chat('a', 1).messages[0], { id: 'x', role: 'system', content: 'no' }, 'junk'] };
    fs.writeFileSync(path.join(folder, 'chat-a.json'), JSON.stringify(stored));
    assert.deepEqual(store.load('a')?.messages.map((m) => m.id), ['a-0']);
  });

  it('ignores a temporary file left by a crash mid-write', async () => {
    await store.save(chat('a', 1));
    fs.writeFileSync(path.join(folder, 'chat-a.json.1234-1.tmp'), '{"id":"a","messages":[');
    fs.writeFileSync(path.join(folder, 'chat-b.json.1234-2.tmp'), JSON.stringify(chat('b', 2)));
    assert.deepEqual(reopened().list().map((s) => s.id), ['a']);
    assert.deepEqual(reopened().load('a'), chat('a', 1));
    assert.equal(reopened().load('b'), undefined);
  });

  it('never turns a chat id into a path outside the folder', async () => {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(root, 'globalStorage', 'secret.json'), JSON.stringify(chat('x', 1)));
    assert.equal(store.load('../secret'), undefined);
    assert.equal(store.load('../../globalStorage/secret'), undefined);
    await store.delete('../secret');
    assert.ok(fs.existsSync(path.join(root, 'globalStorage', 'secret.json')));
    await assert.rejects(store.save(chat('../escape', 1)));
    assert.ok(!fs.existsSync(path.join(root, 'globalStorage', 'escape.json')));
  });
});
