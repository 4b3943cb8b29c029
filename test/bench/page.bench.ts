// The page layer of `npm run bench`: the chat page's own bundle (dist/webview.js, dist/webview.css) alone
// in Chromium, without the workbench, the extension host or a server. The page posts the host's messages
// to itself (a delta every DELTA_INTERVAL_MS, as the host batches, with what arrived at a set rate), so what is
// measured is the page's rendering only: how long after the last delta the answer is whole in the DOM,
// the page's long tasks, and the browser's layout per frame (Chromium trace), which shows how a table's
// layout grows with its rows. In code-server the page shares the workbench's renderer and main thread;
// this layer says what is the page's own.
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { splitIntoTokens } from '../../server';
import { launchChromium } from '../harness/chromium';
import { projectRoot } from '../harness/paths';
import type { TraceEvent } from './traceTasks';
import { untilQuiet } from './untilQuiet';
import { longChatMessages } from './reopen.bench';
import type { TranscriptMessage } from '../../src/shared/protocol';
import { DELTA_INTERVAL_MS } from '../../src/host/chat/deltaBatcher';
import { shapeText, type ShapeName } from '../unit/webview/markdown/shapes';

export interface PageCase {
  shape: ShapeName;
  chars: number;
  /** Characters per second arriving; 2,000 tokens/s is about 8,000. */
  charsPerSecond: number;
  /** Streamed at the end of the bench's chat of 500 messages (reopen.bench.ts), opened and rendered first. */
  belowLongChat?: boolean;
}

export interface PageResult extends PageCase {
  /** From the last delta posted to all of the answer's text shown (its status no longer streaming; a frame later: painted). */
  lastDeltaShownMs: number;
  /** To the answer's last change: code shown plain while the page was behind, highlighted. */
  lastDeltaSettledMs: number;
  longTasksOver50: number;
  longestTaskMs: number;
  /** The browser's layout per frame (ms, mean) in the first and the last sixth of the stream. */
  layoutFirstMs: number;
  layoutLastMs: number;
  /** The page's main thread busy while the answer streamed (tasks, ms): all the work the answer cost it. */
  busyMs: number;
}

export const PAGE_CASES: PageCase[] = [
  { shape: 'mixed', chars: 100_000, charsPerSecond: 150_000 },
  { shape: 'list', chars: 60_000, charsPerSecond: 150_000 },
  { shape: 'table', chars: 30_000, charsPerSecond: 150_000 },
  { shape: 'table', chars: 30_000, charsPerSecond: 8_000 },
  { shape: 'code', chars: 88_000, charsPerSecond: 150_000 },
  // About as fast as the editor delivers a full-speed answer: in one logged run the host had the 100 KB
  // within ~100 ms and posted it in three deltas of ~40 KB; here a delta every DELTA_INTERVAL_MS (50 KB at 50 ms).
  { shape: 'mixed', chars: 100_000, charsPerSecond: 1_000_000 },
  { shape: 'list', chars: 60_000, charsPerSecond: 1_000_000 },
  { shape: 'table', chars: 30_000, charsPerSecond: 1_000_000 },
  { shape: 'code', chars: 88_000, charsPerSecond: 1_000_000 },
  // What a frame costs at the end of a long chat: the same list below 500 messages as into an empty chat.
  { shape: 'list', chars: 30_000, charsPerSecond: 8_000 },
  { shape: 'list', chars: 30_000, charsPerSecond: 8_000, belowLongChat: true },
];

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/webview.css"></head>
<body><div id="root" data-strings="{}"></div>
<script>window.acquireVsCodeApi = () => ({ postMessage() {}, getState() { return undefined; }, setState() {} });</script>
<script src="/webview.js"></script></body></html>`;

/** Serves the page and the built bundle (npm run bench builds it first). */
function servePage(): Promise<http.Server> {
  const dist = path.join(projectRoot, 'dist');
  const server = http.createServer((request, response) => {
    const name = (request.url ?? '/').split('?')[0];
    if (name === '/') {
      response.setHeader('content-type', 'text/html');
      response.end(PAGE);
      return;
    }
    const file = path.join(dist, path.normalize(name));
    if (!file.startsWith(dist + path.sep) || !fs.existsSync(file)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('content-type', file.endsWith('.css') ? 'text/css' : file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
    response.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Streamed { lastDeltaShownMs: number; lastDeltaSettledMs: number; longTasks: number[] }

/** Runs in the page: opens a chat of `messages` and resolves once every one of them is rendered (or after a minute). */
async function openChatInPage(messages: TranscriptMessage[]): Promise<void> {
  const start = Date.now();
  window.postMessage({ type: 'state', chat: { id: `bench-${start}`, title: '', createdAt: start, updatedAt: start, messages }, model: 'echo-1', busy: false, hasApiKey: true, hasBaseUrl: true, history: [] }, '*');
  const rendered = document.getElementsByClassName('message');
  for (const deadline = Date.now() + 60_000; rendered.length < messages.length && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** Runs in the page, in the chat open: the prompt, then the answer as deltas at the case's rate. */
async function streamInPage({ text, tokens, charsPerSecond, deltaIntervalMs }: { text: string; tokens: string[]; charsPerSecond: number; deltaIntervalMs: number }): Promise<Streamed> {
  const post = (message: unknown): void => window.postMessage(message, '*');
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) longTasks.push(entry.duration); });
  observer.observe({ type: 'longtask' });
  let lastChange = 0;
  // All of the text is in once the answer's status is no longer streaming; what changes after it is
  // code shown plain while the page was behind, highlighted.
  let textShown = 0;
  const mutations = new MutationObserver((records) => {
    const status = records.find((record) => record.type === 'attributes' && (record.target as Element).matches('.message[data-role=assistant]'));
    if (status && (status.target as Element).getAttribute('data-status') !== 'streaming' && textShown === 0) {
      requestAnimationFrame(() => { textShown = Date.now(); });
    }
    if (records.some((record) => (record.target instanceof Element ? record.target : record.target.parentElement)?.closest('.message[data-role=assistant] .content'))) {
      requestAnimationFrame(() => { lastChange = Date.now(); });
    }
  });
  const list = document.querySelector('.message-list');
  if (!list) throw new Error('no .message-list in the page');
  mutations.observe(list, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-status'] });
  const sent = Date.now();
  performance.mark('bench-start');
  // A short prompt: this layer measures the answer alone (the editor layer's echo-1 shows its prompt too).
  post({ type: 'messageAdded', message: { id: 'user', role: 'user', content: 'Go.', status: 'done', createdAt: sent } });
  post({ type: 'messageAdded', message: { id: 'answer', role: 'assistant', content: '', status: 'streaming', model: 'echo-1', createdAt: sent } });
  let next = 0;
  let postedChars = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(text.length, ((Date.now() - sent) / 1000) * charsPerSecond);
      let chunk = '';
      while (next < tokens.length && postedChars + chunk.length < due) chunk += tokens[next++];
      if (chunk) {
        postedChars += chunk.length;
        post({ type: 'delta', messageId: 'answer', content: chunk });
      }
      if (next >= tokens.length) {
        clearInterval(timer);
        resolve();
      }
    }, deltaIntervalMs);
  });
  const lastDelta = Date.now();
  post({ type: 'messageUpdated', message: { id: 'answer', role: 'assistant', content: text, status: 'done', model: 'echo-1', createdAt: sent } });
  for (const deadline = Date.now() + 30_000; textShown === 0 || Date.now() - lastChange < 300;) {
    if (Date.now() > deadline) throw new Error('the answer was not shown, or did not settle, within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  performance.mark('bench-end');
  await new Promise((resolve) => setTimeout(resolve, 300));
  observer.disconnect();
  mutations.disconnect();
  return { lastDeltaShownMs: textShown - lastDelta, lastDeltaSettledMs: lastChange - lastDelta, longTasks };
}


/** Mean layout time (ms) of the first and the last sixth of the layouts while the answer streamed. */
function layoutGrowth(events: TraceEvent[]): { first: number; last: number } {
  const mark = (name: string): number => events.find((event) => event.name === name)?.ts ?? Number.NaN;
  const [start, end] = [mark('bench-start'), mark('bench-end')];
  const layouts = events.filter((event) => event.ph === 'X' && event.name === 'Layout' && event.ts >= start && event.ts <= end).sort((a, b) => a.ts - b.ts);
  const sixth = Math.max(1, Math.floor(layouts.length / 6));
  const mean = (part: TraceEvent[]): number => part.reduce((sum, event) => sum + (event.dur ?? 0), 0) / Math.max(1, part.length) / 1000;
  return { first: mean(layouts.slice(0, sixth)), last: mean(layouts.slice(-sixth)) };
}

/** The main thread's time in tasks between the marks (the thread the marks were made on; nested tasks once). */
function busyTime(events: TraceEvent[]): number {
  const startMark = events.find((event) => event.name === 'bench-start');
  const end = events.find((event) => event.name === 'bench-end')?.ts ?? Number.NaN;
  // (Chromium names a task RunTask or, in newer versions, ThreadControllerImpl::RunTask.)
  const tasks = events.filter((event) => event.ph === 'X' && /^(?:ThreadControllerImpl::)?RunTask$/.test(event.name)
    && event.pid === startMark?.pid && event.tid === startMark?.tid
    && event.ts >= (startMark?.ts ?? Number.NaN) && event.ts <= end).sort((a, b) => a.ts - b.ts);
  let busy = 0;
  let covered = 0;
  for (const task of tasks) {
    const taskEnd = task.ts + (task.dur ?? 0);
    if (taskEnd > covered) busy += taskEnd - Math.max(task.ts, covered);
    covered = Math.max(covered, taskEnd);
  }
  return busy / 1000;
}

export async function runPageBench(cases: PageCase[]): Promise<PageResult[]> {
  const server = await servePage();
  const browser = await launchChromium();
  const results: PageResult[] = [];
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 400, height: 900 });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.locator('textarea#prompt').waitFor({ timeout: 30_000 });
    // The page warms its renderer up while idle after it loads (warmUp.ts), as it does while a user
    // reads before the first answer.
    await page.evaluate(untilQuiet);
    for (const benchCase of cases) {
      const text = shapeText(benchCase.shape, benchCase.chars);
      await page.evaluate(openChatInPage, benchCase.belowLongChat ? longChatMessages() : []);
      // (Its older messages render in the frames after it opens, then the page is left to settle.)
      if (benchCase.belowLongChat) await page.evaluate(untilQuiet);
      const session = await browser.context.newCDPSession(page);
      const events: TraceEvent[] = [];
      session.on('Tracing.dataCollected', (data) => { events.push(...(data.value as unknown as TraceEvent[])); });
      await session.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'blink.user_timing', 'toplevel'] } });
      // A development aid, as in the editor layer: `BENCH_PROFILE=dir` writes a CPU profile of each case.
      if (process.env.BENCH_PROFILE) {
        await session.send('Profiler.enable');
        await session.send('Profiler.setSamplingInterval', { interval: 250 });
        await session.send('Profiler.start');
      }
      const streamed = await page.evaluate(streamInPage, { text, tokens: splitIntoTokens(text), charsPerSecond: benchCase.charsPerSecond, deltaIntervalMs: DELTA_INTERVAL_MS });
      if (process.env.BENCH_PROFILE) {
        const { profile } = await session.send('Profiler.stop');
        fs.mkdirSync(process.env.BENCH_PROFILE, { recursive: true });
        fs.writeFileSync(path.join(process.env.BENCH_PROFILE, `page-${benchCase.shape}-${benchCase.charsPerSecond}.cpuprofile`), JSON.stringify(profile));
      }
      const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
      await session.send('Tracing.end');
      await complete;
      await session.detach();
      if (process.env.BENCH_PROFILE) {
        fs.writeFileSync(path.join(process.env.BENCH_PROFILE, `page-${benchCase.shape}-${benchCase.charsPerSecond}.trace.json`), JSON.stringify(events));
      }
      const growth = layoutGrowth(events);
      results.push({
        ...benchCase,
        lastDeltaShownMs: streamed.lastDeltaShownMs,
        lastDeltaSettledMs: streamed.lastDeltaSettledMs,
        longTasksOver50: streamed.longTasks.filter((duration) => duration > 50).length,
        longestTaskMs: Math.max(0, ...streamed.longTasks),
        layoutFirstMs: growth.first,
        layoutLastMs: growth.last,
        busyMs: busyTime(events),
      });
    }
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
  return results;
}
