// The first answer of a fresh page paid for compiling the Markdown parser, the sanitizer and each
// highlight.js grammar it met: one task of 100+ ms as it started to stream (issue 8). The page
// does that work ahead, while it is idle, one small step per idle callback, on text of its own
// that is never shown.
import { HIGHLIGHTED_LANGUAGES, highlightCode } from './highlight';

/** Markdown with each block and inline kind the renderer has a path for. */
const SAMPLE = [
  '# Heading', '',
  'A paragraph with **bold**, _soft_, `code`, a [link](https://example.com) and https://example.com.', '',
  '- an item', '  - a nested item', '1. a step', '',
  '> a quote', '',
  '| a | b |', '|---|:-:|', '| 1 | 2 |', '',
  '```ts', 'const x = 1; // a comment', '```', '',
].join('\n');

/**
 * Rounds of the sample: the engine compiles a function to faster code only after it ran a few
 * times, and the first real answer's first slice still cost 30–40 ms after a single round.
 */
const ROUNDS = 4;

export type RequestIdle = (callback: () => void) => void;

/**
 * Runs `render(SAMPLE)` (the page's whole rendering path: parse, sanitize, DOM, off the page),
 * then one grammar per idle callback.
 */
export function warmUp(requestIdle: RequestIdle, render: (markdown: string) => void): void {
  const steps: (() => void)[] = [
    ...Array.from({ length: ROUNDS }, () => () => render(SAMPLE.repeat(4))),
    ...HIGHLIGHTED_LANGUAGES.map((language) => () => void highlightCode('x', language)),
  ];
  const next = (): void => {
    const step = steps.shift();
    if (step === undefined) return;
    try {
      step();
    } catch (error) {
      console.error('Model Access: warming up the renderer failed', error);
    }
    requestIdle(next);
  };
  requestIdle(next);
}
