// The context window from the chat session to the reference server and back, over real loopback
// HTTP: the window read from /models, the oldest turns left out (with the marker kept in the saved
// chat), a context-length 400 recovered by dropping earlier messages, and a new chat from a summary.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isStreamingRequiredError, ModelAccessClient } from '../../../src/api';
import { nodeChatFiles } from '../../../src/host/chat/chatFiles';
import { ChatSession } from '../../../src/host/chat/chatSession';
import type { ChatSettings } from '../../../src/host/chat/chatTypes';
import { HistoryStore } from '../../../src/host/chat/historyStore';
import { transcriptToMarkdown } from '../../../src/host/chat/markdownExport';
import { windowLookup } from '../../../src/host/contextWindow/windowLookup';
import type { HostToWebview } from '../../../src/shared/protocol';
import { startReferenceServer, type ReferenceServer } from '../../../server';

/** `count` four-letter words: one token each for the reference server, 1.25 for the client's estimate. */
const words = (count: number, word = 'word'): string => Array.from({ length: count }, () => word).join(' ');

describe('context window × chat session × reference server', () => {
  let server: ReferenceServer;
  let root: string;
  before(async () => {
    server = await startReferenceServer();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'context-window-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => server.reset());

  interface Harness { session: ChatSession; posted: HostToWebview[]; store: () => HistoryStore; logged: string[] }
  async function harness(model: string, extra: Partial<ChatSettings> = {}): Promise<Harness> {
    const client = new ModelAccessClient({ baseUrl: server.baseUrl, apiKey: 'demo-key', retry: { maxRetries: 0 } });
    const listed = (await client.listModels()).map((entry) => ({ id: entry.id, raw: entry.raw }));
    const lookup = windowLookup({ cachedFor: () => listed, list: () => Promise.resolve(listed) }, () => 'Default', () => ({}), () => {});
    const folder = fs.mkdtempSync(path.join(root, 'chats-'));
    const posted: HostToWebview[] = [];
    const logged: string[] = [];
    const settings: ChatSettings = { model, api: 'chat', ...extra };
    const session = new ChatSession({
      getClient: () => Promise.resolve(client),
      getSettings: () => settings,
      store: new HistoryStore(nodeChatFiles(folder)),
      post: (message) => posted.push(message),
      onStateReplaced: () => {},
      log: { trace: () => {}, debug: () => {}, info: (line) => logged.push(line), warn: () => {}, error: () => {} },
      isStreamingRequiredError,
      contextWindow: (id, profile) => lookup.lookup(id, profile),
    });
    return { session, posted, logged, store: () => new HistoryStore(nodeChatFiles(folder)) };
  }
  const modelCalls = (): { roles: string[] | null; status: number | null }[] =>
    server.requests().filter((record) => record.path === '/v1/chat/completions');

  it('small-context-1 (400 tokens, listed as max_context_length): the oldest turn is left out, never a 400; the marker is saved with the answer', async () => {
    const { session, store } = await harness('small-context-1');
    for (const word of ['aaaa', 'bbbb', 'cccc']) {
      await session.send(words(50, word));
    }
    const messages = session.chat.messages;
    assert.deepEqual(messages.map((message) => message.status), ['done', 'done', 'done', 'done', 'done', 'done']);
    assert.equal(messages[3].contextCut, undefined);
    assert.deepEqual(messages[5].contextCut, { omitted: 2, resumeAt: messages[2].id });
    assert.deepEqual(modelCalls().map((call) => call.roles), [['user'], ['user', 'assistant', 'user'], ['user', 'assistant', 'user']]);
    assert.ok(modelCalls().every((call) => call.status === 200));
    // What the reference server billed for the last request: the two newest messages only.
    assert.equal(messages[5].usage?.inputTokens, 150);
    const reloaded = store().load(session.chat.id);
    assert.deepEqual(reloaded?.messages[5].contextCut, { omitted: 2, resumeAt: messages[2].id });
    const markdown = await transcriptToMarkdown(reloaded!);
    assert.match(markdown, /## Assistant \(small-context-1\)\n\n_\[2 earlier messages are not sent with this request: left out to fit the context window\.\]_\n\ncccc/);
    assert.equal(markdown.split('earlier messages are not sent').length, 2, 'only the answer whose request left them out says so');
    const reading = session.contextReading();
    assert.deepEqual([reading.limitTokens, reading.limitSource, reading.reportedTokens, reading.omitted], [400, 'server', 200, 2]);
  });

  it('hidden-context-1 (a window the record does not show): 400 context_length_exceeded with both actions; Drop earlier messages and retry succeeds', async () => {
    const { session } = await harness('hidden-context-1');
    await session.send(words(150, 'aaaa'));
    await session.send(words(150, 'bbbb'));
    const failed = session.chat.messages[3];
    assert.equal(failed.status, 'error');
    assert.equal(failed.error?.status, 400);
    assert.equal(failed.error?.code, 'context_length_exceeded');
    assert.deepEqual(failed.error?.actions, ['dropEarlierAndRetry', 'newChatWithSummary']);
    assert.equal(session.contextReading().limitTokens, undefined, 'unknown until the error teaches it');

    await session.dropEarlierAndRetry();
    const messages = session.chat.messages;
    assert.equal(messages.length, 4);
    assert.equal(messages[3].status, 'done', messages[3].error?.message);
    assert.deepEqual(messages[3].contextCut, { omitted: 2, resumeAt: messages[2].id });
    assert.deepEqual(modelCalls().map((call) => [call.status, call.roles]), [[200, ['user']], [400, ['user', 'assistant', 'user']], [200, ['user']]]);
    const reading = session.contextReading();
    assert.deepEqual([reading.limitTokens, reading.limitSource], [400, 'error']);
  });

  it('New chat with a summary: the model writes it in a request of its own, the user sees it, and only a confirmed summary starts the new chat', async () => {
    const { session, posted, store, logged } = await harness('hidden-context-1');
    await session.send(words(150, 'aaaa'));
    await session.send(words(150, 'bbbb'));
    const oldChat = session.chat.id;
    assert.equal(session.chat.messages[3].error?.code, 'context_length_exceeded');

    await session.summarize();
    const proposals = posted.filter((message) => message.type === 'summaryProposal');
    assert.deepEqual(proposals.map((message) => message.type === 'summaryProposal' && message.state), ['writing', 'ready']);
    const ready = proposals[1];
    assert.ok(ready.type === 'summaryProposal');
    // The echo model repeats the summary request: the instruction and the part of the chat that fit.
    assert.match(ready.text, /^Summarize the conversation below/);
    assert.match(ready.text, /User: bbbb/);
    assert.doesNotMatch(ready.text, /aaaa/, 'the oldest turn was left out of the summary request to fit');
    assert.equal(session.chat.id, oldChat, 'nothing changes before the user confirms');
    assert.equal(session.summaryProposal?.state, 'ready');

    const edited = `${ready.text}\n(checked by the user)`;
    await session.startFromSummary(edited);
    assert.notEqual(session.chat.id, oldChat);
    assert.equal(session.chat.summary, edited.trim());
    assert.equal(session.summaryProposal, undefined);
    assert.ok(posted.some((message) => message.type === 'summaryProposal' && message.state === 'closed'));
    assert.equal(store().load(session.chat.id)?.summary, edited.trim(), 'a chat started from a summary is saved at once');
    assert.match(await transcriptToMarkdown(session.chat), /> \*\*Started from a summary of an earlier chat:\*\*\n>\n> Summarize the conversation below/);

    // The failed chat, reopened: Drop earlier messages and retry learns nothing more from the same error.
    const summaryChat = session.chat.id;
    await session.openChat(oldChat);
    await session.dropEarlierAndRetry();
    const retried = session.chat.messages;
    assert.equal(retried[3].status, 'done', retried[3].error?.message);
    assert.deepEqual(retried[3].contextCut, { omitted: 2, resumeAt: retried[2].id });
    assert.match(logged.at(-2) ?? '', /left out to fit the context window \(budget 300 tokens/, 'the budget is what the one error taught (400 - 100), not smaller');
    await session.openChat(summaryChat);

    await session.send('What next?');
    assert.equal(session.chat.messages[1].status, 'done', session.chat.messages[1].error?.message);
    assert.deepEqual(modelCalls().at(-1)?.roles, ['system', 'user']);
  });

  it('Cancel while the summary is written stops its request and closes the proposal', async () => {
    const { session, posted } = await harness('slow-1', { maxOutputTokens: 5 });
    await session.send('hello');
    const writing = session.summarize();
    session.discardSummary();
    await writing;
    assert.deepEqual(posted.filter((message) => message.type === 'summaryProposal').map((message) => message.type === 'summaryProposal' && message.state), ['writing', 'closed']);
    assert.equal(session.summaryProposal, undefined);
  });
});
