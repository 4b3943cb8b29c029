// The chat session streaming through the real API client against the reference server, inside the
// real extension host (it also runs in plain Node: it needs only MODEL_ACCESS_TEST_SERVER_URL).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isStreamingRequiredError, ModelAccessClient } from '../../src/api';
import { ChatSession } from '../../src/host/chat/chatSession';
import { nodeChatFiles } from '../../src/host/chat/chatFiles';
import type { ChatSettings } from '../../src/host/chat/chatTypes';
import { HistoryStore } from '../../src/host/chat/historyStore';
import type { HostToWebview } from '../../src/shared/protocol';
import { waitFor } from './waitFor';

function testServerUrl(): string {
  const url = process.env.MODEL_ACCESS_TEST_SERVER_URL;
  assert.ok(url, 'MODEL_ACCESS_TEST_SERVER_URL is not set: run this suite through npm run test:editor');
  return url;
}

interface AdminRequest {
  path: string;
  model: string | null;
  status: number | null;
  outcome: string;
  startedAt: number | string;
}

async function adminRequests(): Promise<AdminRequest[]> {
  const reply = await fetch(new URL('/_admin/requests', testServerUrl()));
  assert.equal(reply.status, 200);
  return (await reply.json()) as AdminRequest[];
}

describe('chat session against the reference server (real client)', function () {
  this.timeout(20_000);

  let settings: ChatSettings;
  let apiKey: string;
  let posted: HostToWebview[];
  let historyRoot: string;

  before(() => {
    historyRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-history-'));
  });

  after(() => {
    fs.rmSync(historyRoot, { recursive: true, force: true });
  });

  /** An empty history on disk, as the extension keeps it. */
  const freshStore = (): HistoryStore => new HistoryStore(nodeChatFiles(fs.mkdtempSync(path.join(historyRoot, 'chats-'))));

  function makeSession(): ChatSession {
    return new ChatSession({
      getClient: async () => new ModelAccessClient({ baseUrl: testServerUrl(), apiKey, retry: { maxRetries: 1, initialDelayMs: 50 } }),
      getSettings: () => settings,
      store: freshStore(),
      post: (message) => posted.push(message),
      onStateReplaced: () => {},
      log: { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      isStreamingRequiredError,
    });
  }

  const deltaText = (): string => posted.map((m) => (m.type === 'delta' ? m.content ?? '' : '')).join('');

  beforeEach(() => {
    settings = { model: 'echo-1', api: 'chat' };
    apiKey = 'demo-key';
    posted = [];
  });

  it('streams echo-1 through /chat/completions: the deltas add up to exactly the reply', async () => {
    const session = makeSession();
    const prompt = 'Hello from the extension host — with ünïcode and a longer sentence to stream in chunks.';
    await session.send(prompt);
    const answer = session.chat.messages[1];
    assert.equal(answer.status, 'done', answer.error?.message);
    assert.equal(answer.content, prompt);
    assert.equal(deltaText(), prompt);
    assert.ok(posted.filter((m) => m.type === 'delta').length < 10, 'deltas are batched, not one per chunk');
    const last = posted.filter((m) => m.type === 'messageUpdated').pop();
    assert.ok(last?.type === 'messageUpdated' && last.message.status === 'done');
  });

  it('streams echo-1 through /responses with the conversation as input', async () => {
    settings = { model: 'echo-1', api: 'responses', systemPrompt: 'You are a test.' };
    const session = makeSession();
    await session.send('First turn');
    await session.send('Second turn');
    assert.deepEqual(session.chat.messages.map((m) => [m.role, m.status, m.content]), [
      ['user', 'done', 'First turn'],
      ['assistant', 'done', 'First turn'],
      ['user', 'done', 'Second turn'],
      ['assistant', 'done', 'Second turn'],
    ]);
  });

  for (const api of ['chat', 'responses'] as const) {
    it(`marks an answer cut off by the output limit (maxOutputTokens through /${api === 'chat' ? 'chat/completions' : 'responses'})`, async () => {
      settings = { model: 'echo-1', api, maxOutputTokens: 3 };
      const session = makeSession();
      const prompt = 'one two three four five six seven eight nine ten';
      await session.send(prompt);
      const answer = session.chat.messages[1];
      assert.equal(answer.status, 'done', answer.error?.message);
      assert.equal(answer.finishReason, 'length');
      assert.ok(answer.content.length > 0 && answer.content.length < prompt.length, `cut short: "${answer.content}"`);
    });
  }

  it('Stop on slow-1 keeps the partial answer and the server sees the connection close', async () => {
    settings = { model: 'slow-1', api: 'chat' };
    const session = makeSession();
    const startedAt = Date.now();
    const done = session.send('Take your time');
    await waitFor('the first tokens of slow-1', () => (session.chat.messages[1]?.content.length ?? 0) > 0);
    session.stop();
    await done;
    const answer = session.chat.messages[1];
    assert.equal(answer.status, 'stopped');
    assert.ok(answer.content.length > 0, 'the partial text stays');
    await waitFor('the server to record the closed connection', async () => (await adminRequests()).some(
      (r) => r.model === 'slow-1' && r.outcome === 'client-closed' && new Date(r.startedAt).getTime() >= startedAt - 1000,
    ));
  });

  it('a model that answers only when streaming works even when the session asks without streaming', async () => {
    settings = { model: 'stream-only-1', api: 'chat', stream: false };
    const session = makeSession();
    const startedAt = Date.now() - 1000;
    const since = async (): Promise<AdminRequest[]> =>
      (await adminRequests()).filter((r) => r.model === 'stream-only-1' && new Date(r.startedAt).getTime() >= startedAt);
    const before = (await since()).length;
    await session.send('Only streams');
    assert.equal(session.chat.messages[1].status, 'done', session.chat.messages[1].error?.message);
    assert.equal(session.chat.messages[1].content, 'Only streams');
    assert.deepEqual((await since()).slice(before).map((r) => r.status), [400, 200], 'refused without streaming, then streamed');
    await session.send('Second');
    assert.deepEqual((await since()).slice(before).map((r) => r.status), [400, 200, 200], 'remembered: the next request streams at once');
  });

  it('a 429 posts a retrying notice for the countdown, then the answer arrives', async () => {
    apiKey = 'limited-key';
    const startedAt = Date.now() - 1000;
    // limited-key allows one request in flight: hold one open so the session's request gets 429.
    const blocker = new AbortController();
    const other = new ModelAccessClient({ baseUrl: testServerUrl(), apiKey, retry: { maxRetries: 5, initialDelayMs: 100 } });
    const held = (async () => {
      for await (const _event of other.chat({ model: 'slow-1', messages: [{ role: 'user', content: 'hold' }] }, { signal: blocker.signal })) {
        // Drain until aborted.
      }
    })().catch(() => undefined);
    const session = new ChatSession({
      getClient: async () => new ModelAccessClient({ baseUrl: testServerUrl(), apiKey, retry: { maxRetries: 5, initialDelayMs: 200 } }),
      getSettings: () => settings,
      store: freshStore(),
      post: (message) => {
        posted.push(message);
        if (message.type === 'retrying') {
          blocker.abort();
        }
      },
      onStateReplaced: () => {},
      log: { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      isStreamingRequiredError,
    });
    await waitFor('the blocking request to be in flight', async () => (await adminRequests()).some(
      (r) => r.model === 'slow-1' && r.outcome === 'in-progress' && new Date(r.startedAt).getTime() >= startedAt,
    ));
    await session.send('Rate limited, then fine');
    await held;
    const notice = posted.find((m) => m.type === 'retrying');
    assert.ok(notice?.type === 'retrying', 'a retrying notice was posted');
    assert.equal(notice.notice.messageId, session.chat.messages[1].id);
    assert.equal(notice.notice.attempt, 1);
    assert.ok(notice.notice.retryAt >= Date.now() - 10_000 && notice.notice.delayMs >= 0);
    assert.equal(session.chat.messages[1].status, 'done', session.chat.messages[1].error?.message);
    assert.equal(session.chat.messages[1].content, 'Rate limited, then fine');
  });

  it('a wrong key ends in a 401 error with the Set API Key action', async () => {
    apiKey = 'wrong-key';
    const session = makeSession();
    await session.send('Hi');
    const answer = session.chat.messages[1];
    assert.equal(answer.status, 'error');
    assert.equal(answer.error?.status, 401);
    assert.deepEqual(answer.error?.actions, ['setApiKey']);
    assert.ok(answer.error?.message && !answer.error.message.includes('wrong-key'), 'the key is not in the message');
  });

  it('an error in the middle of a stream keeps the text that arrived', async () => {
    settings = { model: 'fault-midstream-error', api: 'chat' };
    const session = makeSession();
    await session.send('Hi');
    const answer = session.chat.messages[1];
    assert.equal(answer.status, 'error');
    assert.ok(answer.content.length > 0, 'the streamed text stays');
    assert.ok(answer.error?.actions.includes('retry'));
  });
});
