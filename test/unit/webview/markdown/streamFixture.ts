// Helpers for streaming a text through the renderer in pieces, as the host's deltas would.
import { createMarkdownEngine } from '../../../../src/webview/markdown/markdownEngine';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';

export const md = createMarkdownEngine();

/** Deterministic pseudo-random numbers, so a failing chunking can be reproduced. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

/** Splits `text` into pieces of 1..maxSize characters. */
export function chunk(text: string, maxSize: number, random: () => number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length;) {
    const size = 1 + Math.floor(random() * maxSize);
    pieces.push(text.slice(i, i + size));
    i += size;
  }
  return pieces;
}

/** Streams the pieces (rendering after each) and returns the HTML a DOM would end up with. */
export function streamAndCollect(pieces: readonly string[], renderer = new StreamingMarkdownRenderer(md)): string {
  let finished = '';
  for (const piece of pieces) {
    renderer.append(piece);
    finished += renderer.render().finishedHtml;
  }
  const last = renderer.render(true);
  return finished + last.finishedHtml;
}
