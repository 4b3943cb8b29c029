// The first answer of a fresh page paid for compiling the Markdown parser, the sanitizer and each
// highlight.js grammar it met: one task of 100+ ms as it started to stream (issue 8). The page
// does that work ahead, while it is idle, one small step per idle callback, on text of its own
// that is never shown. So it does for the fonts the first answer's first layout needs (below).
import type { GrammarWarmth } from './grammarWarmth';
import { HIGHLIGHTED_LANGUAGES, highlightCode } from './highlight';

/**
 * Each block and inline kind the renderer has a path for, one block apiece. Each is rendered alone
 * first: the first render of them all together compiled everything in one idle callback (the parser,
 * link detection, the sanitizer, the TypeScript grammar), a task of 52–69 ms in plain Chromium. Alone, in
 * one-byte text, each took 2–35 ms (three page loads, `performance.now()` around each step).
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
 * times, and the first real answer's first slice still cost 30–40 ms after a single round. Every other
 * round is two-byte text (twoByte).
 */
const ROUNDS = 4;
/** Rounds of each grammar on WARM_UP_CODE, and as many on it as two-byte text (see there: the second run is the compiled one). */
export const HIGHLIGHT_ROUNDS = 3;

/**
 * A character outside Latin-1, as answers hold (a dash, a curly quote, an emoji): text with one is kept
 * two bytes a character (V8), all of it, and every slice the renderer takes of it, and V8 compiles each
 * regular expression separately for one-byte and for two-byte text. A warm-up in plain ASCII compiled
 * only the one-byte code: in plain Chromium, after it, the first parse of a three-line paragraph cut
 * from a 100 KB answer holding a few dashes and curly quotes took 12–22 ms (link detection's expressions,
 * compiled again), the next under 1; the same paragraph typed in ASCII, 0.2 the first time; after a
 * warm-up with two-byte text too, 3–5 ms the first time (timed with the profiler on, which adds to
 * both: 12–21 ms so timed before). The first round of the sample in two-byte text then took 20–68 ms in
 * one step; each block kind alone in two-byte text first (before the rounds), 1–16 ms a step, and the rounds
 * 8–18.
 */
export const TWO_BYTE_MARK = '\u2014';

/** `text` as two-byte text: with TWO_BYTE_MARK on a line of its own at the end. */
export function twoByte(text: string): string {
  return `${text}\n\n${TWO_BYTE_MARK}\n`;
}

/**
 * Markdown laid out one piece per idle callback (each as a whole message, a user's and an answer in
 * turn: see app.ts), each needing a font (face, weight, style, size) a message shows. The first layout that
 * meets a font asks the browser process for it, and waits: traced in the editor (10 runs), the first
 * message's first frames made 23 such requests, 6–75 ms in all, and 4 of the 10 runs had a task of
 * 51–77 ms with them in it. With these samples in a bare `.content`, 6 were left (1–36 ms, 18 runs);
 * with the message around them, 2 of no measurable time (3 runs; the same with the whole message, 3 more).
 */
export const FONT_SAMPLES = [
  'Text', '**Bold**', '_Italic_', '***Bold italic***', '`code` and [a link](https://example.com)',
  '```\ncode\n```', '# Heading', '## Heading', '### Heading', '#### Heading', '##### Heading', '###### Heading',
  '| Head |\n|---|\n| Cell |', '> Quote', '- Item\n1. Step',
];

/** What an idle callback is given: the time left of the idle period (ms). */
export interface IdleTime {
  timeRemaining(): number;
}

/** `callback` without an IdleTime: it runs one step. */
export type RequestIdle = (callback: (idle?: IdleTime) => void) => void;

/**
 * The page asks for its idle callbacks with a timeout (main.ts), so that a busy workbench (it shares
 * the page's main thread) cannot put the warm-up off for good; a callback the timeout forces while the
 * page renders runs no step (`rendering`): a step in an answer's frame made one task of 52 ms (12 ms
 * of it the step) in the editor bench.
 *
 * A further step starts in the same idle callback only while this much of the idle period is left
 * (at most 50 ms), and only a step that compiles nothing new (see warmUp): such a step took up to 11 ms
 * in plain Chromium. One step per callback left most of each idle period unused.
 */
export const STEP_ROOM_MS = 35;

/** What the warm-up runs; only `requestIdle` and `render` are needed. */
export interface WarmUpOptions {
  requestIdle: RequestIdle;
  /**
   * Runs the next step in a task of its own once the thread has nothing more urgent (main.ts: a
   * background task): the steps then follow each other. Without it, each waits for an idle callback, and
   * most steps have one of their own: in the editor on a 2-core machine the warm-up ended 7 s after the
   * page loaded, and a first prompt sent 3.3 s after it met 49 of its 83 steps not yet run (its first
   * render then compiled them: 50–105 ms on a CPU in the message's task). The first step too. A step that
   * finds the page rendering waits for an idle callback (`rendering`).
   */
  requestTask?: (callback: () => void) => void;
  /** Renders Markdown through the page's whole rendering path (parse, sanitize, DOM), off the page. */
  render: (markdown: string) => void;
  /** Highlights code with one grammar (default: the page's highlighter). */
  highlight?: (code: string, language: string) => void;
  /** Lays out Markdown as a message shows it, never shown (without it: no font samples); `index` in FONT_SAMPLES. */
  layOut?: (markdown: string, index: number) => void;
  /**
   * True while the page renders (a frame is wanted) or the host is answering (app.ts): a callback then runs no step,
   * and asks again.
   */
  rendering?: () => boolean;
  /**
   * Told when each grammar is warm (its steps all run), and asked which one the page waits for: that one's steps
   * run first, before anything else left (grammarWarmth.ts).
   */
  warmth?: GrammarWarmth;
}

interface Step { run(): void; alone: boolean }

/**
 * Runs `render` on each of SAMPLE_BLOCKS, then `layOut` each of FONT_SAMPLES (what the first
 * message's first frame needs), then `render` on each of SAMPLE_BLOCKS as two-byte text, then on SAMPLE
 * (every other round two-byte), then, a language at a time, builds its grammar and runs it on WARM_UP_CODE
 * HIGHLIGHT_ROUNDS times (a step a round), then as often on it as two-byte text (then the grammar is warm:
 * `warmth`): a step per idle callback (or task: `requestTask`), more while
 * STEP_ROOM_MS of an idle period are left, but never after a step that compiles (`alone`: the first render of
 * a block kind in either width, the first layout, the first rounds of the sample, a grammar built or run). In plain Chromium (three page loads each) every load had an idle
 * callback of 55–72 ms before (the first two-byte round, or a grammar after a short step); with this, the
 * longest callback was 32–47 ms: Java's grammar, which highlight.js compiles in one go (its generated
 * expressions run to 13 KB; shallower since: shallowJava.ts). All done 2.4–2.6 s after the page loaded, against 1.1–1.3.
 * A language the page waits for (`warmth`) goes first.
 */
export function warmUp({ requestIdle, requestTask, render, highlight = highlightCode, layOut, rendering = () => false, warmth }: WarmUpOptions): void {
  const steps: Step[] = [
    ...SAMPLE_BLOCKS.map((block) => ({ run: () => render(block), alone: true })),
    ...(layOut ? FONT_SAMPLES.map((markdown, index) => ({ run: () => layOut(markdown, index), alone: index === 0 })) : []),
    // Each kind alone as two-byte text too: its regular expressions are compiled again for it.
    ...SAMPLE_BLOCKS.map((block) => ({ run: () => render(twoByte(block)), alone: true })),
    ...Array.from({ length: ROUNDS }, (_, round) => ({ run: () => render(round % 2 === 0 ? SAMPLE.repeat(4) : twoByte(SAMPLE.repeat(4))), alone: round < 2 })),
  ];
  // A grammar is built (highlight.js compiles it on first use, and V8 each expression in it) in a step of its
  // own, before the rounds that run it: in Node on a 2-core machine, building Java's took 71–84 ms, Swift's
  // 31, then the first round 16 and 14 (Java's since registered shallower, shallowJava.ts: 41–42 ms to build).
  // Each round a step of its own: the first runs each expression in V8's interpreter (compiling it to
  // bytecode), the second compiles it to machine code. In the editor, the three rounds of Java's and of
  // Swift's grammar on two-byte text in one step took 71 and 80 ms.
  const grammars = new Map(HIGHLIGHTED_LANGUAGES.map((language) => [language, [
    { run: () => highlight('', language), alone: true },
    ...[WARM_UP_CODE, twoByte(WARM_UP_CODE)].flatMap((code) =>
      Array.from({ length: HIGHLIGHT_ROUNDS }, () => ({ run: () => highlight(code, language), alone: true }))),
  ]]));
  /** The next step: a waited-for language's, else the rest in order; undefined when none is left. */
  const nextStep = (): Step | undefined => {
    const wanted = warmth?.nextWanted();
    const language = wanted !== undefined && grammars.has(wanted) ? wanted
      : steps.length > 0 ? undefined : grammars.keys().next().value;
    if (language === undefined) return steps.shift();
    const group = grammars.get(language) ?? [];
    const step = group.shift();
    if (group.length === 0) {
      grammars.delete(language);
      // (Warm even when the step throws: a grammar left cold would keep its code plain for good.)
      return step && {
        alone: step.alone,
        run: () => {
          try {
            step.run();
          } finally {
            warmth?.setWarm(language);
          }
        },
      };
    }
    return step;
  };
  const left = (): number => steps.length + grammars.size;
  const next = (idle?: IdleTime): void => {
    if (rendering()) {
      requestIdle(next);
      return;
    }
    let ran = 0;
    for (;;) {
      if (ran > 0 && (idle === undefined || idle.timeRemaining() < STEP_ROOM_MS || peekAlone())) break;
      const step = nextStep();
      if (step === undefined) break;
      ran++;
      try {
        step.run();
      } catch (error) {
        console.error('Model Access: warming up the renderer failed', error);
      }
      if (step.alone) break;
    }
    if (left() > 0) (requestTask ?? requestIdle)(next);
  };
  /** True when the next step compiles (it runs alone): only the general steps have any that do not. */
  const peekAlone = (): boolean => warmth?.nextWanted() !== undefined || steps.length === 0 || (steps[0]?.alone ?? true);
  (requestTask ?? requestIdle)(next);
}
