import * as assert from 'node:assert/strict';
import { HistoryStore } from '../../../../src/host/chat/historyStore';
import type { ChatMessage, Transcript } from '../../../../src/shared/protocol';
import { MemoryStore } from './memoryStore';

function chat(id: string, updatedAt: number, messages: Partial<ChatMessage>[] = [{}]): Transcript {
  return {
    id,
    title: `Chat ${id}`,
    createdAt: 0,
    updatedAt,
    messages: messages.map((m, i) => ({ id: `${id}-${i}`, role: 'user', content: 'hello', status: 'done', createdAt: 0, ...m })),
  };
}

describe('HistoryStore', () => {
  let memory: MemoryStore;
  let store: HistoryStore;

  beforeEach(() => {
    memory = new MemoryStore();
    store = new HistoryStore(memory, 3);
  });

  it('saves and loads a chat', async () => {
    await store.save(chat('a', 1));
    assert.deepEqual(store.load('a'), chat('a', 1));
    assert.deepEqual(store.list(), [{ id: 'a', title: 'Chat a', updatedAt: 1, messageCount: 1 }]);
  });

  it('stores a copy, not the live object', async () => {
    const live = chat('a', 1);
    await store.save(live);
    live.messages[0].content = 'changed later';
    assert.equal(store.load('a')?.messages[0].content, 'hello');
  });

  it('does not store a chat without messages', async () => {
    await store.save(chat('empty', 1, []));
    assert.deepEqual(store.list(), []);
    assert.equal(store.load('empty'), undefined);
  });

  it('lists the most recently updated first and updates in place', async () => {
    await store.save(chat('a', 1));
    await store.save(chat('b', 2));
    await store.save(chat('a', 3, [{}, { role: 'assistant' }]));
    assert.deepEqual(store.list().map((s) => [s.id, s.messageCount]), [['a', 2], ['b', 1]]);
  });

  it('keeps at most the cap, dropping the least recently updated with its transcript', async () => {
    for (const [i, id] of ['a', 'b', 'c', 'd'].entries()) {
      await store.save(chat(id, i));
    }
    assert.deepEqual(store.list().map((s) => s.id), ['d', 'c', 'b']);
    assert.equal(store.load('a'), undefined);
    assert.ok(![...memory.data.keys()].some((key) => key.endsWith('.a')), 'the evicted transcript is deleted');
  });

  it('deletes a chat and forgets it as current', async () => {
    await store.save(chat('a', 1));
    await store.setCurrentId('a');
    await store.delete('a');
    assert.equal(store.load('a'), undefined);
    assert.deepEqual(store.list(), []);
    assert.equal(store.currentId(), undefined);
  });

  it('remembers the current chat id', async () => {
    assert.equal(store.currentId(), undefined);
    await store.setCurrentId('x');
    assert.equal(new HistoryStore(memory).currentId(), 'x');
  });

  it('recovers an answer that was streaming when the window closed', async () => {
    await store.save(chat('a', 1, [{}, { role: 'assistant', status: 'streaming', content: 'partial' }]));
    const reopened = new HistoryStore(memory).load('a');
    assert.equal(reopened?.messages[1].status, 'stopped');
    assert.equal(reopened?.messages[1].content, 'partial');
  });

  it('survives garbage in storage', () => {
    memory.data.set('modelAccess.chat.index', [{ id: 'ok', title: 'T', updatedAt: 1, messageCount: 1 }, 42, { title: 'no id' }]);
    memory.data.set('modelAccess.chat.transcript.ok', 'not a transcript');
    assert.deepEqual(store.list().map((s) => s.id), ['ok']);
    assert.equal(store.load('ok'), undefined);
  });
});
