// A long table that streams: the browser lays all of it out for every row added, so while the view
// keeps up with the stream, such a table changes at most every LONG_TABLE_UPDATE_MS. Counted with a
// fake clock as frames in which the table's DOM changed (the browser lays it out once per such frame).
import * as assert from 'node:assert/strict';
import { FRAME_BUDGET_CHARS } from '../../../../src/webview/frameBudget';
import { LONG_TABLE_ROWS, LONG_TABLE_UPDATE_MS, MarkdownView } from '../../../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import { createWindow, fullRenderHtml, shownHtml } from '../domFixture';
import { HtmlAssembler, md } from './streamFixture';

const window = createWindow();
const sanitize = createSanitizer(window);
const FRAME_MS = 16;

const HEADER = '| # | name | value |\n|---|------|------:|\n';
const row = (i: number): string => `| ${i} | row **${i}** | ${i * 17} |\n`;

interface Streamed {
  /** Frames in which the table changed, while it was shorter than LONG_TABLE_ROWS and after. */
  changedShort: number;
  changedLong: number;
  /** Frames streamed after the table reached LONG_TABLE_ROWS rows. */
  framesLong: number;
  container: HTMLElement;
  text: string;
}

/** Streams a table of `rows` rows and a paragraph, `perFrame(i)` text each frame, 16 ms of the fake clock apart. */
function stream(rows: number, perFrame: (frame: number, text: string) => string): Streamed {
  const text = `Intro.\n\n${HEADER}${Array.from({ length: rows }, (_, i) => row(i)).join('')}\nAfter the table.\n`;
  let clock = 0;
  const container = window.document.createElement('div');
  const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => clock);
  const observer = new window.MutationObserver(() => undefined);
  observer.observe(container, { childList: true, subtree: true, characterData: true });
  const result: Streamed = { changedShort: 0, changedLong: 0, framesLong: 0, container, text };
  let offset = 0;
  for (let frame = 0; offset < text.length; frame++) {
    const piece = perFrame(frame, text.slice(offset));
    offset += piece.length;
    const long = container.querySelectorAll('tbody > tr').length >= LONG_TABLE_ROWS;
    view.append(piece);
    view.update(false);
    clock += FRAME_MS;
    const changed = observer.takeRecords().some((record) => record.target.nodeType !== record.target.ELEMENT_NODE
      || (record.target as Element).closest('table, .table-scroll') !== null || Array.from(record.addedNodes).some((node) => node.nodeName === 'TR'));
    if (long) {
      result.framesLong++;
      if (changed) result.changedLong++;
    } else if (changed) {
      result.changedShort++;
    }
  }
  while (view.update(true)) clock += FRAME_MS;
  return result;
}

const fullRender = (text: string): string => fullRenderHtml(window, (source) => md.render(source), text);

describe('webview/markdown: a long streaming table is laid out at most every LONG_TABLE_UPDATE_MS', () => {
  it('a row a frame (the view keeps up): every frame while the table is short, then at most one in LONG_TABLE_UPDATE_MS; the end is a full render', () => {
    const rows = 4 * LONG_TABLE_ROWS;
    const streamed = stream(rows, (_frame, rest) => rest.slice(0, rest.indexOf('\n') + 1));
    assert.ok(streamed.changedShort >= LONG_TABLE_ROWS - 5, `${streamed.changedShort} frames changed the short table`);
    const allowed = Math.ceil((streamed.framesLong * FRAME_MS) / LONG_TABLE_UPDATE_MS) + 1;
    assert.ok(streamed.framesLong > 3 * LONG_TABLE_ROWS - 5, `${streamed.framesLong} frames streamed the long table`);
    assert.ok(streamed.changedLong <= allowed, `${streamed.changedLong} of ${streamed.framesLong} frames changed the long table (at most ${allowed})`);
    // Held back, not lost: an update in the first frame LONG_TABLE_UPDATE_MS after the last one.
    const due = Math.floor(streamed.framesLong / Math.ceil(LONG_TABLE_UPDATE_MS / FRAME_MS));
    assert.ok(streamed.changedLong >= due, `${streamed.changedLong} updates, ${due} due`);
    assert.equal(streamed.container.querySelectorAll('tbody > tr').length, rows);
    assert.equal(shownHtml(streamed.container), fullRender(streamed.text));
  });

  it('the last rows show at once when the answer ends, however soon after the last update', () => {
    let clock = 0;
    const container = window.document.createElement('div');
    const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => clock);
    const text = `${HEADER}${Array.from({ length: 2 * LONG_TABLE_ROWS }, (_, i) => row(i)).join('')}`;
    for (const line of text.split(/(?<=\n)/)) {
      view.append(line);
      view.update(false);
      clock += 1;
    }
    assert.ok(container.querySelectorAll('tbody > tr').length < 2 * LONG_TABLE_ROWS, 'the last rows were held back');
    view.update(true);
    assert.equal(container.querySelectorAll('tbody > tr').length, 2 * LONG_TABLE_ROWS);
    assert.equal(shownHtml(container), fullRender(text));
  });

  it('a view behind the stream (a frame\'s worth waiting) renders every frame, as for any block', () => {
    // A little more each frame than a frame renders: what waits never drops under a frame's worth.
    const streamed = stream(30 * LONG_TABLE_ROWS, (_frame, rest) => rest.slice(0, FRAME_BUDGET_CHARS + 100));
    assert.ok(streamed.framesLong >= 5, `${streamed.framesLong} frames`);
    // Every frame but the one in which the table closed (its rows were all in).
    assert.ok(streamed.changedLong >= streamed.framesLong - 1, `${streamed.changedLong} of ${streamed.framesLong} frames changed the table`);
    assert.equal(shownHtml(streamed.container), fullRender(streamed.text));
  });

  for (const [where, quote] of [['at the top level', ''], ['in a quote', '> ']] as const) {
    it(`an open table ${where} shows a row once its line has ended (a row being written could widen a column the next frame narrowed back), and the unfinished last row when the answer ends`, () => {
      const lines = (...text: string[]): string => text.map((line) => `${quote}${line}`).join('');
      const head = `Intro.\n\n${lines('| a | b |\n', '|---|---|\n', '| 1 | one |\n')}`;
      const renderer = new StreamingMarkdownRenderer(md);
      const assembler = new HtmlAssembler();
      const show = (text: string, final = false): string => {
        renderer.append(text);
        return assembler.apply(renderer.render(final)).html;
      };
      assert.ok(show(head).includes('<td>one</td>'));
      const partial = show(lines('| 2 | [a link](https://exa'));
      assert.ok(!partial.includes('a link') && !partial.includes('exa'), partial);
      assert.ok(partial.includes('<td>one</td>'), 'the rows before it stay');
      assert.ok(show('mple.com) |\n').includes('>a link</a>'));
      assert.equal(show(lines('| 3 | cut off'), true), md.render(`${head}${lines('| 2 | [a link](https://example.com) |\n', '| 3 | cut off')}`));
    });
  }

  it('a table inside a list item is part of the item being written: its rows show as they come, and it ends as a full render', () => {
    const text = '- item\n\n  | a | b |\n  |---|---|\n  | 1 | one |\n  | 2 | [a link](https://example.com) |\n';
    const renderer = new StreamingMarkdownRenderer(md);
    const assembler = new HtmlAssembler();
    renderer.append(text.slice(0, text.indexOf('mple.com')));
    assert.ok(assembler.apply(renderer.render()).html.includes('https://exa'), 'the row being written shows');
    renderer.append(text.slice(text.indexOf('mple.com')));
    assert.equal(assembler.apply(renderer.render(true)).html, md.render(text));
  });
});
