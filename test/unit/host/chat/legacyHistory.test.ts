import * as assert from 'node:assert/strict';
import { memoryChatFiles } from '../../../../src/host/chat/chatFiles';
import { HistoryStore } from '../../../../src/host/chat/historyStore';
import { moveLegacyHistory, type LegacyState } from '../../../../src/host/chat/legacyHistory';
import type { Transcript } from '../../../../src/shared/protocol';

class FakeState implements LegacyState {
  readonly data = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.data.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) {
      this.data.delete(key);
    } else {
      this.data.set(key, value);
    }
  }
}

function chat(id: string, content: string): Transcript {
  return { id, title: content, createdAt: 1, updatedAt: 2, messages: [{ id: `${id}-0`, role: 'user', content, status: 'done', createdAt: 1 }] };
}

describe('moveLegacyHistory', () => {
  let state: FakeState;
  let files: ReturnType<typeof memoryChatFiles>;
  let store: HistoryStore;

  beforeEach(() => {
    state = new FakeState();
    files = memoryChatFiles();
    store = new HistoryStore(files);
  });

  it('moves the chats and the current pointer from globalState into files, then removes the old keys', async () => {
    state.data.set('modelAccess.chat.index', [{ id: 'a' }, { id: 'b' }, 42, { id: 'gone' }]);
    state.data.set('modelAccess.chat.transcript.a', chat('a', 'first'));
    state.data.set('modelAccess.chat.transcript.b', chat('b', 'second'));
    state.data.set('modelAccess.chat.current', 'b');
    state.data.set('unrelated', 'kept');
    const moving = moveLegacyHistory(state, store);
    assert.equal(store.load('b')?.messages[0].content, 'second', 'visible before the move has finished');
    assert.equal(await moving, 2);
    const fresh = new HistoryStore(files);
    assert.deepEqual(fresh.list().map((s) => s.id).sort(), ['a', 'b']);
    assert.equal(fresh.currentId(), 'b');
    assert.deepEqual([...state.data.keys()], ['unrelated']);
  });

  it('does nothing without old data', async () => {
    assert.equal(await moveLegacyHistory(state, store), 0);
    assert.deepEqual([...files.texts.keys()], []);
  });

  it('never overwrites a chat or pointer the files already have', async () => {
    await store.save(chat('a', 'newer'));
    await store.setCurrentId('a');
    state.data.set('modelAccess.chat.index', [{ id: 'a' }]);
    state.data.set('modelAccess.chat.transcript.a', chat('a', 'older'));
    state.data.set('modelAccess.chat.current', 'other');
    assert.equal(await moveLegacyHistory(state, store), 0);
    assert.equal(store.load('a')?.messages[0].content, 'newer');
    assert.equal(store.currentId(), 'a');
    assert.equal(state.data.size, 0);
  });

  it('keeps the old keys when a chat could not be written, to try again next time', async () => {
    const failing = { ...files, writeAtomic: () => Promise.reject(new Error('disk full')) };
    state.data.set('modelAccess.chat.index', [{ id: 'a' }]);
    state.data.set('modelAccess.chat.transcript.a', chat('a', 'first'));
    await assert.rejects(moveLegacyHistory(state, new HistoryStore(failing)), /disk full/);
    assert.ok(state.data.has('modelAccess.chat.transcript.a'));
  });
});
