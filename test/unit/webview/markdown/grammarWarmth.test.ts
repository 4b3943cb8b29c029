// Code in a grammar the page has not warmed up yet is shown plain, never highlighted in a frame, and highlighted
// once the warm-up has made the grammar warm, which it does first for a grammar the page waits for.
import * as assert from 'node:assert/strict';
import { FrameBudget } from '../../../../src/webview/frameBudget';
import { GrammarWarmth } from '../../../../src/webview/markdown/grammarWarmth';
import { HIGHLIGHTED_LANGUAGES } from '../../../../src/webview/markdown/highlight';
import { MarkdownView } from '../../../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import { HIGHLIGHT_ROUNDS, SAMPLE_BLOCKS, warmUp } from '../../../../src/webview/markdown/warmUp';
import { createAppHarness, stateMessage } from '../appHarness';
import { createWindow, renderedHtml } from '../domFixture';
import { md } from './streamFixture';

const window = createWindow();
const sanitize = createSanitizer(window);

/** Steps of one grammar in the warm-up: built, then its rounds in either width. */
const GRAMMAR_STEPS = 1 + 2 * HIGHLIGHT_ROUNDS;

describe('webview/markdown: grammars not yet warm', () => {
  it('every highlighted language starts cold, an alias with its grammar; an unknown one counts warm and is never waited for', () => {
    const warmth = new GrammarWarmth();
    for (const language of HIGHLIGHTED_LANGUAGES) assert.equal(warmth.isWarm(language), false, language);
    for (const language of ['', 'brainfuck']) assert.equal(warmth.isWarm(language), true, language);
    warmth.setWarm('typescript');
    assert.deepEqual([warmth.isWarm('typescript'), warmth.isWarm('ts'), warmth.isWarm('tsx')], [true, true, true]);
    warmth.setWarm('py');
    assert.equal(warmth.isWarm('python'), true, 'set warm by an alias');
    assert.equal(warmth.isWarm('javascript'), false);
  });

  it('names the grammars the page waited for, longest first, by the name the warm-up knows; none once they are warm', () => {
    const warmth = new GrammarWarmth();
    assert.equal(warmth.nextWanted(), undefined);
    warmth.isWarm('sh');
    warmth.isWarm('ts');
    warmth.isWarm('sh');
    assert.equal(warmth.nextWanted(), 'bash');
    warmth.setWarm('bash');
    assert.equal(warmth.nextWanted(), 'typescript');
    warmth.setWarm('typescript');
    assert.equal(warmth.nextWanted(), undefined);
  });

  it('tells each waiting view once, when a grammar the page waited for turns warm; not for one nobody waited for, nor a view that stopped waiting', () => {
    const warmth = new GrammarWarmth();
    const told: string[] = [];
    warmth.isWarm('ts');
    warmth.whenWarmer(() => told.push('a'));
    const stop = warmth.whenWarmer(() => told.push('b'));
    warmth.setWarm('python');
    assert.deepEqual(told, [], 'nobody waited for python');
    stop();
    warmth.setWarm('typescript');
    warmth.setWarm('typescript');
    assert.deepEqual(told, ['a']);
  });

  describe('the view', () => {
    /** What a full render of `text` shows, every grammar warm. */
    const fullRender = (text: string): string => {
      const whole = window.document.createElement('div');
      whole.append(sanitize(md.render(text)));
      return renderedHtml(whole);
    };
    /** A view whose frames keep up (the clock does not move), with only `cold` not yet warm. */
    const coldView = (cold: string[]): { view: MarkdownView; renderer: StreamingMarkdownRenderer; warmth: GrammarWarmth; container: HTMLElement; due: () => number; frame(final?: boolean): void } => {
      const renderer = new StreamingMarkdownRenderer(md);
      const budget = new FrameBudget(() => 0);
      const container = window.document.createElement('div');
      const warmth = new GrammarWarmth(cold);
      const view = new MarkdownView(container, renderer, sanitize, budget, undefined, warmth);
      let due = 0;
      view.onHighlightDue = () => due++;
      return {
        view, renderer, warmth, container,
        due: () => due,
        frame: (final = false) => {
          budget.startFrame();
          view.update(final);
          budget.endFrame();
        },
      };
    };
    const TS_LINES = Array.from({ length: 30 }, (_, i) => `export const value${i}: number = ${i} * 2; // line ${i}\n`).join('');
    /** Prose, a finished TypeScript block, a Python one, a list item holding TypeScript, and an open TypeScript block. */
    const ANSWER = `Some text.\n\n\`\`\`ts\n${TS_LINES}\`\`\`\n\nMore.\n\n\`\`\`python\nprint("warm")  # a comment\n\`\`\`\n\n- an item:\n\n  \`\`\`ts\n  const inList = 1;\n  \`\`\`\n\nLast:\n\n\`\`\`typescript\n${TS_LINES}`;

    it('shows the code of a cold grammar as plain text while the answer streams (finished, open and in a list), runs that grammar on none of it, and asks for no frames meanwhile', () => {
      const page = coldView(['typescript']);
      for (let start = 0; start < ANSWER.length; start += 40) {
        page.view.append(ANSWER.slice(start, start + 40));
        page.frame();
        assert.equal(page.view.highlighting, false, 'no frame wanted for code that cannot be highlighted yet');
      }
      page.frame(true);
      // (Python's 27 characters, a few times as its block grew; TypeScript's are 2,600.)
      assert.ok(page.renderer.work.highlightedChars > 0 && page.renderer.work.highlightedChars < 200, `only Python highlighted: ${page.renderer.work.highlightedChars} characters`);
      assert.equal(page.container.textContent, (() => {
        const whole = window.document.createElement('div');
        whole.append(sanitize(md.render(ANSWER)));
        return whole.textContent;
      })(), 'all of the text is shown');
      const ts = Array.from(page.container.querySelectorAll('.code-block[data-lang="ts"] code, .code-block[data-lang="typescript"] code'));
      assert.equal(ts.length, 3);
      for (const code of ts) assert.equal(code.querySelector('[class^="hljs-"]'), null, 'no TypeScript highlighted');
      assert.ok(page.container.querySelector('.code-block[data-lang="python"] code .hljs-comment'));
      assert.equal(page.view.highlighting, false);
      assert.equal(page.warmth.nextWanted(), 'typescript', 'the page waits for TypeScript');
    });

    it('once the grammar is warm, asks for an update, highlights that code, and ends exactly as a full render', () => {
      const page = coldView(['typescript']);
      for (let start = 0; start < ANSWER.length; start += 40) {
        page.view.append(ANSWER.slice(start, start + 40));
        page.frame();
      }
      page.frame(true);
      const dueBefore = page.due();
      page.warmth.setWarm('typescript');
      assert.equal(page.due(), dueBefore + 1, 'an update asked for once');
      assert.equal(page.view.highlighting, true);
      for (let frames = 0; page.view.highlighting; frames++) {
        assert.ok(frames < 20, 'highlighting stalled');
        page.frame(true);
      }
      assert.equal(renderedHtml(...Array.from(page.container.querySelectorAll('.md-chunk, .md-tail'))), fullRender(ANSWER));
    });

    it('an open block and one in a list still streaming when the grammar turns warm go on highlighted, and end as a full render', () => {
      const page = coldView(['typescript']);
      const half = Math.floor(ANSWER.length * 0.9);
      for (let start = 0; start < half; start += 40) {
        page.view.append(ANSWER.slice(start, Math.min(half, start + 40)));
        page.frame();
      }
      page.warmth.setWarm('typescript');
      for (let start = half; start < ANSWER.length; start += 40) {
        page.view.append(ANSWER.slice(start, start + 40));
        page.frame();
      }
      page.frame(true);
      while (page.view.highlighting) page.frame(true);
      assert.equal(renderedHtml(...Array.from(page.container.querySelectorAll('.md-chunk, .md-tail'))), fullRender(ANSWER));
    });

    it('a view that is gone waits for nothing', () => {
      const page = coldView(['typescript']);
      page.view.append(ANSWER);
      page.frame(true);
      page.view.dispose();
      const dueBefore = page.due();
      page.warmth.setWarm('typescript');
      assert.equal(page.due(), dueBefore);
    });
  });

  describe('the warm-up', () => {
    /** A warm-up driven by hand: each callback's highlight calls, by language. */
    const warming = (options: { rendering?: () => boolean; highlight?: (code: string, language: string) => void } = {}) => {
      const warmth = new GrammarWarmth();
      const callbacks: (() => void)[] = [];
      const calls: string[][] = [];
      warmUp({
        requestIdle: (callback) => callbacks.push(callback),
        render: () => calls.at(-1)?.push('render'),
        highlight: (code, language) => {
          calls.at(-1)?.push(language);
          options.highlight?.(code, language);
        },
        warmth,
        ...(options.rendering ? { rendering: options.rendering } : {}),
      });
      return {
        warmth,
        callbacks,
        /** Runs `count` callbacks: what each ran. */
        run: (count: number): string[][] => {
          const from = calls.length;
          for (let i = 0; i < count && callbacks.length > 0; i++) {
            calls.push([]);
            callbacks.shift()?.();
          }
          return calls.slice(from);
        },
      };
    };

    it('warms a grammar the page waits for first, before everything else left, then marks it warm and goes on', () => {
      const w = warming();
      assert.deepEqual(w.run(2), [['render'], ['render']]);
      assert.equal(w.warmth.isWarm('ts'), false);
      const urgent = w.run(GRAMMAR_STEPS);
      assert.deepEqual(urgent, Array.from({ length: GRAMMAR_STEPS }, () => ['typescript']), 'its steps, each alone');
      assert.equal(w.warmth.isWarm('ts'), true, 'warm after its last step');
      assert.deepEqual(w.run(1), [['render']], 'then the rest, in order');
      while (w.callbacks.length > 0) w.run(1);
      for (const language of HIGHLIGHTED_LANGUAGES) assert.equal(w.warmth.isWarm(language), true, `${language} warm at the end`);
    });

    it('warms the grammars answers hold most first: TypeScript, JavaScript, Python, then the shells', () => {
      // (A first answer sent as the view opened met TypeScript cold: it came 24th of 26 in alphabetical order.)
      const w = warming();
      w.run(2 * SAMPLE_BLOCKS.length + 4);
      const order: string[] = [];
      while (w.callbacks.length > 0) for (const [language] of w.run(1)) if (order.at(-1) !== language) order.push(language);
      assert.deepEqual(order.slice(0, 5), ['typescript', 'javascript', 'python', 'bash', 'shell']);
      assert.deepEqual([...order].sort(), [...HIGHLIGHTED_LANGUAGES].sort());
    });

    it('a grammar is warm only after its last round, and after every grammar the warm-up ends', () => {
      const w = warming();
      w.run(2 * SAMPLE_BLOCKS.length + 4);
      const [first] = HIGHLIGHTED_LANGUAGES;
      for (let step = 0; step < GRAMMAR_STEPS; step++) {
        assert.equal(w.warmth.isWarm(first), false, `${first} after ${step} of its steps`);
        assert.deepEqual(w.run(1), [[first]]);
      }
      assert.equal(w.warmth.isWarm(first), true);
      let callbacks = 0;
      while (w.callbacks.length > 0) callbacks += w.run(1).length;
      assert.equal(callbacks, (HIGHLIGHTED_LANGUAGES.length - 1) * GRAMMAR_STEPS);
    });

    it('while the page renders or the host answers, runs no step, not even a waited-for grammar\'s; after, that grammar first', () => {
      // (Steps between an answer's frames, tried for a waited-for grammar: in the editor bench, the full-speed mixed
      // answer on a cold page had 13 tasks over 50 ms in 5 runs against 9 with the build before.)
      let rendering = true;
      const w = warming({ rendering: () => rendering });
      w.warmth.isWarm('python');
      assert.deepEqual(w.run(3), [[], [], []]);
      rendering = false;
      assert.deepEqual(w.run(GRAMMAR_STEPS + 1), [...Array.from({ length: GRAMMAR_STEPS }, () => ['python']), ['render']]);
      assert.equal(w.warmth.isWarm('python'), true);
    });

    it('a grammar whose step throws is still marked warm: its code is never left plain for good', () => {
      const errors: unknown[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => errors.push(args);
      try {
        const w = warming({ highlight: (_code, language) => { if (language === 'go') throw new Error('broken'); } });
        w.warmth.isWarm('go');
        w.run(GRAMMAR_STEPS);
        assert.equal(w.warmth.isWarm('go'), true);
        assert.equal(errors.length, GRAMMAR_STEPS);
      } finally {
        console.error = original;
      }
    });
  });

  it('the page: a first answer\'s code in a grammar not yet warm is shown plain, then highlighted once the warm-up has warmed it, as without a warm-up', () => {
    const idle: (() => void)[] = [];
    const h = createAppHarness('', (callback) => idle.push(callback));
    const content = 'Here:\n\n```ts\nconst answer: number = 42; // the answer\n```\n';
    const message = { id: 'a', role: 'assistant' as const, content, status: 'done' as const, createdAt: 1 };
    h.receive(stateMessage([message]));
    while (h.runFrames() > 0);
    assert.ok(h.$('.message .content code.code-plain'), 'shown plain');
    assert.equal(h.$('.message .content code').querySelector('[class^="hljs-"]'), null);
    let callbacks = 0;
    while (idle.length > 0 && h.$('.message .content code').classList.contains('code-plain')) {
      assert.ok(callbacks++ < 20, 'TypeScript is warmed first');
      idle.shift()?.();
      while (h.runFrames() > 0);
    }
    assert.equal(callbacks, GRAMMAR_STEPS, 'its steps, then the code highlighted');
    const plain = createAppHarness();
    plain.receive(stateMessage([message]));
    plain.runFrames();
    assert.equal(h.$('.message .content').innerHTML, plain.$('.message .content').innerHTML);
  });
});
