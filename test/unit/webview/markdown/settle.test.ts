// A finished block stays where it streamed in: moving its nodes would make the browser compute the
// style and layout of all of them again (for a 1,000-line code block or a long table, one task of
// 100+ ms when the block finishes). Counted here as nodes removed from the DOM after they were shown.
import * as assert from 'node:assert/strict';
import { CHUNK_TEXT_CHARS, MarkdownView } from '../../../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import { createWindow, renderedHtml } from '../domFixture';
import { shapeText, tokensOf, type ShapeName } from './shapes';
import { md } from './streamFixture';
import { framesOf } from './tokenStream';

const window = createWindow();
const sanitize = createSanitizer(window);

const SETTLED: [ShapeName, string][] = [['code', 'pre'], ['table', 'table'], ['list', 'ul'], ['quote', 'blockquote']];

describe('webview/markdown: finished blocks stay in place', () => {
  for (const [shape, selector] of SETTLED) {
    it(`${shape}: the block element shown while it streamed is the one kept, never detached, and the DOM is a full render`, () => {
      const text = `Before.\n\n${shapeText(shape, 6_000)}\n\nAfter.\n`;
      const container = window.document.createElement('div');
      // A frame every 16 ms of a fake clock (a long table's updates depend on it, not on the machine).
      let clock = 0;
      const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => clock);
      const observer = new window.MutationObserver(() => undefined);
      observer.observe(container, { childList: true, subtree: true });
      let streamed: Element | null = null;
      let detachedAfterShown = 0;
      const countDetached = (): void => {
        for (const record of observer.takeRecords()) {
          detachedAfterShown += Array.from(record.removedNodes).filter((node) => streamed !== null && node.contains(streamed)).length;
        }
      };
      let shown = 0;
      for (const frame of framesOf(tokensOf(text), 3)) {
        view.append(frame);
        view.update(false);
        clock += 16;
        shown += frame.length;
        countDetached();
        // Halfway through, the block is well under way: from here on it must never leave the DOM.
        if (shown > text.length / 2) streamed ??= container.querySelector(`.md-tail ${selector}`);
      }
      view.update(true);
      countDetached();
      assert.ok(streamed !== null, `a growing ${selector} was shown while streaming`);
      assert.equal(detachedAfterShown, 0, 'the block was moved');
      assert.equal(container.querySelector(selector), streamed);
      const whole = window.document.createElement('div');
      whole.append(sanitize(md.render(text)));
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), renderedHtml(whole));
    });
  }
  it('text that arrives after the final render (a delta or a longer text) renders the whole text again, not a new block after a closed one', () => {
    for (const more of [(view: MarkdownView) => view.append(', edited'), (view: MarkdownView) => view.setText('a question, edited')]) {
      const container = window.document.createElement('div');
      const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => 0);
      view.setText('a question');
      view.update(true);
      more(view);
      view.update(true);
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk, .md-tail'))), '<p>a question, edited</p>\n');
    }
  });

  it('finished blocks go into chunks of at most BLOCKS_PER_CHUNK blocks and about CHUNK_TEXT_CHARS of text, also when one render finishes many blocks', () => {
    // A fast machine (a clock that does not move): each frame renders the most a slice may be, many blocks at once.
    const text = shapeText('mixed', 30_000);
    const container = window.document.createElement('div');
    const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => 0);
    view.append(text);
    while (view.update(true));
    const chunks = Array.from(container.querySelectorAll('.md-chunk'));
    assert.ok(chunks.length > text.length / (2 * CHUNK_TEXT_CHARS), `${chunks.length} chunks`);
    for (const chunk of chunks) {
      const blocks = Array.from(chunk.children);
      assert.ok(blocks.length <= 16, `${blocks.length} blocks in a chunk`);
      // Full once its text reached CHUNK_TEXT_CHARS: only its last block may take it past that.
      const before = blocks.slice(0, -1).reduce((sum, block) => sum + (block.textContent ?? '').length, 0);
      assert.ok(before < CHUNK_TEXT_CHARS, `a chunk held ${before} characters before its last block`);
    }
    const whole = window.document.createElement('div');
    whole.append(sanitize(md.render(text)));
    assert.equal(renderedHtml(...chunks), renderedHtml(whole));
  });
});
