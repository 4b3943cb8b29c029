// The real-editor layer of `npm run bench`: the reference server and code-server (test/harness), and
// each answer shape streamed through the whole path — server → client → host batching →
// postMessage → webview → DOM — as echo-1 repeats a prompt of that shape. Measured in the webview's
// own frame: when the answer's DOM last changed, and its long tasks (PerformanceObserver).
// Must not run next to another real-editor run: `flock /tmp/editor.lock npm run bench`.
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { defaultConfig, splitIntoTokens, startReferenceServer, type ServerConfig } from '../../server';
import { startEditor } from '../harness/editor';
import { extensionId } from '../harness/paths';
import type { Workbench } from '../harness/workbench';
import { ChatView } from '../e2e/chatView';
import { cpuSnapshot, cpuUse, type CpuUse } from './processCpu';
import { runReopenBench, type ReopenResult } from './reopen.bench';
import { untilQuiet } from './untilQuiet';
import { keyLatency, type KeyEventEntry, type KeyLatency } from './keyLatency';
import { longTasksByContext, type LongTaskEntry, type LongTasksByContext } from './longTaskContext';
import { describeTracedLongTask, longTasksInTrace, type TraceEvent } from './traceTasks';
import { startStreamingChat } from '../e2e/referenceClient';
import { shapeText, type ShapeName } from '../unit/webview/markdown/shapes';

export interface EditorCase {
  shape: ShapeName;
  chars: number;
  /** Tokens per second the server paces at; undefined = as fast as the socket takes. */
  pace?: number;
  /**
   * Stop is pressed this long after Send (the answer ends inside its block, "stopped"); the times are then
   * from pressing Stop, and tokens/s and the raw read do not apply.
   */
  stopAfterMs?: number;
  /**
   * Keys are typed into the prompt from Send on, as a user writes the next question while the answer
   * streams: how long each took to paint (`keys`).
   */
  typing?: boolean;
}

export interface EditorResult extends EditorCase {
  tokens: number;
  tokensPerSecond: number;
  /**
   * From the server sending the last token to the whole text shown (the answer's status no longer
   * `streaming`, which it is until all of the text is in the DOM; one frame later: painted).
   */
  lastTokenVisibleMs: number;
  /** To the answer's DOM last changing: code shown plain while the page was behind highlighted too. */
  lastTokenSettledMs: number;
  /**
   * Of lastTokenVisibleMs, the part after the webview received its last delta: the rest is the way there
   * (extension host → code-server → workbench → webview), which the webview does not control.
   */
  webviewMs: number;
  /** Time to the whole answer shown, over the time a raw read of the same stream takes. */
  ratioToRaw: number;
  longTasksOver50: number;
  longestTaskMs: number;
  /** The same long tasks by whose script ran in them: the page's own, or only the workbench's (longTaskContext.ts). */
  longTasksBy: LongTasksByContext;
  /** The CPU every process used from Send until the answer was done (Linux only). */
  cpu?: CpuUse;
  /** The keys typed while the answer streamed (`typing` cases). */
  keys?: KeyLatency;
}

export const EDITOR_CASES: EditorCase[] = [
  { shape: 'mixed', chars: 100_000 },
  { shape: 'list', chars: 60_000 },
  { shape: 'list', chars: 60_000, pace: 2000 },
  { shape: 'table', chars: 30_000 },
  { shape: 'table', chars: 30_000, pace: 2000 },
  { shape: 'paragraph', chars: 30_000 },
  { shape: 'paragraph', chars: 30_000, pace: 2000 },
  { shape: 'quote', chars: 30_000 },
  { shape: 'quote', chars: 30_000, pace: 2000 },
  // A 1,000-line fenced code block; and the same block stopped in the middle as it streams at a model's pace.
  { shape: 'code', chars: 88_000 },
  { shape: 'code', chars: 88_000, pace: 2000, stopAfterMs: 4_000 },
  // Typing the next question while an answer streams: at full speed, and at a model's pace.
  { shape: 'mixed', chars: 100_000, typing: true },
  { shape: 'list', chars: 60_000, pace: 2000, typing: true },
];

/**
 * Typed into the prompt a key about every TYPING_DELAY_MS (Playwright holds each key down that long, and presses the
 * next once the page has had the last one), a fast typist's pace; no `#` (it opens the file picker) and no Enter.
 */
const TYPED_TEXT = 'and what does the second part of it do when the list is empty?';
const TYPING_DELAY_MS = 30;

/** A case's name, as BENCH_SHAPES takes it: `code-full`, `list-2000`, `code-2000-stop`. */
export function caseName(benchCase: EditorCase): string {
  return `${benchCase.shape}-${benchCase.pace ?? 'full'}${benchCase.stopAfterMs === undefined ? '' : '-stop'}${benchCase.typing ? '-typing' : ''}`;
}

const PACED_MODEL = 'echo-paced-bench';

interface Probe {
  longTasks: LongTaskEntry[];
  firstChange: number;
  lastChange: number;
  textShown: number;
  /** textShown on the page's clock (performance.now()), as Event Timing entries are. */
  textShownAt: number;
  lastDelta: number;
  /** Keydowns in the page before the answer was shown. */
  keysTyped: number;
  keyEvents: KeyEventEntry[];
}

/**
 * Installed in the webview's frame: long tasks, when the last delta arrived, when all of the answer's
 * text is shown (its status no longer streaming), when its DOM changes (a frame later: painted), and the
 * keys typed meanwhile (each key's events as Event Timing reports them: 16 ms or longer).
 */
function installProbe(): void {
  const probe: Probe = { longTasks: [], firstChange: 0, lastChange: 0, textShown: 0, textShownAt: 0, lastDelta: 0, keysTyped: 0, keyEvents: [] };
  (window as unknown as { __benchProbe: Probe }).__benchProbe = probe;
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type === 'delta') probe.lastDelta = Date.now();
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probe.longTasks.push({ duration: entry.duration, name: entry.name });
      if (entry.duration > 50) console.log(`bench-longtask ${Math.round(entry.startTime + performance.timeOrigin)} ${Math.round(entry.duration)} ${entry.name}`);
    }
  }).observe({ type: 'longtask' });
  window.addEventListener('keydown', () => { if (probe.textShown === 0) probe.keysTyped++; }, true);
  new PerformanceObserver((list) => {
    // (`interactionId` is newer than the DOM types this project compiles against.)
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
      if (entry.name.startsWith('key') || entry.name === 'input' || entry.name === 'beforeinput') {
        probe.keyEvents.push({ interactionId: entry.interactionId, startTime: entry.startTime, duration: entry.duration, processingStart: entry.processingStart });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  const list = document.querySelector('.message-list');
  if (!list) throw new Error('no .message-list in the chat webview');
  new MutationObserver((records) => {
    const answer = records.find((record) => record.type === 'attributes' && (record.target as Element).matches('.message[data-role=assistant]'));
    if (answer && (answer.target as Element).getAttribute('data-status') !== 'streaming' && probe.textShown === 0) {
      requestAnimationFrame(() => { probe.textShown = Date.now(); probe.textShownAt = performance.now(); });
    }
    const inAnswer = records.some((record) => {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      return target?.closest('.message[data-role=assistant] .content') != null;
    });
    if (!inAnswer) return;
    requestAnimationFrame(() => {
      const now = Date.now();
      if (probe.firstChange === 0) probe.firstChange = now;
      probe.lastChange = now;
    });
  }).observe(list, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-status'] });
}

function readProbe(): Probe {
  return (window as unknown as { __benchProbe: Probe }).__benchProbe;
}

async function chatFrame(workbench: Workbench): Promise<Frame> {
  const element = await workbench.page
    .frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"]`)
    .locator('iframe#active-frame')
    .elementHandle({ timeout: 30_000 });
  const frame = await element?.contentFrame();
  if (!frame) throw new Error('the chat webview frame was not found');
  return frame;
}

/**
 * A development aid, `BENCH_PROFILE=dir`: a CPU profile of the webview's renderer (the frame's own
 * target when it is out of process, else the page's) for each case, written to `dir`. With
 * `BENCH_INVALIDATIONS=1` the trace also says what made the browser restyle and lay out (which
 * element, which attribute, a content-visibility lock released); that tracking makes the frames
 * slower still, so such a trace locates causes and counts nothing. With `BENCH_LIGHT=1` the trace has
 * no CPU profiler and fewer categories (tasks, frames, V8, garbage collections, font lookups): the
 * profiler's sampling changes the timing enough to hide the rare long tasks (see the README).
 */
async function startProfile(workbench: Workbench, _frame: Frame): Promise<{ stop(file: string): Promise<TraceEvent[]> }> {
  const session = await workbench.page.context().newCDPSession(workbench.page);
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (data) => { events.push(...(data.value as unknown as TraceEvent[])); });
  const light = process.env.BENCH_LIGHT === '1';
  await session.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: light
        ? ['toplevel', 'devtools.timeline', 'v8', 'disabled-by-default-v8.gc', 'fonts', 'blink.user_timing']
        : [
          'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'toplevel',
          ...(process.env.BENCH_INVALIDATIONS === '1' ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
        ],
    },
  });
  if (!light) {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 250 });
    await session.send('Profiler.start');
  }
  return {
    async stop(file: string): Promise<TraceEvent[]> {
      const profile = light ? undefined : (await session.send('Profiler.stop')).profile;
      const done = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
      await session.send('Tracing.end');
      await done;
      const fs = await import('node:fs');
      fs.mkdirSync((await import('node:path')).dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(events));
      if (profile) fs.writeFileSync(file.replace('.trace.json', '.cpuprofile'), JSON.stringify(profile));
      await session.detach();
      return events;
    },
  };
}

/**
 * A development aid, `BENCH_ISOLATED=1`: each webview comes from a site of its own
 * (`http://<hash>.localhost:PORT`, the same code-server), as VS Code's web build has them (a
 * `<hash>.vscode-cdn.net` host each), so Chromium runs the webview in a renderer process of its own.
 * code-server serves them from the workbench's origin, where they share its main thread.
 */
async function serveWebviewsCrossSite(page: Page): Promise<void> {
  await page.route((url) => url.pathname === '/', async (route) => {
    const response = await route.fetch();
    const port = new URL(route.request().url()).port;
    // (The workbench puts each webview's hash in place of {{uuid}}; its page checks that its host starts with it.)
    const html = await response.text();
    const body = html.replace('&quot;webviewEndpoint&quot;:&quot;', `&quot;webviewEndpoint&quot;:&quot;http://{{uuid}}.localhost:${port}/`);
    // (Unchanged, the bench would measure the shared process while saying otherwise.)
    if (body === html) throw new Error('BENCH_ISOLATED: the workbench page names no webviewEndpoint to move');
    const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = response.headers();
    // (The workbench's policy lets it frame only its own origin and vscode-cdn.net.)
    headers['content-security-policy'] = headers['content-security-policy']?.replace('frame-src ', `frame-src http://*.localhost:${port} `);
    await route.fulfill({ response, body, headers });
  });
}

/**
 * Waits for the answer to end without looking at the page again and again: each look is a Playwright call
 * that takes the page's main thread (its locator engine even walks the whole DOM, 60+ ms on a 100 KB
 * answer). One call instead, whose promise the page settles when the answer's status leaves `streaming`.
 */
async function untilAnswerDone(frame: Frame, expected: 'done' | 'stopped'): Promise<void> {
  const status = await frame.evaluate(() => new Promise<string>((resolve) => {
    const list = document.querySelector('.message-list');
    if (!list) throw new Error('no .message-list in the chat webview');
    const check = (): void => {
      const status = list.querySelector('.message[data-role=assistant]')?.getAttribute('data-status');
      if (status === undefined || status === null || status === 'streaming') return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(status);
    };
    const observer = new MutationObserver(check);
    observer.observe(list, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
    const timer = setTimeout(() => { observer.disconnect(); resolve('still streaming after 5 minutes'); }, 300_000);
    check();
  }));
  if (status !== expected) throw new Error(`the answer ended as "${status}"`);
}

/** Runs every case in one editor, then reopens a long chat there; `log` reports progress. */
export async function runEditorBench(cases: EditorCase[], log: (line: string) => void): Promise<{ streams: EditorResult[]; reopen?: ReopenResult }> {
  const config: ServerConfig = { keys: defaultConfig.keys, models: [...defaultConfig.models, { id: PACED_MODEL, behavior: 'echo', tokensPerSecond: 2000 }] };
  const server = await startReferenceServer({ config });
  // (The server is closed when the editor fails to start too: left open, it kept the bench from exiting.)
  const editor = await startEditor({ baseUrl: server.baseUrl, apiKey: 'demo-key', settings: { 'modelAccess.model': 'echo-1' } })
    .catch(async (error: unknown) => { await server.close(); throw error; });
  const results: EditorResult[] = [];
  let reopen: ReopenResult | undefined;
  try {
    const workbench = await editor.openWorkbench(process.env.BENCH_ISOLATED === '1'
      // (A page the route fulfils counts as public to Chromium, which then keeps it from loopback.)
      ? { extraArgs: ['--disable-features=LocalNetworkAccessChecks'], beforeOpen: ({ page }) => serveWebviewsCrossSite(page) }
      : {});
    if (process.env.BENCH_PROFILE) {
      workbench.page.on('console', (message) => { if (message.text().startsWith('bench-longtask')) log(`  ${message.text()}`); });
    }
    await workbench.openViewContainer('Model Access');
    await workbench.expandViewPane('Chat');
    const chat = new ChatView(workbench.chatFrame());
    await chat.prompt().waitFor({ state: 'visible', timeout: 60_000 });
    // A development aid, `BENCH_QUIET=1`: the first case waits until the page has warmed up while idle, as
    // the page layer does and as for a user who reads before asking; by default it is sent as soon as the
    // view shows, while the warm-up may still run.
    if (process.env.BENCH_QUIET === '1') await (await chatFrame(workbench)).evaluate(untilQuiet);
    let model = 'echo-1';
    try {
      await runCases();
      if (!process.env.BENCH_SHAPES || process.env.BENCH_SHAPES.split(',').includes('reopen')) {
        const chatsFolder = path.join(editor.userDataDir, 'User', 'globalStorage', extensionId.toLowerCase(), 'chats');
        const dir = process.env.BENCH_PROFILE;
        const frame = await chatFrame(workbench);
        reopen = await runReopenBench(workbench, frame, chatsFolder, dir ? { dir, start: () => startProfile(workbench, frame) } : undefined);
        log('  reopening a chat of 500 messages: done');
      }
    } catch (error) {
      log(`  failed; screenshot: ${await workbench.screenshot('bench/failure').catch(() => '(none)')}`);
      throw error;
    }
    async function runCases(): Promise<void> {
    const only = process.env.BENCH_SHAPES?.split(',');
    for (const benchCase of cases.filter((c) => !only || only.includes(caseName(c)))) {
      const wanted = benchCase.pace === undefined ? 'echo-1' : PACED_MODEL;
      if (benchCase.pace !== undefined && benchCase.pace !== 2000) throw new Error('the bench server paces at 2,000 tokens/s only');
      if (wanted !== model) {
        await workbench.runCommand('Model Access: Select Model');
        await workbench.pickQuickPickItem(wanted);
        model = wanted;
      }
      const text = shapeText(benchCase.shape, benchCase.chars);
      // A raw read of the same stream from the same server: the floor for the whole path.
      let rawMs = Number.NaN;
      if (benchCase.stopAfterMs === undefined) {
        const rawStart = Date.now();
        const raw = await startStreamingChat(server.baseUrl, 'demo-key', wanted, text);
        await raw.finished;
        rawMs = Date.now() - rawStart;
      }

      const frame = await chatFrame(workbench);
      // New Chat has landed only when its state and showConversation reached the page: sent
      // before, a prompt went into the new chat and that state came after it, mid-stream, and the
      // page rendered the whole chat again (in one of the first two runs traced: the last token shown 1.4 s late).
      await frame.evaluate(() => {
        const seen = new Set<unknown>();
        (window as unknown as { __benchNewChat: Set<unknown> }).__benchNewChat = seen;
        const listener = (event: MessageEvent<unknown>): void => {
          seen.add((event.data as { type?: unknown } | null)?.type);
          if (seen.has('state') && seen.has('showConversation')) window.removeEventListener('message', listener);
        };
        window.addEventListener('message', listener);
      });
      await workbench.runCommand('Model Access: New Chat');
      await frame.waitForFunction(() => {
        const seen = (window as unknown as { __benchNewChat: Set<unknown> }).__benchNewChat;
        return seen.has('state') && seen.has('showConversation');
      }, undefined, { timeout: 10_000 });
      await chat.messages().first().waitFor({ state: 'detached', timeout: 10_000 });
      // Typing 100 KB key by key is not the point: the text goes in at once, as a paste would.
      // The probe starts after the prompt box has laid the pasted text out: that is the paste's
      // cost (the browser's own text area), not the stream's.
      await chat.paste(text);
      await frame.evaluate(async () => {
        for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      });
      await frame.evaluate(installProbe);
      const profiler = process.env.BENCH_PROFILE ? await startProfile(workbench, frame) : undefined;
      const cpuBefore = cpuSnapshot();
      const sent = Date.now();
      await chat.prompt().press('Enter');
      // (Into the page's focused element: the prompt keeps the focus after Send.)
      const typing = benchCase.typing ? workbench.page.keyboard.type(TYPED_TEXT, { delay: TYPING_DELAY_MS }) : undefined;
      let stopped: number | undefined;
      if (benchCase.stopAfterMs !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, benchCase.stopAfterMs));
        // A click in the page: Playwright's locator would walk the whole DOM of the answer in the page's main thread.
        stopped = await frame.evaluate(() => {
          (document.querySelector('button#stop') as HTMLButtonElement).click();
          return Date.now();
        });
      }
      await untilAnswerDone(frame, stopped === undefined ? 'done' : 'stopped');
      const cpuAfter = cpuSnapshot();
      if (typing) {
        await typing;
        // Keys that went elsewhere would measure nothing.
        const typed = await chat.prompt().inputValue();
        if (typed !== TYPED_TEXT) throw new Error(`the keys typed did not all reach the prompt: ${JSON.stringify(typed)}`);
      }
      // Done is all of the text; code shown plain while the page was behind is highlighted after it.
      await frame.waitForFunction(() => Date.now() - (window as unknown as { __benchProbe: Probe }).__benchProbe.lastChange > 300, undefined, { timeout: 30_000, polling: 50 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (profiler) {
        const events = await profiler.stop(`${process.env.BENCH_PROFILE}/${benchCase.shape}-${benchCase.pace ?? 'full'}.trace.json`);
        for (const task of longTasksInTrace(events)) log(`  traced: ${describeTracedLongTask(task)}`);
      }
      const probe = await frame.evaluate(readProbe);
      const record = server.requests().filter((request) => request.model === wanted).at(-1);
      const lastTokenSent = stopped ?? record?.endedAt ?? probe.textShown;
      const tokens = stopped === undefined ? splitIntoTokens(text).length : Number.NaN;
      const result: EditorResult = {
        ...benchCase,
        tokens,
        tokensPerSecond: tokens / ((probe.textShown - sent) / 1000),
        lastTokenVisibleMs: probe.textShown - lastTokenSent,
        lastTokenSettledMs: probe.lastChange - lastTokenSent,
        webviewMs: probe.textShown - probe.lastDelta,
        ratioToRaw: (probe.textShown - sent) / rawMs,
        longTasksOver50: probe.longTasks.filter(({ duration }) => duration > 50).length,
        longestTaskMs: Math.max(0, ...probe.longTasks.map(({ duration }) => duration)),
        longTasksBy: longTasksByContext(probe.longTasks),
        ...(cpuBefore && cpuAfter ? { cpu: cpuUse(cpuBefore, cpuAfter) } : {}),
        ...(typing ? { keys: keyLatency(probe.keyEvents, probe.keysTyped, probe.textShownAt) } : {}),
      };
      results.push(result);
      log(`  ${benchCase.shape} ${benchCase.chars / 1000} KB${benchCase.pace ? ` at ${benchCase.pace} tok/s` : ''}${stopped === undefined ? '' : ', stopped'}${typing ? ', typing' : ''}: done`);
    }
    }
  } finally {
    await editor.stop();
    await server.close();
  }
  return { streams: results, ...(reopen ? { reopen } : {}) };
}
