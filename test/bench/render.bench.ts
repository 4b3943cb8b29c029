// Streams long answers through the webview's markdown pipeline (renderer + DOMPurify + DOM,
// in jsdom) the way the chat does: a few tokens per animation frame. Prints time and work
// per token for growing answers; flat numbers mean the total cost is linear.
//   npm run bench
import { performance } from 'node:perf_hooks';
import { JSDOM } from 'jsdom';
import { createMarkdownEngine } from '../../src/webview/markdown/markdownEngine';
import { MarkdownView } from '../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../src/webview/markdown/sanitizer';
import { StreamingMarkdownRenderer } from '../../src/webview/markdown/streamingRenderer';
import { answerTokens, framesOf } from '../unit/webview/markdown/tokenStream';

const TOKENS_PER_FRAME = 3;
const SIZES = [2_000, 8_000, 32_000];
// The naive variant is quadratic: 2k tokens already take about a minute in jsdom.
const NAIVE_SIZES = [500, 1_000, 2_000];
// A single fenced block as long as a whole file: its open tail is re-rendered every frame.
const CODE_SIZES = [1_000, 4_000];

const window = new JSDOM('<!doctype html><div id="root"></div>').window as unknown as Window;
const md = createMarkdownEngine();
const sanitize = createSanitizer(window);

interface Result {
  tokens: number;
  chars: number;
  frames: number;
  ms: number;
  parsedChars: number;
  elements: number;
}

/** One long fenced code block (a whole file), the case where the open tail is most of the answer. */
function codeBlockTokens(count: number): string[] {
  const lines = ['Here is the file:\n\n```ts\n'];
  for (let i = 0; lines.length < count / 12; i++) {
    lines.push(`export function step${i}(input: number): number { return input * ${i} + 1; } // step ${i}\n`);
  }
  lines.push('```\n');
  return (lines.join('').match(/\s*\S+|\s+/g) ?? []).slice(0, count);
}

function streamIncrementally(tokenCount: number, tokens = answerTokens(tokenCount)): Result {
  const frames = framesOf(tokens, TOKENS_PER_FRAME);
  const container = window.document.createElement('div');
  const renderer = new StreamingMarkdownRenderer(md);
  const view = new MarkdownView(container, renderer, sanitize);
  const start = performance.now();
  for (const frame of frames) {
    view.append(frame);
    view.update(false);
  }
  view.update(true);
  const ms = performance.now() - start;
  return { tokens: tokenCount, chars: renderer.source.length, frames: frames.length, ms, parsedChars: renderer.work.parsedChars, elements: container.querySelectorAll('*').length };
}

/** The O(n²) alternative: render and sanitize the whole text every frame. */
function streamNaively(tokenCount: number): Result {
  const frames = framesOf(answerTokens(tokenCount), TOKENS_PER_FRAME);
  const container = window.document.createElement('div');
  let text = '';
  let parsedChars = 0;
  const start = performance.now();
  for (const frame of frames) {
    text += frame;
    parsedChars += text.length;
    container.replaceChildren(sanitize(md.render(text)));
  }
  const ms = performance.now() - start;
  return { tokens: tokenCount, chars: text.length, frames: frames.length, ms, parsedChars, elements: container.querySelectorAll('*').length };
}

function row(label: string, result: Result): string {
  return [
    label.padEnd(12),
    String(result.tokens).padStart(7),
    String(result.chars).padStart(8),
    String(result.frames).padStart(7),
    result.ms.toFixed(0).padStart(8),
    ((result.ms * 1000) / result.tokens).toFixed(1).padStart(10),
    (result.ms / result.frames).toFixed(3).padStart(9),
    (result.parsedChars / result.tokens).toFixed(1).padStart(13),
  ].join(' ');
}

function main(): void {
  streamIncrementally(8_000); // warm up the JIT
  console.log(`Streaming markdown in jsdom, ${TOKENS_PER_FRAME} tokens per frame`);
  console.log(['mode'.padEnd(12), 'tokens'.padStart(7), 'chars'.padStart(8), 'frames'.padStart(7), 'ms'.padStart(8), 'µs/token'.padStart(10), 'ms/frame'.padStart(9), 'parsed/token'.padStart(13)].join(' '));
  for (const size of SIZES) {
    // Best of three: the work is deterministic, so the fastest run is the least disturbed one.
    const runs = [streamIncrementally(size), streamIncrementally(size), streamIncrementally(size)];
    console.log(row('incremental', runs.reduce((best, run) => (run.ms < best.ms ? run : best))));
  }
  for (const size of CODE_SIZES) {
    const runs = [streamIncrementally(size, codeBlockTokens(size)), streamIncrementally(size, codeBlockTokens(size))];
    console.log(row('code block', runs.reduce((best, run) => (run.ms < best.ms ? run : best))));
  }
  for (const size of NAIVE_SIZES) {
    console.log(row('naive', streamNaively(size)));
  }
}

main();
