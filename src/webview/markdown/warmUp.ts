// The first answer of a fresh page paid for compiling the Markdown parser, the sanitizer and each
// highlight.js grammar it met: one task of 100+ ms as it started to stream (issue 8). The page
// does that work ahead, while it is idle, one small step per idle callback, on text of its own
// that is never shown. So it does for the fonts the first answer's first layout needs (below).
import { HIGHLIGHTED_LANGUAGES, highlightCode } from './highlight';

/**
 * Each block and inline kind the renderer has a path for, one block apiece. Each is rendered alone
 * first: the first render of them all together compiled everything in one idle callback (the parser,
 * link detection, the sanitizer, the TypeScript grammar), a task of 52–69 ms in plain Chromium; so, no
 * warm-up step took over 32 ms (two page loads each, `performance.now()` around each step).
 */
export const SAMPLE_BLOCKS = [
  '# Heading',
  'A paragraph with **bold**, _soft_, `code`, a [link](https://example.com), https://example.com/a?b=1, www.example.com and someone@example.com.',
  '- an item\n  - a nested item\n1. a step',
  '> a quote',
  '| a | b |\n|---|:-:|\n| 1 | 2 |',
  '```ts\nconst x = 1; // a comment\n```',
];

/** Markdown with each block and inline kind the renderer has a path for. */
export const SAMPLE = `${SAMPLE_BLOCKS.join('\n\n')}\n\n`;

/**
 * Code for each grammar, highlighted a few times: a regular expression runs in V8's interpreter first and
 * is compiled when it runs again; with `x` alone, the first answer's code blocks still paid for that (the
 * first 100 KB message's first slice: 20–34 ms in plain Chromium, 16–27 ms with this; 11 ms once warm).
 */
export const WARM_UP_CODE = 'import x from "y";\n# a comment\nconst a = 1; // note\nfunction f(b: string): number {\n  return b.length + 0x1F * 2.5; /* c */\n}\nclass C<T> extends D { @dec m() { if (a) { print(\'s\', `t ${a}`); } } }\n';

/**
 * Rounds of the sample: the engine compiles a function to faster code only after it ran a few
 * times, and the first real answer's first slice still cost 30–40 ms after a single round.
 */
const ROUNDS = 4;
/** Rounds of each grammar on WARM_UP_CODE (see there: the second run is the compiled one). */
export const HIGHLIGHT_ROUNDS = 3;

/**
 * Markdown laid out one piece per idle callback, each needing a font (face, weight, style, size)
 * a message shows. The first layout that meets a font asks the browser process for it, and waits:
 * traced in the editor (10 runs), the first message's first frames made 23 such requests, 6–75 ms
 * in all, and 4 of the 10 runs had a task of 51–77 ms with them in it; with this, none after Send.
 */
export const FONT_SAMPLES = [
  'Text', '**Bold**', '_Italic_', '***Bold italic***', '`code` and [a link](https://example.com)',
  '```\ncode\n```', '# Heading', '## Heading', '### Heading', '#### Heading', '##### Heading', '###### Heading',
  '| Head |\n|---|\n| Cell |', '> Quote', '- Item\n1. Step',
];

export type RequestIdle = (callback: () => void) => void;

/**
 * Runs `render` on each of SAMPLE_BLOCKS, then on SAMPLE (the page's whole rendering path: parse,
 * sanitize, DOM, off the page), then `layOut` each of FONT_SAMPLES (rendered where a message's text would be, laid out, never
 * shown), then one grammar per idle callback, each on WARM_UP_CODE HIGHLIGHT_ROUNDS times.
 */
export function warmUp(
  requestIdle: RequestIdle,
  render: (markdown: string) => void,
  highlight: (code: string, language: string) => void = highlightCode,
  layOut?: (markdown: string) => void,
): void {
  const steps: (() => void)[] = [
    ...SAMPLE_BLOCKS.map((block) => () => render(block)),
    ...Array.from({ length: ROUNDS }, () => () => render(SAMPLE.repeat(4))),
    ...(layOut ? FONT_SAMPLES.map((markdown) => () => layOut(markdown)) : []),
    ...HIGHLIGHTED_LANGUAGES.map((language) => () => {
      for (let i = 0; i < HIGHLIGHT_ROUNDS; i++) highlight(WARM_UP_CODE, language);
    }),
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
