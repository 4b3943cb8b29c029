// The chat session with the real API client and the real files, against the reference server over
// loopback: a runaway answer is cut at the size limit and saved, a keep-alive-only server times out,
// and a history folder that cannot be written is reported in the chat.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isStreamingRequiredError, ModelAccessClient, type StreamLimits } from '../../../src/api';
import { nodeChatFiles } from '../../../src/host/chat/chatFiles';
import { ChatSession } from '../../../src/host/chat/chatSession';
import type { ChatSettings } from '../../../src/host/chat/chatTypes';
import { HistoryStore } from '../../../src/host/chat/historyStore';
import { ANSWER_SIZE_LIMIT } from '../../../src/shared/finishReason';
import type { HostToWebview } from '../../../src/shared/protocol';
import { startReferenceServer, type ReferenceServer } from '../../../server';
import { waitFor } from '../api/helpers';

const quiet = { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('chat session × reference server: runaway answers, silent servers, failed saves', () => {
  let server: ReferenceServer;
  let folder: string;
  before(async () => { server = await startReferenceServer(); });
  after(() => server.close());
  beforeEach(() => {
    server.reset();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-chat-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  function session(settings: ChatSettings, limits: StreamLimits, chats = path.join(folder, 'chats')): { session: ChatSession; posted: HostToWebview[] } {
    const posted: HostToWebview[] = [];
    const client = new ModelAccessClient({ baseUrl: server.baseUrl, apiKey: 'demo-key' });
    return {
      posted,
      session: new ChatSession({
        getClient: async () => client,
        getSettings: () => settings,
        getLimits: () => limits,
        store: new HistoryStore(nodeChatFiles(chats)),
        post: (message) => posted.push(message),
        onStateReplaced: () => undefined,
        log: quiet,
        isStreamingRequiredError,
      }),
    };
  }

  for (const api of ['chat', 'responses'] as const) {
    it(`${api}: firehose-1 asked for a million tokens is cut at maxAnswerChars, kept, marked, saved; the server sees the client close; a normal chat follows at once`, async () => {
      const { session: chat } = session({ model: 'firehose-1', api, maxOutputTokens: 1_000_000 }, { maxAnswerChars: 50_000 });
      await chat.send('go');
      const answer = chat.chat.messages[1];
      assert.equal(answer.content.length, 50_000);
      assert.equal(answer.status, 'done');
      assert.equal(answer.finishReason, ANSWER_SIZE_LIMIT);
      await waitFor(() => server.requests().find((r) => r.model === 'firehose-1')?.outcome === 'client-closed', 3000, 'client-closed');
      const onDisk = JSON.parse(fs.readFileSync(path.join(folder, 'chats', `chat-${chat.chat.id}.json`), 'utf8')) as { messages: { content: string; finishReason?: string }[] };
      assert.equal(onDisk.messages[1].content.length, 50_000);
      assert.equal(onDisk.messages[1].finishReason, ANSWER_SIZE_LIMIT);
      assert.ok(!fs.existsSync(path.join(folder, 'chats', `chat-${chat.chat.id}.journal`)), 'the journal was folded in');

      const { session: next } = session({ model: 'echo-1', api }, { maxAnswerChars: 50_000 });
      await next.send('still here');
      assert.equal(next.chat.messages.at(-1)?.content, 'still here');
      assert.equal(next.chat.messages.at(-1)?.status, 'done');
    });
  }

  it('a server that sends only keep-alive comments ends in a timeout error, and the server sees the client close', async () => {
    const { session: chat } = session({ model: 'fault-keepalive-only', api: 'chat' }, { firstTokenTimeoutMs: 300, idleTimeoutMs: 300 });
    await chat.send('anyone there?');
    const answer = chat.chat.messages[1];
    assert.equal(answer.status, 'error');
    assert.equal(answer.error?.code, 'timeout');
    assert.match(answer.error?.message ?? '', /no first token within 0\.3 s \(keep-alive comments do not count\)/);
    await waitFor(() => server.requests().find((r) => r.model === 'fault-keepalive-only')?.outcome === 'client-closed', 3000, 'client-closed');
  });

  it('a stream that goes quiet after some text keeps the text and ends in an idle-timeout error', async () => {
    const { session: chat } = session({ model: 'fault-stall', api: 'chat' }, { firstTokenTimeoutMs: 5000, idleTimeoutMs: 300 });
    await chat.send('then nothing');
    const answer = chat.chat.messages[1];
    assert.equal(answer.content, 'then nothing');
    assert.equal(answer.status, 'error');
    assert.match(answer.error?.message ?? '', /no more answer data within 0\.3 s/);
  });

  it('when the `chats` path is a file, the failed save is shown before the answer shows finished', async () => {
    const chats = path.join(folder, 'chats');
    fs.writeFileSync(chats, 'not a folder');
    const { session: chat, posted } = session({ model: 'echo-1', api: 'chat' }, {}, chats);
    await chat.send('hello');
    assert.equal(chat.chat.messages[1].content, 'hello');
    const failure = posted.findIndex((m) => m.type === 'saveStatus' && m.error !== undefined);
    const finished = posted.findIndex((m) => m.type === 'messageUpdated' && m.message.status === 'done');
    assert.ok(failure >= 0 && failure < finished, 'the failure comes first');
    const message = posted[failure];
    assert.ok(message.type === 'saveStatus');
    assert.match(message.error ?? '', /EEXIST|ENOTDIR/);
    assert.match(chat.captureState().saveError ?? '', /EEXIST|ENOTDIR/);
  });
});
