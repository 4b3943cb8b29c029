// A batch larger than a frame can take renders in parts, one bounded part per frame.
import * as assert from 'node:assert/strict';
import { BEHIND_FRAME_BUDGET_CHARS, BEHIND_FRAME_BUDGET_MS, FRAME_BUDGET_CHARS, FRAME_BUDGET_MS, FrameBudget, SLICE_CHARS } from '../../../../src/webview/frameBudget';
import { MarkdownView } from '../../../../src/webview/markdown/markdownView';
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
   * update, end), as the view of an answer that streams: what it leaves over puts the page behind.
   */
  const pageView = (msPerCall: number): { view: MarkdownView; renderer: StreamingMarkdownRenderer; budget: FrameBudget; frame(): number } => {
    let clock = 0;
    const budget = new FrameBudget(() => (clock += msPerCall));
    const renderer = new StreamingMarkdownRenderer(md);
    const view = new MarkdownView(window.document.createElement('div'), renderer, sanitize, budget);
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
    const { view, budget, frame } = pageView(0);
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

  it('behind the stream, a frame adds no more than FRAME_BUDGET_CHARS to an open table (the browser lays it out whole), and takes more again once the table ends', () => {
    const { view, renderer, budget, frame } = pageView(0);
    const table = shapeText('table', 3 * BEHIND_FRAME_BUDGET_CHARS);
    view.append(`${table}\n\n${shapeText('paragraph', 3 * BEHIND_FRAME_BUDGET_CHARS)}`);
    // Characters of the table each frame rendered (the last one goes on into the paragraph).
    const added: number[] = [];
    while (renderer.source.length < table.length) {
      const before = renderer.source.length;
      frame();
      added.push(Math.min(renderer.source.length, table.length) - before);
    }
    assert.equal(budget.isBehind, true);
    // At most a slice past the budget: the slice that opens the table is taken before it is open.
    assert.ok(Math.max(...added) <= FRAME_BUDGET_CHARS + SLICE_CHARS, `added per frame into the table: ${added.join(', ')}`);
    assert.ok(added.length >= table.length / (FRAME_BUDGET_CHARS + SLICE_CHARS), `${added.length} frames`);
    assert.equal(frame(), BEHIND_FRAME_BUDGET_CHARS, 'the paragraph after it: the budget of a page behind');
  });

  it('on a slow machine too, a frame behind renders for BEHIND_FRAME_BUDGET_MS instead of FRAME_BUDGET_MS', () => {
    // The clock advances 2 ms per reading: a frame reads it at its start and before each further slice,
    // so it renders ceil(budget / 2) slices (fewer than either characters cap allows).
    const { view, budget, frame } = pageView(2);
    view.append(shapeText('paragraph', 3 * BEHIND_FRAME_BUDGET_CHARS));
    assert.equal(frame(), Math.ceil(FRAME_BUDGET_MS / 2) * SLICE_CHARS);
    assert.equal(budget.isBehind, true);
    assert.equal(frame(), Math.ceil(BEHIND_FRAME_BUDGET_MS / 2) * SLICE_CHARS);
  });

  it('views sharing the page\'s budget render at most one frame\'s worth together, and each gets there (an echoed prompt and its answer)', () => {
    const text = shapeText('mixed', 30_000);
    let clock = 0;
    let msPerCall = 0;
    const budget = new FrameBudget(() => (clock += msPerCall));
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
    // Slow machine: the time is gone after one slice, and the other view waits for the next frame.
    msPerCall = FRAME_BUDGET_MS;
    let frames = 0;
    for (let state = frame(); ; state = frame()) {
      frames++;
      assert.ok(state.added <= SLICE_CHARS, `a frame added ${state.added} characters`);
      if (!state.behind) break;
    }
    assert.ok(frames >= (2 * text.length - FRAME_BUDGET_CHARS) / SLICE_CHARS, `${frames} frames`);
    const whole = window.document.createElement('div');
    whole.append(sanitize(md.render(text)));
    for (const { container } of views) {
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), renderedHtml(whole));
    }
  });
});
