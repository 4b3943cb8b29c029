// A streaming table goes into segments of TABLE_SEGMENT_ROWS rows (segmentedTable.ts), so that a row added lays out
// one segment, not the whole table; the columns of every segment have the first segment's widths. jsdom lays nothing
// out, so the header cells' widths are given here (a window of its own); without them the table stays one table.
import * as assert from 'node:assert/strict';
import { FRAME_BUDGET_CHARS } from '../../../../src/webview/frameBudget';
import { MarkdownView } from '../../../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { SEGMENT_HEAD_CLASS, TABLE_SEGMENT_CLASS, TABLE_SEGMENT_ROWS } from '../../../../src/webview/markdown/segmentedTable';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import { createWindow, fullRenderHtml, shownHtml } from '../domFixture';
import { md } from './streamFixture';

const window = createWindow();
const sanitize = createSanitizer(window);
const WIDTHS = [31.5, 57.25, 157, 54];
/** Header cells measured (each call of getBoundingClientRect on a cell). */
let measured = 0;
let laidOut = true;
window.HTMLTableCellElement.prototype.getBoundingClientRect = function (this: HTMLTableCellElement): DOMRect {
  measured++;
  const width = laidOut ? WIDTHS[this.cellIndex] ?? 0 : 0;
  return { width, height: 20, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 20, toJSON: () => ({}) };
};

const HEADER = '| # | name | description | value |\n|---|:-----|------------:|:-----:|\n';
const row = (i: number): string => `| ${i} | row **${i}** | a [link](https://example.com/${i}) and \`code\` | ${i * 17} |\n`;
const table = (rows: number, quote = ''): string =>
  `Intro.\n\n${`${HEADER}${Array.from({ length: rows }, (_, i) => row(i)).join('')}`.replace(/^/gm, quote).replace(new RegExp(`${quote}$`), '')}\nAfter.\n`;

/** Streams `text`, `perFrame` characters a frame; the container after the last frame. */
function stream(text: string, perFrame: number): HTMLElement {
  let clock = 0;
  const container = window.document.createElement('div');
  window.document.body.append(container);
  const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => clock);
  for (let offset = 0; offset < text.length; offset += perFrame) {
    view.append(text.slice(offset, offset + perFrame));
    view.update(false);
    clock += 16;
  }
  while (view.update(true)) clock += 16;
  return container;
}

const fullRender = (text: string): string => fullRenderHtml(window, (source) => md.render(source), text);
const segmentsOf = (container: HTMLElement): HTMLTableElement[] => Array.from(container.querySelectorAll('table'));

describe('webview/markdown: a streaming table in segments of TABLE_SEGMENT_ROWS rows', () => {
  beforeEach(() => {
    measured = 0;
    laidOut = true;
  });

  const cases: [string, number][] = [['a row a frame', 60], ['a frame\'s budget at a time', FRAME_BUDGET_CHARS], ['all at once (the view renders it a frame\'s budget at a time)', 1_000_000]];
  for (const [how, perFrame] of cases) {
    it(`${how}: no segment over TABLE_SEGMENT_ROWS rows, each with the first segment's column widths, the rows in order; shown as a full render`, () => {
      const rows = 4 * TABLE_SEGMENT_ROWS + 37;
      const text = table(rows);
      const container = stream(text, perFrame);
      const segments = segmentsOf(container);
      assert.equal(segments.length, Math.ceil(rows / TABLE_SEGMENT_ROWS), 'segments');
      for (const [index, segment] of segments.entries()) {
        assert.ok(segment.tBodies[0].rows.length <= TABLE_SEGMENT_ROWS, `segment ${index}: ${segment.tBodies[0].rows.length} rows`);
        assert.ok(segment.classList.contains(TABLE_SEGMENT_CLASS), `segment ${index} is fixed`);
        assert.deepEqual(Array.from(segment.querySelectorAll(':scope > colgroup > col'), (col) => (col as HTMLElement).style.width), WIDTHS.map((width) => `${width}px`));
        assert.equal(segment.style.width, `${WIDTHS.reduce((sum, width) => sum + width)}px`);
        // Every later segment has a copy of the header row, for screen readers (of no height: chat.css).
        assert.equal(segment.tHead?.textContent, segments[0].tHead?.textContent, `segment ${index}'s header`);
        assert.equal(segment.tHead?.classList.contains(SEGMENT_HEAD_CLASS), index > 0, `segment ${index}'s header is a copy`);
        assert.equal(segment.parentElement, segments[0].parentElement, 'all in the one scroll box');
      }
      const numbers = Array.from(container.querySelectorAll('tbody > tr > td:first-child'), (cell) => Number(cell.textContent));
      assert.deepEqual(numbers, Array.from({ length: rows }, (_, i) => i));
      // Measured once, when the first segment was full: one call a header cell.
      assert.equal(measured, WIDTHS.length);
      assert.equal(shownHtml(container), fullRender(text));
    });
  }

  it('a reopened message (its whole text set at once, rendered a frame\'s budget at a time) goes in segments too', () => {
    const rows = 3 * TABLE_SEGMENT_ROWS;
    const text = table(rows);
    let clock = 0;
    const container = window.document.createElement('div');
    const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => clock);
    view.setText(text);
    while (view.update(true)) clock += 16;
    assert.equal(segmentsOf(container).length, 3);
    assert.equal(shownHtml(container), fullRender(text));
  });

  it('in a quote too', () => {
    const rows = 2 * TABLE_SEGMENT_ROWS + 5;
    const text = table(rows, '> ');
    const container = stream(text, 80);
    const segments = segmentsOf(container);
    assert.equal(segments.length, 3);
    assert.ok(segments.every((segment) => segment.closest('blockquote') !== null));
    assert.equal(shownHtml(container), fullRender(text));
  });

  it('a table that cannot be measured (not laid out) stays one table, and is tried again as it grows', () => {
    laidOut = false;
    const rows = 3 * TABLE_SEGMENT_ROWS;
    const text = table(rows);
    const container = stream(text, 60);
    assert.equal(segmentsOf(container).length, 1);
    assert.ok(!segmentsOf(container)[0].classList.contains(TABLE_SEGMENT_CLASS));
    assert.ok(measured > WIDTHS.length, 'measured again as rows came');
    assert.equal(shownHtml(container), fullRender(text));
  });

  it('a table that cannot be measured is measured once a frame, not once a row (measuring makes the browser lay out)', () => {
    laidOut = false;
    const rows = 3 * TABLE_SEGMENT_ROWS;
    const container = stream(table(rows), FRAME_BUDGET_CHARS);
    assert.equal(segmentsOf(container).length, 1);
    // The rows past the first segment came some 50 a frame: once a row, that would be 200 times.
    const times = measured / WIDTHS.length;
    assert.ok(times >= 1 && times <= 10, `measured ${times} times`);
  });

  it('a frame that brings more rows than a segment holds fills segments in turn', () => {
    const rows = 5 * TABLE_SEGMENT_ROWS;
    // The first segment row by row, then the rest in one frame (a page far behind).
    const text = table(rows);
    const split = text.indexOf(row(TABLE_SEGMENT_ROWS + 1));
    let clock = 0;
    const container = window.document.createElement('div');
    const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => clock);
    view.append(text.slice(0, split));
    while (view.update(false)) clock += 16;
    view.append(text.slice(split, -10));
    view.update(false);
    // Whatever the frame budget let in, no segment over the limit.
    for (const segment of segmentsOf(container)) assert.ok(segment.tBodies[0].rows.length <= TABLE_SEGMENT_ROWS, `${segment.tBodies[0].rows.length} rows`);
    view.append(text.slice(-10));
    while (view.update(true)) clock += 16;
    assert.equal(segmentsOf(container).length, rows / TABLE_SEGMENT_ROWS);
    assert.equal(shownHtml(container), fullRender(text));
  });
});
