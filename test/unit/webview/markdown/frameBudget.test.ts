// A batch larger than a frame can take renders in parts, one bounded part per frame.
import * as assert from 'node:assert/strict';
import { BEHIND_FRAME_BUDGET_CHARS, BEHIND_FRAME_BUDGET_MS, FRAME_BUDGET_CHARS, FRAME_BUDGET_MS, FrameBudget, MAX_SLICE_CHARS, SLICE_CHARS } from '../../../../src/webview/frameBudget';
import { MarkdownView } from '../../../../src/webview/markdown/markdownView';
import type { NearScreen } from '../../../../src/webview/nearScreen';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import { createWindow, renderedHtml } from '../domFixture';
import { SHAPES, shapeText } from './shapes';
import { md } from './streamFixture';

const window = createWindow();
const sanitize = createSanitizer(window);

describe('webview/markdown: frame budget', function () {
  this.timeout(60_000);

  for (const shape of SHAPES) {
    it(`${shape}: 100 KB arriving at once renders over many frames, each doing bounded work, and ends as a full render`, () => {
      const text = shapeText(shape, 100_000);
      const container = window.document.createElement('div');
      const renderer = new StreamingMarkdownRenderer(md);
      const view = new MarkdownView(container, renderer, sanitize);
      view.append(text);
      let frames = 0;
      let worst = 0;
      for (let behind = true; behind; frames++) {
        const before = renderer.work.parsedChars + renderer.work.sanitizedChars + renderer.work.highlightedChars;
        behind = view.update(true);
        worst = Math.max(worst, renderer.work.parsedChars + renderer.work.sanitizedChars + renderer.work.highlightedChars - before);
      }
      assert.ok(frames >= text.length / FRAME_BUDGET_CHARS, `${frames} frames`);
      // Each frame parses, sanitizes and highlights about its share of new text, not the whole answer.
      assert.ok(worst < 12 * FRAME_BUDGET_CHARS, `worst frame: ${worst} characters of work`);
      const whole = window.document.createElement('div');
      whole.append(sanitize(md.render(text)));
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), renderedHtml(whole));
    });
  }

  it('a page behind the stream copies text in proportion to the answer: doubling it at most doubles the copies', () => {
    // The text arrives three times as fast as the frames render it (their budget on a fake clock).
    const copied = (chars: number): number => {
      const text = shapeText('mixed', chars);
      let clock = 0;
      const renderer = new StreamingMarkdownRenderer(md);
      const view = new MarkdownView(window.document.createElement('div'), renderer, sanitize, () => (clock += 0.01));
      for (let at = 0, behind = true; behind || at < text.length;) {
        view.append(text.slice(at, at + 3 * FRAME_BUDGET_CHARS));
        at += 3 * FRAME_BUDGET_CHARS;
        behind = view.update(at >= text.length);
      }
      assert.equal(renderer.source, text);
      return renderer.work.copiedChars;
    };
    const [small, large] = [copied(60_000), copied(120_000)];
    assert.ok(large <= 2.1 * small, `${small} → ${large} characters copied`);
  });

  /** Renders 30 KB of `shape` arriving at once with a clock that advances `msPerCall` each time it is read. */
  const renderAtOnce = (shape: (typeof SHAPES)[number], msPerCall: number): { worstNew: number; worstHighlighted: number; container: HTMLElement; text: string } => {
    const text = shapeText(shape, 30_000);
    const container = window.document.createElement('div');
    const renderer = new StreamingMarkdownRenderer(md);
    let clock = 0;
    const view = new MarkdownView(container, renderer, sanitize, () => (clock += msPerCall));
    view.append(text);
    let worstNew = 0;
    let worstHighlighted = 0;
    for (let behind = true; behind;) {
      const [source, highlighted] = [renderer.source.length, renderer.work.highlightedChars];
      behind = view.update(true);
      worstNew = Math.max(worstNew, renderer.source.length - source);
      worstHighlighted = Math.max(worstHighlighted, renderer.work.highlightedChars - highlighted);
    }
    return { worstNew, worstHighlighted, container, text };
  };

  for (const shape of SHAPES) {
    it(`${shape}: on a slow machine (the frame's time budget gone after one slice) a frame takes one slice of new text, and highlights about that much`, () => {
      const { worstNew, worstHighlighted, container, text } = renderAtOnce(shape, FRAME_BUDGET_MS);
      assert.equal(worstNew, SLICE_CHARS);
      assert.ok(worstHighlighted <= 2 * SLICE_CHARS, `highlighted in one frame: ${worstHighlighted}`);
      const whole = window.document.createElement('div');
      whole.append(sanitize(md.render(text)));
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), renderedHtml(whole));
    });
  }

  it('on a fast machine a frame renders several slices, up to FRAME_BUDGET_CHARS', () => {
    const { worstNew } = renderAtOnce('paragraph', 0);
    assert.equal(worstNew, FRAME_BUDGET_CHARS);
  });

  /**
   * A view on the page's budget, rendered a frame at a time as the page's scheduler does (start,
   * update, end), as the view of an answer that streams: what it leaves over puts the page behind. On a
   * machine where rendering a character costs `cost()` ms (read when the clock is), nothing else; by
   * default a fast one (the clock does not move).
   */
  const pageView = (cost: () => number = () => 0, nearScreen?: NearScreen): { view: MarkdownView; renderer: StreamingMarkdownRenderer; budget: FrameBudget; frame(): number } => {
    const renderer = new StreamingMarkdownRenderer(md);
    let clock = 0;
    let counted = 0;
    const budget = new FrameBudget(() => {
      clock += (renderer.source.length - counted) * cost();
      counted = renderer.source.length;
      return clock;
    });
    const view = new MarkdownView(window.document.createElement('div'), renderer, sanitize, budget, nearScreen);
    return {
      view,
      renderer,
      budget,
      frame: () => {
        const before = renderer.source.length;
        budget.startFrame();
        if (view.update(false)) budget.leaveText();
        budget.endFrame();
        return renderer.source.length - before;
      },
    };
  };

  it('a frame after one that left text over takes BEHIND_FRAME_BUDGET_CHARS, and FRAME_BUDGET_CHARS again once the page has caught up', () => {
    const { view, budget, frame } = pageView();
    view.append(shapeText('paragraph', 3 * BEHIND_FRAME_BUDGET_CHARS));
    assert.equal(budget.isBehind, false);
    assert.equal(frame(), FRAME_BUDGET_CHARS, 'the first frame of a batch: the page was not behind');
    assert.equal(budget.isBehind, true);
    const added: number[] = [];
    while (budget.isBehind) added.push(frame());
    assert.deepEqual(added.slice(0, -1), added.slice(0, -1).map(() => BEHIND_FRAME_BUDGET_CHARS));
    assert.ok(added.at(-1)! <= BEHIND_FRAME_BUDGET_CHARS);
    // Caught up: the next batch starts at the normal budget again.
    view.append(shapeText('paragraph', 2 * FRAME_BUDGET_CHARS));
    assert.equal(frame(), FRAME_BUDGET_CHARS);
  });

  /** Streams an open `shape` and a paragraph after it into a page behind the stream: what each frame added to the block. */
  const behindInto = (shape: 'table' | 'list'): { added: number[]; open: string; budget: FrameBudget; frame(): number } => {
    const { view, renderer, budget, frame } = pageView();
    const open = shapeText(shape, 3 * BEHIND_FRAME_BUDGET_CHARS);
    view.append(`${open}\n\n${shapeText('paragraph', 3 * BEHIND_FRAME_BUDGET_CHARS)}`);
    // Characters of the block each frame rendered (the last one goes on into the paragraph).
    const added: number[] = [];
    while (renderer.source.length < open.length) {
      const before = renderer.source.length;
      frame();
      added.push(Math.min(renderer.source.length, open.length) - before);
    }
    return { added, open, budget, frame };
  };

  it('behind the stream, a frame adds no more than FRAME_BUDGET_CHARS to an open table (the browser lays out all it adds), and takes more again once it ends', () => {
    const { added, open, budget, frame } = behindInto('table');
    assert.equal(budget.isBehind, true);
    // At most a slice past the budget: the slice that opens the block is taken before it is open.
    assert.ok(Math.max(...added) <= FRAME_BUDGET_CHARS + SLICE_CHARS, `added per frame into the table: ${added.join(', ')}`);
    assert.ok(added.length >= open.length / (FRAME_BUDGET_CHARS + SLICE_CHARS), `${added.length} frames`);
    assert.equal(frame(), BEHIND_FRAME_BUDGET_CHARS, 'the paragraph after it: the budget of a page behind');
  });

  it('behind the stream, a frame adds BEHIND_FRAME_BUDGET_CHARS to an open list (its segments but the last are skipped off screen)', () => {
    const { added, budget } = behindInto('list');
    assert.equal(budget.isBehind, true);
    assert.equal(added[0], FRAME_BUDGET_CHARS, 'the first frame of a batch: the page was not behind');
    // (The last frame goes on into the paragraph.)
    assert.deepEqual(added.slice(1, -1), added.slice(1, -1).map(() => BEHIND_FRAME_BUDGET_CHARS), `added per frame into the list: ${added.join(', ')}`);
    assert.ok(added.length >= 3, `${added.length} frames`);
  });

  it('a frame renders what its time takes at the cost a character was measured at, in a few large slices; behind, for BEHIND_FRAME_BUDGET_MS', () => {
    // 2 ms per 1,000 characters: the first slice measures it, the next ones are sized to the time left.
    const { view, renderer, budget, frame } = pageView(() => 0.002);
    view.append(shapeText('paragraph', 3 * BEHIND_FRAME_BUDGET_CHARS));
    const renders = (): number => renderer.work.renders;
    let before = renders();
    assert.equal(frame(), FRAME_BUDGET_MS / 0.002);
    assert.equal(renders() - before, 2, 'a slice of SLICE_CHARS measures, one more takes the rest of the time');
    assert.equal(budget.isBehind, true);
    before = renders();
    assert.equal(frame(), BEHIND_FRAME_BUDGET_MS / 0.002);
    // (Slices of SLICE_CHARS would be eight renders, each parsing the unfinished paragraph again.)
    assert.equal(renders() - before, Math.ceil(BEHIND_FRAME_BUDGET_MS / 0.002 / MAX_SLICE_CHARS));
  });

  it('when characters suddenly cost ten times more, one frame goes over by at most a slice of MAX_SLICE_CHARS; the next ones fit their time again', () => {
    let cost = 0.0005;
    const { view, frame } = pageView(() => cost);
    view.append(shapeText('paragraph', 3 * BEHIND_FRAME_BUDGET_CHARS));
    frame();
    frame();
    cost = 0.005;
    const slowFrames = [frame(), frame(), frame()];
    assert.ok(slowFrames[0] <= MAX_SLICE_CHARS, `${slowFrames[0]} characters`);
    // Behind: BEHIND_FRAME_BUDGET_MS at 5 µs a character is 3,200 characters, in slices of at least SLICE_CHARS.
    for (const added of slowFrames.slice(1)) {
      assert.ok(added <= BEHIND_FRAME_BUDGET_MS / cost + SLICE_CHARS, `${added} characters`);
    }
  });

  it('views sharing the page\'s budget render at most one frame\'s worth together, and each gets there (an echoed prompt and its answer)', () => {
    const text = shapeText('mixed', 30_000);
    // Rendering a character costs `cost` ms.
    let clock = 0;
    let cost = 0;
    let counted = 0;
    const budget = new FrameBudget(() => {
      clock += (rendered() - counted) * cost;
      counted = rendered();
      return clock;
    });
    const views = [0, 1].map(() => {
      const container = window.document.createElement('div');
      const renderer = new StreamingMarkdownRenderer(md);
      const view = new MarkdownView(container, renderer, sanitize, budget);
      view.append(text);
      return { view, renderer, container };
    });
    const rendered = (): number => views.reduce((sum, { renderer }) => sum + renderer.source.length, 0);
    const frame = (): { added: number; behind: boolean } => {
      const before = rendered();
      budget.startFrame();
      const behind = views.map(({ view }) => view.update(true)).some(Boolean);
      return { added: rendered() - before, behind };
    };
    // Fast machine: the characters cap is the frame's, not each view's.
    const first = frame();
    assert.equal(first.added, FRAME_BUDGET_CHARS);
    // Slow machine: the time is gone after one slice, and the other view waits for the next frame. (The
    // first slow frame still sized its slice at the fast machine's cost.)
    cost = FRAME_BUDGET_MS / SLICE_CHARS;
    assert.ok(frame().added <= MAX_SLICE_CHARS);
    let frames = 1;
    for (let state = frame(); ; state = frame()) {
      frames++;
      assert.ok(state.added <= SLICE_CHARS, `a frame added ${state.added} characters`);
      if (!state.behind) break;
    }
    assert.ok(frames >= (2 * text.length - FRAME_BUDGET_CHARS - MAX_SLICE_CHARS) / SLICE_CHARS, `${frames} frames`);
    const whole = window.document.createElement('div');
    whole.append(sanitize(md.render(text)));
    for (const { container } of views) {
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), renderedHtml(whole));
    }
  });

  describe('a code block behind the stream (plain first, highlighted once caught up)', () => {
    /** What a full render of `text` shows: its HTML (code lines ungrouped) and its text. */
    const fullRender = (text: string): { html: string; text: string } => {
      const whole = window.document.createElement('div');
      whole.append(sanitize(md.render(text)));
      return { html: renderedHtml(whole), text: whole.textContent ?? '' };
    };
    const ts = (lines: number, from = 0): string => Array.from({ length: lines }, (_, i) => `export function step${from + i}(input: number): number { return input * ${i} + 1; } // step ${i}\n`).join('');

    /** Renders `text`, arriving at once, frame by frame until the page has caught up: the characters highlighted meanwhile. */
    const untilCaughtUp = (page: ReturnType<typeof pageView>, text: string): number => {
      page.view.append(text);
      page.frame();
      assert.equal(page.budget.isBehind, true, 'the batch is larger than a frame takes');
      const highlighted = page.renderer.work.highlightedChars;
      for (let frames = 0; page.budget.isBehind; frames++) {
        assert.ok(frames < 100, 'rendering stalled');
        page.frame();
      }
      return page.renderer.work.highlightedChars - highlighted;
    };

    /** Frames until no code waits to be highlighted: the most characters one frame highlighted, and the frames. */
    const untilHighlighted = (page: ReturnType<typeof pageView>): { worst: number; frames: number } => {
      let worst = 0;
      let frames = 0;
      while (page.view.highlighting) {
        assert.ok(frames++ < 200, 'highlighting stalled');
        const before = page.renderer.work.highlightedChars;
        page.frame();
        worst = Math.max(worst, page.renderer.work.highlightedChars - before);
      }
      return { worst, frames };
    };

    it('shows the new lines as plain text while behind, highlights nothing meanwhile, then groups of lines at the budget of a page behind each frame, and ends as a full render', () => {
      const page = pageView();
      const text = shapeText('code', 3 * BEHIND_FRAME_BUDGET_CHARS);
      assert.equal(untilCaughtUp(page, text), 0, 'characters highlighted while behind');
      const container = page.view['container'] as HTMLElement;
      const full = fullRender(text);
      assert.equal(container.textContent, full.text, 'all of the text is shown once the page has caught up');
      assert.equal(page.view.highlighting, true);
      const highlightedBefore = page.renderer.work.highlightedChars;
      const { worst, frames } = untilHighlighted(page);
      // Catching up with the stream too: a frame highlights up to BEHIND_FRAME_BUDGET_CHARS (in groups of about a slice).
      assert.ok(worst > FRAME_BUDGET_CHARS + 2 * SLICE_CHARS && worst <= BEHIND_FRAME_BUDGET_CHARS + 2 * SLICE_CHARS, `one frame highlighted ${worst} characters`);
      assert.ok(frames >= text.length / (BEHIND_FRAME_BUDGET_CHARS + 2 * SLICE_CHARS), `${frames} frames`);
      // Each plain line is highlighted once.
      assert.ok(page.renderer.work.highlightedChars - highlightedBefore <= text.length, `${page.renderer.work.highlightedChars - highlightedBefore} characters highlighted for ${text.length}`);
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), full.html);
    });

    it('shows the finished code blocks of a mixed answer as plain text while behind, then highlights them a block at a time, and ends as a full render', () => {
      const page = pageView();
      // Cut where a block ends: the frames here never render it final.
      const mixed = shapeText('mixed', 3 * BEHIND_FRAME_BUDGET_CHARS);
      const text = mixed.slice(0, mixed.lastIndexOf('\n\n') + 2);
      const container = page.view['container'] as HTMLElement;
      const plainBlocks = (): number => container.querySelectorAll('code.code-plain').length;
      const highlightedWhileBehind = untilCaughtUp(page, text);
      const full = fullRender(text);
      assert.equal(container.textContent, full.text, 'all of the text is shown once the page has caught up');
      const fences = (text.match(/^```\w/gm) ?? []).length;
      assert.ok(plainBlocks() > fences / 2, `${plainBlocks()} of ${fences} code blocks plain`);
      assert.ok(highlightedWhileBehind < 1_000, `${highlightedWhileBehind} characters highlighted while behind`);
      const { frames } = untilHighlighted(page);
      assert.ok(frames >= 1, `${frames} frames`);
      assert.equal(plainBlocks(), 0);
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk, .md-tail'))), full.html);
    });

    it('highlights only the code shown plain that is near the screen; the rest when it comes near, and nothing is watched once the view is gone', () => {
      /** Near the screen when the test says so. */
      class TestNearScreen implements NearScreen {
        readonly watched = new Map<Element, (near: boolean) => void>();
        watch(element: Element, changed: (near: boolean) => void): void {
          this.watched.set(element, changed);
        }
        forget(element: Element): void {
          this.watched.delete(element);
        }
        move(element: Element, near: boolean): void {
          this.watched.get(element)?.(near);
        }
      }
      const nearScreen = new TestNearScreen();
      const page = pageView(() => 0, nearScreen);
      let due = 0;
      page.view.onHighlightDue = () => due++;
      const mixed = shapeText('mixed', 3 * BEHIND_FRAME_BUDGET_CHARS);
      const text = mixed.slice(0, mixed.lastIndexOf('\n\n') + 2);
      const container = page.view['container'] as HTMLElement;
      const plain = (): HTMLElement[] => Array.from(container.querySelectorAll<HTMLElement>('code.code-plain'));
      untilCaughtUp(page, text);
      // (A finished block shown plain whole has the class; one that was still growing, plain groups of lines.)
      const shownPlain = plain();
      const watched = [...nearScreen.watched.keys()];
      assert.ok(shownPlain.length > 3, `${shownPlain.length} code blocks plain`);
      assert.ok(shownPlain.every((code) => watched.includes(code)), 'each block shown plain is watched');
      assert.ok(watched.every((code) => code.localName === 'code' && container.contains(code)));
      // None near: caught up, the page highlights nothing, however many frames pass, nor looks at the blocks.
      assert.equal(page.view.highlighting, false);
      const highlighted = page.renderer.work.highlightedChars;
      const visits = page.renderer.work.plainCodeVisits;
      for (let i = 0; i < 5; i++) page.frame();
      assert.equal(page.renderer.work.highlightedChars, highlighted);
      assert.equal(page.renderer.work.plainCodeVisits, visits, 'blocks far from the screen looked at');
      assert.deepEqual(plain(), shownPlain);
      // The first comes near and leaves again before a frame: nothing to do.
      nearScreen.move(watched[0], true);
      nearScreen.move(watched[0], false);
      assert.equal(due, 1);
      assert.equal(page.view.highlighting, false);
      // The last comes near (the view is at the end of the answer): it alone is highlighted, in the next frames.
      const last = watched[watched.length - 1];
      nearScreen.move(last, true);
      nearScreen.move(last, true);
      assert.equal(due, 2, 'the view is told to render again, once');
      assert.equal(page.view.highlighting, true);
      const { frames } = untilHighlighted(page);
      assert.ok(page.renderer.work.highlightedChars - highlighted <= (last.textContent ?? '').length, 'only the block near the screen is highlighted');
      // A frame looks at the one block near the screen, not at the others shown plain far from it.
      assert.ok(page.renderer.work.plainCodeVisits - visits <= frames, `${page.renderer.work.plainCodeVisits - visits} blocks looked at in ${frames} frames, ${watched.length} plain`);
      assert.deepEqual(plain(), shownPlain.filter((code) => code !== last));
      assert.ok(last.querySelector('.hljs-keyword, .hljs-string, .hljs-number') !== null, 'the block near the screen is highlighted');
      assert.equal(page.view.highlighting, false);
      assert.equal(nearScreen.watched.has(last), false, 'highlighted, no longer watched');
      // The reader scrolls up through the rest: each is highlighted as it comes near; the answer ends as a full render.
      for (const code of watched.slice(0, -1).reverse()) nearScreen.move(code, true);
      assert.equal(due, watched.length + 1);
      untilHighlighted(page);
      assert.equal(plain().length, 0);
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk, .md-tail'))), fullRender(text).html);
      // A view gone (or its text replaced) leaves nothing watched.
      const other = pageView(() => 0, nearScreen);
      untilCaughtUp(other, text);
      assert.ok(nearScreen.watched.size > 3);
      other.view.dispose();
      assert.equal(nearScreen.watched.size, 0, 'disposed');
      const replaced = pageView(() => 0, nearScreen);
      untilCaughtUp(replaced, text);
      replaced.view.setText('Another answer.');
      replaced.frame();
      assert.equal(nearScreen.watched.size, 0, 'text replaced');
    });

    it('marks bidi controls in a finished block shown plain, and keeps them marked once it is highlighted', () => {
      const page = pageView();
      const blocks = Array.from({ length: 1_000 }, (_, i) => `Step ${i}:\n\n\`\`\`ts\nconst a${i} = ${i === 500 ? '"\u202Eevil"' : i};\n\`\`\`\n\n`).join('') + 'Done.\n';
      untilCaughtUp(page, blocks);
      const container = page.view['container'] as HTMLElement;
      const marked = (): (string | undefined)[] => Array.from(container.querySelectorAll<HTMLElement>('.bidi-control'), (mark) => mark.closest('code')?.className);
      assert.deepEqual(marked(), ['hljs language-ts code-plain'], 'marked while plain');
      untilHighlighted(page);
      assert.deepEqual(marked(), ['hljs language-ts'], 'marked once highlighted');
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk, .md-tail'))), fullRender(blocks).html);
    });

    it('marks bidi controls and invisible characters in the lines shown plain, as in highlighted ones', () => {
      const page = pageView();
      const code = ts(400);
      const middle = code.indexOf('step200');
      const text = `\`\`\`ts\n${code.slice(0, middle)}\u202Estep\u200B${code.slice(middle + 4)}\`\`\`\n`;
      untilCaughtUp(page, text);
      const container = page.view['container'] as HTMLElement;
      const marks = (): string[] => Array.from(container.querySelectorAll('.bidi-control')).map((mark) => (mark as HTMLElement).dataset.bidi ?? '');
      assert.equal(page.view.highlighting, true);
      assert.deepEqual(marks(), ['U+202E', 'U+200B'], 'shown plain');
      untilHighlighted(page);
      assert.deepEqual(marks(), ['U+202E', 'U+200B'], 'highlighted');
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), fullRender(text).html);
    });

    it('an answer that keeps up is highlighted as it streams, with nothing left for later', () => {
      const page = pageView();
      const text = shapeText('code', 3 * BEHIND_FRAME_BUDGET_CHARS);
      for (let start = 0; start < text.length; start += 500) {
        page.view.append(text.slice(start, start + 500));
        page.frame();
        assert.equal(page.budget.isBehind, false);
        assert.equal(page.view.highlighting, false);
      }
      assert.equal(renderedHtml(...Array.from((page.view['container'] as HTMLElement).querySelectorAll('.md-chunk'))), fullRender(text).html);
    });

    it('a comment or string open across the plain groups, or still open where the block ends, is highlighted as in a full render', () => {
      const comment = `/* a comment\n${'   that goes on, `quoted` and "quoted"\n'.repeat(120)}*/\n`;
      const template = `const t = \`template\n${'  ${x} line\n'.repeat(300)}\`;\n`;
      const unclosed = `/* never closed\n${'   goes on\n'.repeat(400)}`;
      for (const text of [`\`\`\`ts\n${ts(60)}${comment}${ts(100, 60)}${template}${ts(100, 160)}\`\`\`\n`, `\`\`\`ts\n${ts(300)}${unclosed}\`\`\`\n`]) {
        const page = pageView();
        untilCaughtUp(page, text);
        untilHighlighted(page);
        assert.equal(renderedHtml(...Array.from((page.view['container'] as HTMLElement).querySelectorAll('.md-chunk'))), fullRender(text).html);
      }
    });

    it('an answer that ends inside the block (stopped) while the page is behind shows its last partial line plain too, then highlights it, and ends as a full render', () => {
      const page = pageView();
      const text = `\`\`\`ts\n${ts(400)}const partial = `;
      page.view.append(text);
      // Frames as the page's scheduler runs them, the answer complete (as when Stop was pressed).
      for (let left = true, frames = 0; left; frames++) {
        assert.ok(frames < 100, 'rendering stalled');
        page.budget.startFrame();
        left = page.view.update(true);
        if (left) page.budget.leaveText();
        page.budget.endFrame();
      }
      const container = page.view['container'] as HTMLElement;
      const full = fullRender(text);
      assert.equal(container.textContent, full.text, 'all of the text is shown');
      assert.equal(page.view.highlighting, true, 'shown plain while the page was behind');
      untilHighlighted(page);
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), full.html);
    });

    it('an open block whose plain lines end inside a comment shows them highlighted as its unsettled rest, and ends as a full render', () => {
      const page = pageView();
      const start = `\`\`\`ts\n${ts(60)}/* a comment\n${'   that goes on\n'.repeat(1_500)}`;
      untilCaughtUp(page, start);
      untilHighlighted(page);
      const container = page.view['container'] as HTMLElement;
      assert.equal(container.querySelector('.md-tail code')?.textContent, start.slice('```ts\n'.length));
      assert.equal(Array.from(container.querySelectorAll('.md-tail code > span:last-child .hljs-comment')).at(-1)?.textContent?.endsWith('goes on\n'), true, 'the open comment is highlighted');
      const end = `*/\n${ts(10, 60)}\`\`\`\n`;
      page.view.append(end);
      page.frame();
      untilHighlighted(page);
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), fullRender(start + end).html);
    });

    it('code shown plain in a list that is then rebuilt (a blank line made it loose) is highlighted as the rebuilt list shows it, never where it was', () => {
      const page = pageView();
      const items = Array.from({ length: 1_000 }, (_, i) => `- item ${i}\n  \`\`\`ts\n  const a${i} = ${i};\n  \`\`\`\n`).join('');
      const text = `${items}\n- a loose item\n`;
      const container = page.view['container'] as HTMLElement;
      untilCaughtUp(page, text);
      const plain = container.querySelectorAll('code.code-plain');
      assert.ok(plain.length > 500, `${plain.length} code blocks plain`);
      const code = Array.from(plain, (block) => block.textContent ?? '').join('');
      const before = page.renderer.work.highlightedChars;
      untilHighlighted(page);
      assert.equal(page.renderer.work.highlightedChars - before, code.length, 'characters highlighted: the plain blocks shown, each once');
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk, .md-tail'))), fullRender(text).html);
    });
  });
});
