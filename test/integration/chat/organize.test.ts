// Fork, rename and pin through the chat session, with the history in real files in a temp folder.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChatSession } from '../../../src/host/chat/chatSession';
import { nodeChatFiles } from '../../../src/host/chat/chatFiles';
import type { StreamEvent } from '../../../src/host/chat/chatTypes';
import { HistoryStore } from '../../../src/host/chat/historyStore';
import type { HostToWebview, Transcript } from '../../../src/shared/protocol';

const quiet = { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function transcript(id: string, updatedAt: number, extra: Partial<Transcript> = {}): Transcript {
  return { id, title: `Chat ${id}`, createdAt: 0, updatedAt, messages: [{ id: `${id}-0`, role: 'user', content: `about ${id}`, status: 'done', createdAt: 0 }], ...extra };
}

describe('Fork, rename and pin (real files)', () => {
  let root: string;
  let store: HistoryStore;
  let posted: HostToWebview[];
  let release: (() => void) | undefined;
  let activeModel: string;

  const session = (capacity = 100): ChatSession => {
    store = new HistoryStore(nodeChatFiles(root), capacity);
    return new ChatSession({
      getClient: async () => ({
        // Echo, one chunk; with `hold`, waits for release() before ending.
        chat: (request) => (async function* (): AsyncGenerator<StreamEvent> {
          const last = request.messages[request.messages.length - 1].content;
          yield { type: 'text', text: `echo: ${typeof last === 'string' ? last : ''}` };
          if (typeof last === 'string' && last.includes('hold')) {
            await new Promise<void>((resolve) => (release = resolve));
          }
          yield { type: 'done', finishReason: 'stop' };
        })(),
        respond: () => { throw new Error('not used'); },
      }),
      getSettings: () => ({ model: activeModel, api: 'chat' }),
      settingsFor: (choice) => ({ model: choice.model, api: 'chat' }),
      store,
      post: (message) => posted.push(message),
      onStateReplaced: () => undefined,
      log: quiet,
      isStreamingRequiredError: () => false,
    });
  };
  const file = (id: string): string => path.join(root, `chat-${id}.json`);
  /**
   * Until the answer holds (the client got the request and waits for release()). One turn of the event loop
   * was not always enough: in a fresh-clone CI run, loaded, the send had not reached the client yet, release()
   * did nothing, and the answer never ended (the test timed out).
   */
  const untilHeld = async (): Promise<void> => {
    for (let turns = 0; release === undefined; turns++) {
      assert.ok(turns < 1_000, 'the answer never reached the client');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'organize-'));
    posted = [];
    release = undefined;
    activeModel = 'echo-1';
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('forks at a message into a new chat; the original file stays byte for byte as it was', async () => {
    const chat = session();
    await chat.send('first question');
    await chat.send('second question');
    const originalId = chat.chat.id;
    const bytes = fs.readFileSync(file(originalId));
    const stat = fs.statSync(file(originalId));
    const firstAnswer = chat.chat.messages[1];
    assert.equal(await chat.fork(firstAnswer.id), true);
    assert.notEqual(chat.chat.id, originalId);
    assert.deepEqual(chat.chat.messages.map((message) => message.content), ['first question', 'echo: first question']);
    assert.deepEqual(chat.chat.forkedFrom, { chatId: originalId, title: 'first question', messageId: firstAnswer.id });
    // The fork goes on by itself; the original never changes.
    await chat.send('a different second question');
    assert.deepEqual(fs.readFileSync(file(originalId)), bytes);
    assert.equal(fs.statSync(file(originalId)).mtimeMs, stat.mtimeMs);
    const reopened = new HistoryStore(nodeChatFiles(root));
    assert.equal(reopened.load(chat.chat.id)?.messages.length, 4);
    assert.equal(reopened.load(originalId)?.messages.length, 4);
    assert.equal(reopened.currentId(), chat.chat.id);
    assert.deepEqual(reopened.list().find((summary) => summary.id === chat.chat.id)?.forkedFrom?.title, 'first question');
  });

  it('a fork continues with the model its messages asked last, like a reopened chat', async () => {
    const chat = session();
    await chat.send('asked with echo-1');
    activeModel = 'other-1';
    chat.followActiveModel();
    await chat.send('asked with other-1');
    assert.equal(await chat.fork(chat.chat.messages[1].id), true);
    await chat.send('next in the fork');
    assert.equal(chat.chat.messages[2].model, 'echo-1');
  });

  it('refuses to fork while an answer streams, or at a message that is not in the chat', async () => {
    const chat = session();
    const answering = chat.send('hold on');
    await untilHeld();
    const id = chat.chat.id;
    assert.equal(await chat.fork(chat.chat.messages[0].id), false);
    assert.equal(chat.chat.id, id);
    release?.();
    await answering;
    assert.equal(await chat.fork('not-a-message'), false);
    assert.equal(chat.chat.id, id);
  });

  it('renames the open chat and another stored chat; the name survives new prompts and a reload', async () => {
    const chat = session();
    await store.save(transcript('other', 5));
    await chat.send('hello');
    assert.equal(await chat.rename(chat.chat.id, 'My chat'), true);
    await chat.send('more');
    assert.equal(chat.chat.title, 'My chat');
    assert.equal(await chat.rename('other', 'Other name'), true);
    assert.equal(await chat.rename('missing', 'x'), false);
    assert.equal(await chat.rename('../escape', 'x'), false);
    const reopened = new HistoryStore(nodeChatFiles(root));
    assert.equal(reopened.load(chat.chat.id)?.title, 'My chat');
    assert.equal(reopened.load('other')?.title, 'Other name');
    assert.equal(reopened.load('other')?.updatedAt, 5, 'renaming another chat does not make it recent');
    assert.ok(posted.some((message) => message.type === 'history' && message.history.some((summary) => summary.title === 'Other name')));
  });

  it('writes a rename made while an answer streams whole (not only to the journal)', async () => {
    const chat = session();
    const answering = chat.send('hold it');
    await untilHeld();
    assert.equal(await chat.rename(chat.chat.id, 'Named mid-answer'), true);
    assert.equal(JSON.parse(fs.readFileSync(file(chat.chat.id), 'utf8')).title, 'Named mid-answer');
    release?.();
    await answering;
    assert.equal(new HistoryStore(nodeChatFiles(root)).load(chat.chat.id)?.title, 'Named mid-answer');
  });

  it('never evicts a pinned chat, and refuses to pin more than capacity - 1', async () => {
    const chat = session(3);
    await store.save(transcript('oldest', 1));
    await store.save(transcript('older', 2));
    assert.equal(await chat.setPinned('oldest', true), undefined);
    // Two more chats: without the pin, "oldest" would go first.
    await store.save(transcript('newer', 3));
    await store.save(transcript('newest', 4));
    assert.deepEqual(store.list().map((summary) => summary.id).sort(), ['newest', 'newer', 'oldest'].sort());
    assert.equal(await chat.setPinned('newer', true), undefined);
    assert.deepEqual(await chat.setPinned('newest', true), { reason: 'tooMany', limit: 2, capacity: 3 });
    assert.equal(store.load('newest')?.pinned, undefined);
    // With the two pinned, a new chat drops the unpinned one only.
    await store.save(transcript('latest', 5));
    assert.deepEqual(store.list().map((summary) => summary.id).sort(), ['latest', 'newer', 'oldest']);
    assert.equal(await chat.setPinned('oldest', false), undefined);
    await store.save(transcript('after', 6));
    assert.deepEqual(store.list().map((summary) => summary.id).sort(), ['after', 'latest', 'newer']);
    assert.deepEqual(await chat.setPinned('missing', true), { reason: 'notStored' });
  });

  it('keeps every pinned chat even when more are pinned on disk than the cap (another version, a hand edit)', async () => {
    session(2);
    await store.save(transcript('p1', 1, { pinned: true }));
    await store.save(transcript('p2', 2, { pinned: true }));
    await store.save(transcript('p3', 3, { pinned: true }));
    await store.save(transcript('plain', 4));
    assert.deepEqual(store.list().map((summary) => summary.id).sort(), ['p1', 'p2', 'p3', 'plain']);
  });
});
