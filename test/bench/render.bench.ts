// The jsdom layer of `npm run bench`: streams each answer shape through the webview's markdown
// pipeline (renderer + DOMPurify + DOM, in jsdom) the way the chat does, a few tokens per frame,
// at two sizes. The work counters (characters parsed, DOM operations) per character of answer
// stay flat when the answer doubles: the work is linear for every shape.
import { performance } from 'node:perf_hooks';
import { JSDOM } from 'jsdom';
import { createMarkdownEngine } from '../../src/webview/markdown/markdownEngine';
import { MarkdownView } from '../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../src/webview/markdown/sanitizer';
import { StreamingMarkdownRenderer } from '../../src/webview/markdown/streamingRenderer';
import { SHAPES, shapeText, tokensOf, type ShapeName } from '../unit/webview/markdown/shapes';
import { framesOf } from '../unit/webview/markdown/tokenStream';

const TOKENS_PER_FRAME = 3;
export const JSDOM_SIZES = [15_000, 30_000];

const window = new JSDOM('<!doctype html><div id="root"></div>').window as unknown as Window;
const md = createMarkdownEngine();
const sanitize = createSanitizer(window);

export interface JsdomResult {
  shape: ShapeName;
  chars: number;
  frames: number;
  ms: number;
  /** The most work (characters parsed + sanitized + highlighted) one frame did. */
  maxFrameWork: number;
  parsedPerChar: number;
  domOpsPerChar: number;
}

function stream(shape: ShapeName, chars: number): JsdomResult {
  const text = shapeText(shape, chars);
  const frames = framesOf(tokensOf(text), TOKENS_PER_FRAME);
  const container = window.document.createElement('div');
  const renderer = new StreamingMarkdownRenderer(md);
  // A frame every 16 ms of a fake clock: the work (a long table's updates too) does not depend on jsdom's speed.
  let clock = 0;
  const view = new MarkdownView(container, renderer, sanitize, () => clock);
  const work = (): number => renderer.work.parsedChars + renderer.work.sanitizedChars + renderer.work.highlightedChars;
  let maxFrameWork = 0;
  const start = performance.now();
  for (const frame of frames) {
    const before = work();
    view.append(frame);
    view.update(false);
    clock += 16;
    maxFrameWork = Math.max(maxFrameWork, work() - before);
  }
  while (view.update(true));
  const ms = performance.now() - start;
  return {
    shape, chars: text.length, frames: frames.length, ms, maxFrameWork,
    parsedPerChar: renderer.work.parsedChars / text.length,
    domOpsPerChar: renderer.work.domOperations / text.length,
  };
}

/** Every shape at every size; best of two runs (the work is deterministic, the fastest run the least disturbed). */
export function runJsdomBench(): JsdomResult[] {
  stream('mixed', 30_000); // warm up the JIT
  const results: JsdomResult[] = [];
  for (const shape of SHAPES) {
    for (const size of JSDOM_SIZES) {
      const runs = [stream(shape, size), stream(shape, size)];
      results.push(runs.reduce((best, run) => (run.ms < best.ms ? run : best)));
    }
  }
  return results;
}
