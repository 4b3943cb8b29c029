// The Chat view provider with the real VS Code API (editors, file system, URIs), driven through a
// stand-in webview that records what the host posts and delivers what the page would send.
// (The real page in the real workbench is covered by the UI end-to-end tests.)
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isStreamingRequiredError, ModelAccessClient } from '../../src/api';
import { ChatSession } from '../../src/host/chat/chatSession';
import { nodeChatFiles } from '../../src/host/chat/chatFiles';
import type { ChatSettings } from '../../src/host/chat/chatTypes';
import { ChatViewProvider } from '../../src/host/chat/chatViewProvider';
import { SearchIndex } from '../../src/host/search/searchIndex';
import { HistoryStore } from '../../src/host/chat/historyStore';
import { STATE_NEWEST_MESSAGES, type HostToWebview, type OlderMessagesMessage, type StateMessage, type Transcript, type TranscriptMessage } from '../../src/shared/protocol';
import { OLDER_PAGE_CHARS } from '../../src/host/chat/olderMessages';
import { waitFor } from './waitFor';
import { closeAllEditors } from './editors';
import { openUntitledWithText } from '../../src/host/util/untitledDocument';

class FakeWebview {
  options: vscode.WebviewOptions = {};
  html = '';
  readonly cspSource = 'https://webview.test';
  readonly posted: HostToWebview[] = [];
  private readonly listeners: ((message: unknown) => void)[] = [];

  readonly onDidReceiveMessage = (listener: (message: unknown) => void): vscode.Disposable => {
    this.listeners.push(listener);
    return new vscode.Disposable(() => this.listeners.splice(this.listeners.indexOf(listener), 1));
  };

  postMessage(message: HostToWebview): Thenable<boolean> {
    this.posted.push(message);
    return Promise.resolve(true);
  }

  asWebviewUri(uri: vscode.Uri): vscode.Uri {
    return uri.with({ scheme: 'https', authority: 'webview.test' });
  }

  /** What the page would send. */
  send(message: unknown): void {
    this.listeners.forEach((listener) => listener(message));
  }
}

class FakeView {
  readonly webview = new FakeWebview();
  readonly viewType = 'modelAccess.chat';
  visible = true;
  shown = 0;
  private readonly visibility = new vscode.EventEmitter<void>();
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidChangeVisibility = this.visibility.event;
  readonly onDidDispose = this.disposed.event;

  show(): void {
    this.shown++;
  }

  hide(): void {
    this.visible = false;
    this.visibility.fire();
  }
}

describe('chat view provider (in the real extension host)', function () {
  this.timeout(20_000);

  const extensionUri = vscode.Uri.file(path.join(os.tmpdir(), 'model-access-ext'));
  let settings: ChatSettings;
  let session: ChatSession;
  let provider: ChatViewProvider;
  let view: FakeView;
  let warnings: string[];
  let historyDir: string;

  beforeEach(() => {
    historyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-history-'));
    const baseUrl = process.env.MODEL_ACCESS_TEST_SERVER_URL;
    assert.ok(baseUrl, 'MODEL_ACCESS_TEST_SERVER_URL is not set: run this suite through npm run test:editor');
    settings = { model: 'echo-1', api: 'chat' };
    warnings = [];
    const log = { trace: () => {}, debug: () => {}, info: () => {}, warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) };
    const store = new HistoryStore(nodeChatFiles(historyDir));
    const index = new SearchIndex(store);
    session = new ChatSession({
      getClient: async () => new ModelAccessClient({ baseUrl, apiKey: 'demo-key' }),
      getSettings: () => settings,
      store,
      post: (message) => provider.post(message),
      onStateReplaced: () => void provider.replayState(),
      log,
      isStreamingRequiredError,
    });
    provider = new ChatViewProvider({
      extensionUri,
      session,
      configStatus: async () => ({ hasApiKey: true, hasBaseUrl: true, model: settings.model }),
      search: (query) => index.search(query),
      log,
    });
    view = new FakeView();
    provider.resolveWebviewView(view as unknown as vscode.WebviewView);
  });

  afterEach(async () => {
    // A test may end while an answer still streams or saves: let it stop and land before the folder goes.
    await provider.close();
    provider.dispose();
    await closeAllEditors();
    fs.rmSync(historyDir, { recursive: true, force: true });
  });

  const ready = async (): Promise<void> => {
    const before = view.webview.posted.filter((m) => m.type === 'state').length;
    view.webview.send({ type: 'ready' });
    await waitFor('the state replay', () => view.webview.posted.filter((m) => m.type === 'state').length > before);
  };

  it('locks the page down: scripts by nonce only, no command URIs, resources only from dist and media', () => {
    const options = view.webview.options;
    assert.equal(options.enableScripts, true);
    assert.equal(options.enableCommandUris, false);
    assert.deepEqual(options.localResourceRoots?.map((uri) => uri.path), [
      vscode.Uri.joinPath(extensionUri, 'dist').path,
      vscode.Uri.joinPath(extensionUri, 'media').path,
    ]);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(view.webview.html)?.[1];
    const nonce = /<script nonce="([^"]+)"/.exec(view.webview.html)?.[1];
    assert.ok(nonce);
    assert.equal(csp, `default-src 'none'; style-src https://webview.test; font-src https://webview.test; img-src https://webview.test data:; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'`);
    assert.ok(view.webview.html.includes('src="https://webview.test' + vscode.Uri.joinPath(extensionUri, 'dist', 'webview.js').path));
    // The root carries the webview's words in the display language (English here) as data.
    assert.ok(view.webview.html.includes('<div id="root" data-strings="'));
    assert.ok(view.webview.html.includes(`<html lang="${vscode.env.language}">`));

    const again = new FakeView();
    provider.resolveWebviewView(again as unknown as vscode.WebviewView);
    assert.notEqual(/<script nonce="([^"]+)"/.exec(again.webview.html)?.[1], nonce, 'a fresh nonce per render');
  });

  it('posts nothing before ready, then the full state on every ready', async () => {
    await provider.refreshConfig();
    assert.equal(view.webview.posted.length, 0);
    await ready();
    const state = view.webview.posted[0];
    assert.ok(state.type === 'state');
    assert.deepEqual(
      { busy: state.busy, model: state.model, hasApiKey: state.hasApiKey, hasBaseUrl: state.hasBaseUrl, messages: state.chat.messages.length },
      { busy: false, model: 'echo-1', hasApiKey: true, hasBaseUrl: true, messages: 0 },
    );
    view.webview.send({ type: 'send', text: 'Hello view' });
    await waitFor('the answer', () => session.chat.messages[1]?.status === 'done');
    // A reload of the page: it says ready again and gets the conversation back.
    await ready();
    const replay = view.webview.posted.filter((m) => m.type === 'state').pop();
    assert.ok(replay?.type === 'state');
    assert.deepEqual(replay.chat.messages.map((m) => m.content), ['Hello view', 'Hello view']);
  });

  it('sends a long chat the page does not show in parts: the newest messages in its state, the older ones a page per request; the chat it shows, whole', async () => {
    const now = Date.now();
    const messages = Array.from({ length: 200 }, (_, i) => ({
      id: `m${i}`, role: i % 2 === 0 ? 'user' : 'assistant', status: 'done', createdAt: now - 200 + i,
      content: i % 2 === 0 ? `Question ${i}` : `Answer ${i}\n\n${'word '.repeat(400)}`,
    })) as TranscriptMessage[];
    const chat: Transcript = { id: 'long', title: 'A long chat', createdAt: now - 300, updatedAt: now, messages };
    fs.writeFileSync(path.join(historyDir, 'chat-long.json'), JSON.stringify(chat));
    await ready();
    const states = (): StateMessage[] => view.webview.posted.filter((m): m is StateMessage => m.type === 'state');
    const opened = states().length;
    view.webview.send({ type: 'openChat', chatId: 'long' });
    await waitFor('the long chat\'s state', () => states().length > opened);
    const state = states().at(-1)!;
    assert.equal(state.chat.id, 'long');
    assert.equal(state.olderMessages, 200 - STATE_NEWEST_MESSAGES);
    assert.deepEqual(state.chat.messages.map((m) => m.id), messages.slice(-STATE_NEWEST_MESSAGES).map((m) => m.id));
    // The page asks for the messages before the oldest it has, until there are none.
    const pages: OlderMessagesMessage[] = [];
    for (let before = state.chat.messages[0].id; ;) {
      const from = view.webview.posted.length;
      view.webview.send({ type: 'loadOlder', chatId: 'long', beforeId: before });
      const page = view.webview.posted.slice(from).find((m): m is OlderMessagesMessage => m.type === 'olderMessages');
      assert.ok(page, `a reply to the request for the messages before ${before}`);
      assert.equal(page.beforeId, before);
      pages.unshift(page);
      if (page.more === 0) break;
      before = page.messages[0].id;
    }
    assert.deepEqual([...pages.flatMap((page) => page.messages), ...state.chat.messages].map((m) => m.id), messages.map((m) => m.id));
    assert.ok(pages.length > 2 && pages.every((page) => page.messages.reduce((sum, m) => sum + m.content.length, 0) <= OLDER_PAGE_CHARS), `${pages.length} pages`);
    // Requests the host does not answer: another chat's, a message this chat does not have, a malformed one.
    const before = view.webview.posted.length;
    view.webview.send({ type: 'loadOlder', chatId: 'another', beforeId: 'm100' });
    view.webview.send({ type: 'loadOlder', chatId: 'long', beforeId: 'm999' });
    view.webview.send({ type: 'loadOlder', chatId: 'long', beforeId: 42 });
    assert.deepEqual(view.webview.posted.slice(before), []);
    assert.ok(warnings.some((warning) => /malformed message from the view \(type loadOlder\)/.test(warning)), warnings.join('\n'));
    // Replayed while the page shows it (another window saved it, Regenerate): whole, the page keeps its views.
    view.webview.send({ type: 'openChat', chatId: 'long' });
    await waitFor('the replay', () => states().length > opened + 1);
    assert.equal(states().at(-1)!.chat.messages.length, 200);
    assert.equal(states().at(-1)!.olderMessages, undefined);
    // A page that reloaded shows nothing yet: in parts again.
    await ready();
    assert.equal(states().at(-1)!.olderMessages, 200 - STATE_NEWEST_MESSAGES);
  });

  it('on Regenerate, the page gets the shortened conversation before the new answer', async () => {
    await ready();
    view.webview.send({ type: 'send', text: 'Answer me twice' });
    await waitFor('the first answer', () => session.chat.messages[1]?.status === 'done' && !session.busy);
    const oldAnswer = session.chat.messages[1].id;
    const from = view.webview.posted.length;
    view.webview.send({ type: 'regenerate' });
    await waitFor('the new answer', () => session.chat.messages[1]?.id !== oldAnswer && session.chat.messages[1]?.status === 'done')
      .catch((error: Error) => assert.fail(`${error.message}: ${JSON.stringify(session.chat.messages.map((m) => [m.id === oldAnswer, m.role, m.status, m.error?.message]))} posted: ${view.webview.posted.slice(from).map((m) => m.type).join(',')}`));
    const after = view.webview.posted.slice(from);
    const stateAt = after.findIndex((m) => m.type === 'state' && !m.chat.messages.some((message) => message.id === oldAnswer));
    const addedAt = after.findIndex((m) => m.type === 'messageAdded' && m.message.role === 'assistant');
    assert.ok(stateAt >= 0, 'a state without the old answer was posted');
    assert.ok(addedAt >= 0, 'the new answer was announced');
    assert.ok(stateAt < addedAt, `the state (#${stateAt}) comes before the new answer (#${addedAt}): ${after.map((m) => m.type).join(', ')}`);
  });

  it('streams a prompt sent by the page as batched deltas', async () => {
    await ready();
    view.webview.send({ type: 'send', text: 'Streamed through the view' });
    await waitFor('the answer', () => view.webview.posted.some((m) => m.type === 'messageUpdated' && m.message.status === 'done'));
    const text = view.webview.posted.map((m) => (m.type === 'delta' ? m.content ?? '' : '')).join('');
    assert.equal(text, 'Streamed through the view');
    assert.deepEqual(view.webview.posted.filter((m) => m.type === 'busy').map((m) => m.type === 'busy' && m.busy), [true, false]);
  });

  it('stops posting while hidden and replays when shown again', async () => {
    await ready();
    view.hide();
    const count = view.webview.posted.length;
    await provider.refreshConfig();
    assert.equal(view.webview.posted.length, count, 'nothing goes to a hidden (destroyed) page');
    view.visible = true;
    await ready();
  });

  it('ignores malformed messages and logs them', async () => {
    await ready();
    const count = view.webview.posted.length;
    view.webview.send({ type: 'send' });
    view.webview.send({ type: 'runAction', action: 'formatDisk' });
    view.webview.send('ready');
    view.webview.send(null);
    await waitFor('the four refusals', () => warnings.filter((w) => w.includes('malformed')).length === 4);
    assert.equal(view.webview.posted.length, count);
    assert.equal(session.chat.messages.length, 0);
    assert.equal(warnings.filter((w) => w.includes('malformed')).length, 4);
  });

  it('queues Send Selection text until the page is ready', async () => {
    await provider.insertIntoPrompt('```ts\nconst a = 1;\n```\n');
    assert.equal(view.shown, 1, 'the view is revealed');
    assert.equal(view.webview.posted.length, 0);
    await ready();
    const setInput = view.webview.posted.find((m) => m.type === 'setInput');
    assert.deepEqual(setInput, { type: 'setInput', text: '```ts\nconst a = 1;\n```\n', mode: 'append' });
    assert.ok(view.webview.posted.findIndex((m) => m.type === 'state') < view.webview.posted.indexOf(setInput!), 'after the state');
  });

  it('Ask About Selection while an answer streams puts the question into the prompt instead of dropping it', async () => {
    settings = { model: 'slow-1', api: 'chat' };
    await ready();
    const first = provider.ask('Tell me a long story');
    await waitFor('the slow answer to stream', () => session.busy && (session.chat.messages[1]?.content.length ?? 0) > 0);
    const sent = await provider.ask('What does this do?\n\n```ts\nrun();\n```\n');
    assert.equal(sent, false, 'not sent while the other answer streams');
    assert.deepEqual(view.webview.posted.find((m) => m.type === 'setInput'), { type: 'setInput', text: 'What does this do?\n\n```ts\nrun();\n```\n', mode: 'append' });
    assert.equal(session.chat.messages.length, 2);
    session.stop();
    assert.equal(await first, true);
  });

  it('a page reloaded during a 429 back-off gets the countdown back after the state', async () => {
    const baseUrl = process.env.MODEL_ACCESS_TEST_SERVER_URL!;
    // limited-key allows one request in flight: hold one open so the view's request gets 429s.
    const blocker = new AbortController();
    const holder = new ModelAccessClient({ baseUrl, apiKey: 'limited-key', retry: { maxRetries: 5, initialDelayMs: 100 } });
    const held = (async () => {
      for await (const _event of holder.chat({ model: 'slow-1', messages: [{ role: 'user', content: 'hold' }] }, { signal: blocker.signal })) {
        // Drain until aborted.
      }
    })().catch(() => undefined);
    const limited = new ChatSession({
      getClient: async () => new ModelAccessClient({ baseUrl, apiKey: 'limited-key', retry: { maxRetries: 5, initialDelayMs: 1500 } }),
      getSettings: () => settings,
      store: new HistoryStore(nodeChatFiles(historyDir)),
      post: (message) => provider.post(message),
      onStateReplaced: () => void provider.replayState(),
      log: { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      isStreamingRequiredError,
    });
    provider.dispose();
    provider = new ChatViewProvider({ extensionUri, session: limited, search: () => ({ hits: [], total: 0, work: { chatsIndexed: 0, wordsCompared: 0, postingsVisited: 0, snippetsBuilt: 0 } }), configStatus: async () => ({ hasApiKey: true, hasBaseUrl: true, model: settings.model }), log: { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} } });
    view = new FakeView();
    provider.resolveWebviewView(view as unknown as vscode.WebviewView);
    try {
      await waitFor('the blocking request to be in flight', async () => {
        const reply = await fetch(new URL('/_admin/requests', baseUrl));
        const requests = (await reply.json()) as { model: string | null; outcome: string }[];
        return requests.some((r) => r.model === 'slow-1' && r.outcome === 'in-progress');
      });
      await ready();
      const answered = limited.send('Rate limited, then fine');
      await waitFor('a retrying notice', () => view.webview.posted.some((m) => m.type === 'retrying'));
      view.webview.posted.length = 0;
      await ready();
      const types = view.webview.posted.map((m) => m.type);
      assert.deepEqual(types.slice(0, 2), ['state', 'retrying'], `posted after the reload: ${types.join(', ')}`);
      blocker.abort();
      await answered;
      assert.equal(limited.chat.messages[1].status, 'done');
    } finally {
      blocker.abort();
      await held;
    }
  });

  it('Insert at Cursor puts code into the active editor', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'before\n\nafter\n' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    await ready();
    view.webview.send({ type: 'insertCode', code: 'inserted();' });
    await waitFor('the insertion', () => document.getText() === 'before\ninserted();\nafter\n');
  });

  it('refuses links that are not http, https or mailto', async () => {
    await ready();
    const terminals = vscode.window.terminals.length;
    view.webview.send({ type: 'openLink', href: 'command:workbench.action.terminal.new' });
    view.webview.send({ type: 'openLink', href: 'file:///etc/passwd' });
    await waitFor('both refusals', () => warnings.filter((w) => w.includes('refused to open a link')).length === 2);
    assert.ok(warnings.some((w) => w.includes('"command"')) && warnings.some((w) => w.includes('"file"')));
    // A refused link returns before anything could open or run it.
    assert.equal(vscode.window.terminals.length, terminals, 'no command ran');
  });

  it('Export Chat writes the conversation as Markdown', async () => {
    await session.send('Export me');
    const target = vscode.Uri.file(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-export-')), 'chat.md'));
    const written = await provider.exportChat(target);
    assert.equal(written?.fsPath, target.fsPath);
    const markdown = fs.readFileSync(target.fsPath, 'utf8');
    assert.ok(markdown.startsWith('# Export me\n'));
    assert.ok(markdown.includes('## Assistant (echo-1)\n\nExport me'));
    assert.ok(!markdown.includes('demo-key'), 'never the key');
    fs.rmSync(path.dirname(target.fsPath), { recursive: true, force: true });
  });

  it('Export of an empty chat writes nothing', async () => {
    assert.equal(await provider.exportChat(vscode.Uri.file(path.join(os.tmpdir(), 'never-written.md'))), undefined);
  });

  it('the Retry action resends the last prompt', async () => {
    settings = { model: 'fault-503', api: 'chat' };
    await ready();
    await session.send('Try again');
    assert.equal(session.chat.messages[1].status, 'error');
    assert.deepEqual(session.chat.messages[1].error?.actions, ['retry']);
    settings = { model: 'echo-1', api: 'chat' };
    view.webview.send({ type: 'runAction', action: 'retry' });
    await waitFor('the retried answer', () => session.chat.messages[1]?.status === 'done');
    assert.equal(session.chat.messages.length, 2);
    assert.equal(session.chat.messages[1].content, 'Try again');
  });

  it('Open Answer in Editor (from the page) opens that answer as plain Markdown in an untitled editor', async () => {
    await ready();
    await session.send('# Title\n\nSome **bold** text and `code`.');
    await session.send('A second answer');
    const [, first] = session.chat.messages;
    view.webview.send({ type: 'openAnswerInEditor', messageId: first.id });
    await waitFor('an editor with the answer', () => vscode.window.activeTextEditor?.document.getText() === first.content);
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.languageId, 'markdown');
    assert.equal(document?.isUntitled, true);
    assert.equal(document?.getText(), '# Title\n\nSome **bold** text and `code`.', 'the Markdown source, not rendered text');
  });

  it('Open Answer in Editor ignores ids that are not an answer of the open chat', async () => {
    await ready();
    await session.send('Only this');
    const [question] = session.chat.messages;
    const editors = (): number => vscode.workspace.textDocuments.filter((document) => document.isUntitled).length;
    const before = editors();
    for (const messageId of [question.id, 'no-such-message', '../../etc/passwd']) {
      view.webview.send({ type: 'openAnswerInEditor', messageId });
    }
    view.webview.send({ type: 'openAnswerInEditor', messageId: 42 });
    await waitFor('three refusals and one malformed message', () => warnings.filter((w) => w.includes('Open Answer in Editor')).length === 3 && warnings.some((w) => w.includes('malformed message from the view (type openAnswerInEditor)')));
    assert.equal(editors(), before, 'nothing was opened');
  });

  it('the command opens the newest answer', async () => {
    await ready();
    await session.send('Older');
    await session.send('Newest answer');
    assert.ok(await provider.openAnswerInEditor());
    await waitFor('an editor with the newest answer', () => vscode.window.activeTextEditor?.document.getText() === 'Newest answer');
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'markdown');
    assert.match(vscode.window.activeTextEditor?.document.uri.path ?? '', /^Answer \d+\.md$/);
  });

  it('Open Answer in Editor skips a name still open (after a reload the extension host counts from 1 again)', async () => {
    await ready();
    await session.send('First');
    const first = await provider.openAnswerInEditor();
    const shown = /^Answer (\d+)\.md$/.exec(first?.document.uri.path ?? '');
    assert.ok(shown, `named ${first?.document.uri.path}`);
    // The next two names already open, as a reload restores them, with other text in them.
    const next = Number(shown[1]) + 1;
    for (const n of [next, next + 1]) await openUntitledWithText(vscode.Uri.from({ scheme: 'untitled', path: `Answer ${n}.md` }), 'restored', 'markdown');
    await session.send('Second');
    const second = await provider.openAnswerInEditor();
    assert.equal(second?.document.uri.path, `Answer ${next + 2}.md`);
    assert.equal(second?.document.getText(), 'Second');
  });

  it('an answer opened right after another was closed shows its own text, never the one closed', async () => {
    // Opened as Untitled-N, the second could come back as the closed Untitled-1 with the first one's text: this
    // suite's order made the test before fail so in both editors, and a loop of open, close, open did 3 times in 12.
    // A race: with Untitled-N this test passed in the one run that tried it; the name above is what rules it out.
    await ready();
    for (let round = 0; round < 6; round++) {
      await session.send(`Answer of round ${round}`);
      const editor = await provider.openAnswerInEditor();
      assert.equal(editor?.document.getText(), `Answer of round ${round}`);
      assert.equal(vscode.window.activeTextEditor?.document, editor?.document);
      await closeAllEditors();
    }
  });

  it('searches every chat from the page, opens a hit at its message, and checks chat and message ids from the page against the store', async () => {
    await ready();
    await session.send('Where did the walrus go?');
    const chatId = session.chat.id;
    const answerId = session.chat.messages[1].id;
    await session.newChat();
    view.webview.send({ type: 'searchChats', query: 'WALRUS', requestId: 7 });
    await waitFor('the search results', () => view.webview.posted.some((m) => m.type === 'searchResults' && m.requestId === 7));
    const results = view.webview.posted.find((m) => m.type === 'searchResults');
    assert.ok(results?.type === 'searchResults');
    assert.deepEqual(results.hits.map((hit) => [hit.chatId, hit.role]), [[chatId, 'user'], [chatId, 'assistant']]);
    view.webview.send({ type: 'openChat', chatId, messageId: answerId });
    await waitFor('the reveal of the hit', () => view.webview.posted.some((m) => m.type === 'revealMessage' && m.messageId === answerId));
    assert.equal(session.chat.id, chatId);
    // A message id that is not in the chat opens the chat but reveals nothing.
    await session.newChat();
    view.webview.send({ type: 'openChat', chatId, messageId: 'not-a-message' });
    await waitFor('the chat to open', () => session.chat.id === chatId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(view.webview.posted.filter((m) => m.type === 'revealMessage').length, 1);
    // Pin from the page: a stored chat is pinned; an id no chat has (or a path) changes nothing on disk.
    const filesBefore = fs.readdirSync(historyDir).sort();
    view.webview.send({ type: 'pinChat', chatId: '../escape', pinned: true });
    view.webview.send({ type: 'pinChat', chatId: 'no-such-chat', pinned: true });
    view.webview.send({ type: 'pinChat', chatId, pinned: true });
    await waitFor('the pin', () => view.webview.posted.some((m) => m.type === 'history' && m.history.some((chat) => chat.id === chatId && chat.pinned)));
    assert.deepEqual(fs.readdirSync(historyDir).sort(), filesBefore);
    assert.equal(JSON.parse(fs.readFileSync(path.join(historyDir, `chat-${chatId}.json`), 'utf8')).pinned, true);
  });

  it('New Chat and a hit opened by Search Chats show the conversation in place of the history list; opening a chat from the page leaves that to the page', async () => {
    await ready();
    await session.send('Where is the narwhal?');
    const chatId = session.chat.id;
    const shown = (): number => view.webview.posted.filter((m) => m.type === 'showConversation').length;
    const before = shown();
    await provider.newChat();
    assert.equal(shown(), before + 1);
    // A hit on a chat's title has no message to reveal: the chat must still replace the list.
    await provider.openSearchHit({ chatId });
    await waitFor('the conversation shown', () => shown() === before + 2);
    assert.equal(session.chat.id, chatId);
    await session.newChat();
    view.webview.send({ type: 'openChat', chatId });
    await waitFor('the chat to open', () => session.chat.id === chatId);
    assert.equal(shown(), before + 2, 'the page closes its own list when it opens a chat');
  });
});
