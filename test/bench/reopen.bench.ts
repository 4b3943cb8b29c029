// The real-editor bench's last row: reopening a long chat. A chat of 500 messages (250 questions
// and their Markdown answers, 0.5 MB) is written to the history folder and opened from the history
// list; measured in the webview's frame: the time from the click to the newest message shown, to
// every message rendered, the long tasks while it opens, and the long tasks while the user then
// scrolls it to the top.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import type { Transcript, TranscriptMessage } from '../../src/shared/protocol';
import type { Workbench } from '../harness/workbench';
import { shapeText } from '../unit/webview/markdown/shapes';

export interface ReopenResult {
  messages: number;
  kilobytes: number;
  /** The click (its input event) → the newest message's text in the DOM (a frame later: painted). */
  newestShownMs: number;
  /** Click → every message rendered. */
  allRenderedMs: number;
  openLongTasks: number;
  openLongestMs: number;
  /** Scrolling from the bottom to the top with the mouse wheel, after it opened: the turns it took (600 px each). */
  scrollTurns: number;
  /**
   * Messages the browser laid out (content-visibility: no longer skipped) while scrolling: in all, and the most in
   * one wheel turn. A count, not a time: what a turn costs grows with it, on any machine.
   */
  scrollMessagesLaidOut: number;
  scrollMostLaidOutInATurn: number;
  scrollLongTasks: number;
  scrollLongestMs: number;
}

const MESSAGES = 500;
const CHAT_ID = 'bench500';

/**
 * Writes the bench's chat of 500 messages into the history folder `chatsFolder`, each answer `answerChars`
 * of mixed Markdown (0.5 MB in all at the default); the activation bench opens it with longer answers.
 */
export function writeLongChat(chatsFolder: string, answerChars = 1_600): { id: string; bytes: number } {
  const now = Date.now();
  const messages = longChatMessages(answerChars, now);
  const transcript: Transcript = { id: CHAT_ID, title: 'A chat of 500 messages', createdAt: now - 1_000, updatedAt: now, messages };
  const json = JSON.stringify(transcript);
  fs.mkdirSync(chatsFolder, { recursive: true });
  fs.writeFileSync(path.join(chatsFolder, `chat-${CHAT_ID}.json`), json);
  return { id: CHAT_ID, bytes: json.length };
}

/** The bench's chat of 500 messages: questions and answers of `answerChars` of mixed Markdown each, the last made at `now`. */
export function longChatMessages(answerChars = 1_600, now = Date.now()): TranscriptMessage[] {
  const answer = shapeText('mixed', answerChars);
  return Array.from({ length: MESSAGES }, (_, i) => i % 2 === 0
    ? { id: `u${i}`, role: 'user', content: `Question ${i / 2}: how does part ${i / 2} work?`, status: 'done', model: 'echo-1', createdAt: now - MESSAGES + i }
    : { id: `a${i}`, role: 'assistant', content: `Answer ${(i - 1) / 2}.\n\n${answer}`, status: 'done', model: 'echo-1', createdAt: now - MESSAGES + i });
}

interface OpenProbe { longTasks: number[]; clicked: number; newestShown: number; allRendered: number; laidOut: number }

/**
 * Installed in the webview's frame before the click: when the click came (its event's time stamp: the input,
 * before the page had it), when the newest message's text and when every one of `count` messages is in the DOM
 * (a frame later: painted), and the long tasks.
 */
function installOpenProbe({ newest, count }: { newest: string; count: number }): void {
  const probe: OpenProbe = { longTasks: [], clicked: 0, newestShown: 0, allRendered: 0, laidOut: 0 };
  document.addEventListener('contentvisibilityautostatechange', (event) => {
    if (!(event as Event & { skipped: boolean }).skipped && (event.target as Element).classList.contains('message')) probe.laidOut++;
  }, { capture: true, passive: true });
  window.addEventListener('click', (event) => { if (probe.clicked === 0) probe.clicked = performance.timeOrigin + event.timeStamp; }, true);
  // (Live: its length is kept as messages come, not counted again at each look.)
  const messages = document.getElementsByClassName('message');
  (window as unknown as { __reopenProbe: OpenProbe }).__reopenProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  new MutationObserver(() => {
    if (probe.newestShown === 0 && document.querySelector('.message-list > .message:last-child .content')?.textContent?.includes(newest)) {
      requestAnimationFrame(() => { probe.newestShown = Date.now(); });
    }
    if (probe.allRendered === 0 && messages.length === count) {
      requestAnimationFrame(() => { probe.allRendered = Date.now(); });
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}

function readOpenProbe(): OpenProbe {
  return (window as unknown as { __reopenProbe: OpenProbe }).__reopenProbe;
}

/**
 * Resolves when the probe has seen every message (or after a minute), the page looking at it every 50 ms
 * (a timer of its own): one Playwright call, not one per look. Each call takes the page's main thread, and
 * the browser's and the bench's time; calling every 10 ms, the bench itself took the page about a hundred
 * times while the chat opened, and 2 of 5 runs had a task over 50 ms there (none in 5 calling every 100 ms).
 */
function untilAllRendered(): Promise<boolean> {
  const probe = (window as unknown as { __reopenProbe: OpenProbe }).__reopenProbe;
  return new Promise((resolve) => {
    const deadline = Date.now() + 60_000;
    const look = (): void => {
      if (probe.allRendered > 0 || Date.now() > deadline) resolve(probe.allRendered > 0);
      else setTimeout(look, 50);
    };
    look();
  });
}

/**
 * Runs in an editor whose Chat view is open; `frame` is the chat webview's document. `profile`
 * (BENCH_PROFILE, editor.bench.ts) traces the scrolling, written to `<dir>/reopen-scroll.trace.json`.
 */
export async function runReopenBench(workbench: Workbench, frame: Frame, chatsFolder: string,
  profile?: { dir: string; start(): Promise<{ stop(file: string): Promise<unknown> }> }): Promise<ReopenResult> {
  const { bytes } = writeLongChat(chatsFolder);
  // New Chat reads the history folder again, so the list offers the chat just written.
  await workbench.runCommand('Model Access: New Chat');
  await workbench.runCommand('Model Access: Show Chat History');
  const item = frame.locator(`.history-item[data-chat-id="${CHAT_ID}"] button.open-chat`);
  await item.waitFor({ state: 'visible', timeout: 30_000 });
  await frame.evaluate(installOpenProbe, { newest: `Answer ${MESSAGES / 2 - 1}.`, count: MESSAGES });
  // (Timed from the click itself: Playwright first waits for the button to be visible, stable for two frames and
  // hit by the pointer: 53–72 ms in 4 runs, which the bench's own clock counted before.)
  await item.click();
  // (The probe, not a Playwright locator: its engine's walks of the page would count as the page's long tasks.)
  if (!(await frame.evaluate(untilAllRendered))) throw new Error('the reopen bench timed out waiting for every message');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const opened = await frame.evaluate(readOpenProbe);
  if (opened.newestShown === 0) throw new Error('the reopen bench saw every message but never the newest one\'s text');
  if (opened.clicked === 0) throw new Error('the reopen bench\'s click never reached the chat page');
  // Scroll to the top the way a user does, a wheel turn at a time.
  await frame.evaluate(() => { (window as unknown as { __reopenProbe: OpenProbe }).__reopenProbe.longTasks = []; });
  const box = await frame.locator('#conversation').boundingBox();
  if (!box) throw new Error('the conversation is not shown');
  await workbench.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const profiler = await profile?.start();
  // (Up to 1,000 turns: with scroll anchoring, each message laid out as it comes near adds its real height above
  // what is on screen, so the top is further away than the messages' estimated heights first add up to.)
  let turns = 0;
  let laidOut = 0;
  let mostLaidOut = 0;
  /** Where the view is, and the messages laid out since the last look (the counter starts again). */
  const look = (): Promise<[number, number]> => frame.evaluate(() => {
    const probe = (window as unknown as { __reopenProbe: OpenProbe }).__reopenProbe;
    const since = probe.laidOut;
    probe.laidOut = 0;
    return [document.getElementById('conversation')?.scrollTop ?? 0, since];
  });
  for (; turns < 1_000; turns++) {
    const [scrollTop, since] = await look();
    // (Before the first turn: what opening the chat laid out.)
    if (turns > 0) {
      laidOut += since;
      mostLaidOut = Math.max(mostLaidOut, since);
    }
    if (scrollTop <= 0) break;
    await workbench.page.mouse.wheel(0, -600);
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  const scrolled = await frame.evaluate(readOpenProbe);
  await profiler?.stop(`${profile?.dir}/reopen-scroll.trace.json`);
  return {
    messages: MESSAGES,
    kilobytes: Math.round(bytes / 1024),
    newestShownMs: opened.newestShown - opened.clicked,
    allRenderedMs: opened.allRendered - opened.clicked,
    openLongTasks: opened.longTasks.filter((duration) => duration > 50).length,
    openLongestMs: Math.max(0, ...opened.longTasks),
    scrollTurns: turns,
    scrollMessagesLaidOut: laidOut,
    scrollMostLaidOutInATurn: mostLaidOut,
    scrollLongTasks: scrolled.longTasks.filter((duration) => duration > 50).length,
    scrollLongestMs: Math.max(0, ...scrolled.longTasks),
  };
}
