// The real browser bundle (src/webview/main.ts through esbuild), run in jsdom as the webview
// would run it: the handshake, the message guard, and nothing that a nonce-only CSP blocks.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { build } from 'esbuild';
import { JSDOM } from 'jsdom';

const repoRoot = path.resolve(__dirname, '../../../..');

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(repoRoot, 'src/webview/main.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

interface LoadedWebview {
  window: JSDOM['window'];
  posted: unknown[];
  states: unknown[];
}

function load(code: string, savedState?: unknown, globals: object = {}): LoadedWebview {
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { runScripts: 'outside-only', pretendToBeVisual: true });
  const posted: unknown[] = [];
  const states: unknown[] = [];
  Object.assign(dom.window, {
    acquireVsCodeApi: () => ({
      postMessage: (message: unknown) => posted.push(message),
      getState: () => savedState,
      setState: (state: unknown) => states.push(state),
    }),
    ...globals,
  });
  dom.window.eval(code);
  return { window: dom.window, posted, states };
}

/**
 * Posts like the host does, then waits until the page has handled it: the app's own message
 * listener was added first, so it has run when this one runs, and the frame it asked for runs
 * before the one asked for here.
 */
async function fromHost(window: JSDOM['window'], message: unknown): Promise<void> {
  const delivered = new Promise<void>((resolve) => window.addEventListener('message', () => resolve(), { once: true }));
  window.postMessage(message, '*');
  await delivered;
  await new Promise<void>((resolve) => window.requestAnimationFrame(() => resolve()));
}

describe('webview bundle (jsdom)', function () {
  this.timeout(30_000);
  let code: string;

  before(async () => {
    code = await bundle();
  });

  it('posts ready first, and nothing else before the host speaks', () => {
    const { posted } = load(code);
    // The objects come from the jsdom realm; compare their data.
    assert.deepEqual(JSON.parse(JSON.stringify(posted)), [{ type: 'ready' }]);
  });

  it('applies a replayed state from the host', async () => {
    const { window } = load(code);
    await fromHost(window, {
      type: 'state',
      chat: { id: 'c', title: 't', createdAt: 1, updatedAt: 1, messages: [{ id: 'a', role: 'assistant', content: '# Hi', status: 'done', createdAt: 1 }] },
      model: 'echo-1',
      busy: false,
      hasApiKey: true,
      hasBaseUrl: true,
      history: [],
    });
    const doc = window.document;
    assert.equal(doc.querySelector('button#model-picker')?.textContent, 'echo-1');
    assert.equal(doc.querySelector('.message[data-id="a"] .content h1')?.textContent, 'Hi');
  });

  it('ignores messages that fail the protocol guards', async () => {
    const { window } = load(code);
    const before = window.document.body.innerHTML;
    await fromHost(window, { type: 'state', chat: 'not a chat' });
    await fromHost(window, { type: 'delta', messageId: 7 });
    await fromHost(window, 'hello');
    assert.equal(window.document.body.innerHTML, before);
  });

  it('leaves the focus alone on load, and puts it in the prompt when the view gains focus', () => {
    const { window } = load(code);
    assert.notEqual(window.document.activeElement?.id, 'prompt');
    window.dispatchEvent(new window.FocusEvent('focus'));
    assert.equal(window.document.activeElement?.id, 'prompt');
  });

  it('restores the draft kept in view state', () => {
    const { window } = load(code, { draft: 'unsent words' });
    assert.equal((window.document.querySelector('textarea#prompt') as HTMLTextAreaElement).value, 'unsent words');
  });

  it('renders streamed text in a task of its own right after a frame, not in the frame\'s callback', async () => {
    const { window } = load(code);
    await fromHost(window, { type: 'state', chat: { id: 'c', title: '', createdAt: 1, updatedAt: 1, messages: [] }, model: 'echo-1', busy: true, hasApiKey: true, hasBaseUrl: true, history: [] });
    await fromHost(window, { type: 'messageAdded', message: { id: 'a', role: 'assistant', content: '', status: 'streaming', createdAt: 1 } });
    const delivered = new Promise<void>((resolve) => window.addEventListener('message', () => resolve(), { once: true }));
    window.postMessage({ type: 'delta', messageId: 'a', content: 'Hello **world**' }, '*');
    await delivered;
    const text = (): string => window.document.querySelector('.message[data-id=a] .content')?.textContent ?? '';
    // The page asked for its frame when the delta came, so its callback runs before this one, in the same frame.
    const inFrame = await new Promise<string>((resolve) => window.requestAnimationFrame(() => resolve(text())));
    assert.equal(inFrame, '', 'nothing is rendered in the frame\'s callback (the frame\'s own layout and paint follow it in the same task)');
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(text().trim(), 'Hello world');
  });

  it('renders at background priority where the browser has a task scheduler (jsdom has none: a fake one here)', async () => {
    const priorities: string[] = [];
    const scheduler = {
      postTask: (callback: () => void, options: { priority: string }) => {
        priorities.push(options.priority);
        return new Promise((resolve) => setTimeout(() => resolve(callback()), 0));
      },
    };
    const { window } = load(code, undefined, { scheduler });
    await fromHost(window, { type: 'state', chat: { id: 'c', title: '', createdAt: 1, updatedAt: 1, messages: [] }, model: 'echo-1', busy: true, hasApiKey: true, hasBaseUrl: true, history: [] });
    await fromHost(window, { type: 'messageAdded', message: { id: 'a', role: 'assistant', content: '', status: 'streaming', createdAt: 1 } });
    priorities.length = 0;
    await fromHost(window, { type: 'delta', messageId: 'a', content: 'Hello **world**' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(window.document.querySelector('.message[data-id=a] .content')?.textContent?.trim(), 'Hello world');
    assert.deepEqual(priorities, ['background']);
  });

  it('warms up in background tasks where the browser has a task scheduler: each step a task, nothing asked for after the last', () => {
    // (jsdom has neither idle callbacks nor a scheduler, and runs no warm-up: fake ones here, run by hand.)
    const tasks: (() => void)[] = [];
    const priorities: string[] = [];
    const idle: unknown[] = [];
    const scheduler = {
      postTask: (callback: () => void, options: { priority: string }) => {
        priorities.push(options.priority);
        tasks.push(callback);
        return new Promise(() => undefined);
      },
    };
    const { window } = load(code, undefined, { scheduler, requestIdleCallback: (callback: unknown) => idle.push(callback) });
    assert.deepEqual([tasks.length, idle.length], [1, 0], 'the first step: a task, not an idle callback');
    let steps = 0;
    for (let task = tasks.shift(); task !== undefined && steps < 1_000; task = tasks.shift()) {
      task();
      steps++;
    }
    // Each block kind in both widths, the font samples, the sample rounds, each grammar built and run: over a hundred.
    assert.ok(steps > 100, `${steps} steps`);
    assert.deepEqual([tasks.length, idle.length], [0, 0], 'done: nothing more asked for');
    assert.ok(priorities.every((priority) => priority === 'background'));
    assert.equal(window.document.querySelectorAll('.font-warm-up').length, 0, 'no sample left in the page');
  });

  it('needs neither eval nor inline styles (the CSP allows neither)', () => {
    assert.doesNotMatch(code, /new Function\(|[^\w.]eval\(/);
    assert.doesNotMatch(code, /setAttribute\(\s*["']style["']/);
  });
});
