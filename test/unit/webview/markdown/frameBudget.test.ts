// A batch larger than a frame can take renders in parts, one bounded part per frame.
import * as assert from 'node:assert/strict';
import { FRAME_BUDGET_CHARS, MarkdownView } from '../../../../src/webview/markdown/markdownView';
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
});
