// Every growing block shape renders incrementally, and exactly as a full render would.
import * as assert from 'node:assert/strict';
import { lineStarts } from '../../../../src/webview/markdown/blockSplitter';
import { MarkdownView } from '../../../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import { createWindow, renderedHtml } from '../domFixture';
import { SHAPES, shapeText, tokensOf } from './shapes';
import { chunk, HtmlAssembler, md, seededRandom, streamAndCollect } from './streamFixture';
import { framesOf } from './tokenStream';

/** Streams `text` three tokens per frame and returns the renderer's work counters. */
function streamWork(text: string): StreamingMarkdownRenderer['work'] {
  const renderer = new StreamingMarkdownRenderer(md);
  const html = streamAndCollect(framesOf(tokensOf(text), 3), renderer);
  assert.equal(html, md.render(text));
  return renderer.work;
}

const window = createWindow();
const sanitize = createSanitizer(window);

/**
 * What streaming may show of `prefix`: a full render of it or, while a table is open at its end, of it
 * without its unfinished last line (an open table shows a row once its line has ended; its body is there,
 * empty, when that line was its first row).
 */
function shownTexts(prefix: string): string[] {
  const cut = prefix.slice(0, lineStarts(prefix).at(-1));
  return cut !== prefix && endsInTable(cut) ? [prefix, cut] : [prefix];
}

/** HTML with an empty table body left out (see shownTexts). */
const withoutEmptyBody = (html: string): string => html.replace(/<tbody>\n<\/tbody>\n/g, '');

/** The text's last block is a table (at the top level or in quotes). */
function endsInTable(text: string): boolean {
  const tokens = md.parse(text, {});
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last].type === 'blockquote_close') last--;
  return tokens[last]?.type === 'table_close';
}

/** Streams `text` into a MarkdownView in jsdom; returns the work and whether the DOM matched a full render throughout. */
function streamIntoDom(text: string, checkEvery = 0): { work: StreamingMarkdownRenderer['work']; container: HTMLElement } {
  const container = window.document.createElement('div');
  const renderer = new StreamingMarkdownRenderer(md);
  // A frame every 16 ms of a fake clock: what the view does (a long table's updates) does not depend on the machine.
  let clock = 0;
  const view = new MarkdownView(container, renderer, sanitize, () => clock);
  const reference = window.document.createElement('div');
  let shown = '';
  framesOf(tokensOf(text), 3).forEach((frame, index) => {
    shown += frame;
    view.append(frame);
    view.update(false);
    clock += 16;
    if (checkEvery > 0 && index % checkEvery === 0 && !shown.includes('```')) {
      const expected = shownTexts(shown).map((text) => {
        reference.replaceChildren(sanitize(md.render(text)));
        return reference.innerHTML;
      });
      const html = Array.from(container.querySelectorAll('.md-chunk, .md-tail'), (element) => element.innerHTML).join('');
      if (!expected.includes(html) && !expected.slice(1).includes(withoutEmptyBody(html))) {
        // (The text: the view's HTML differs in how code blocks shown plain and their line groups are wrapped.)
        reference.replaceChildren(sanitize(md.render(shown)));
        assert.equal(container.textContent, reference.textContent, `text shown after ${shown.length} chars`);
      }
    }
  });
  view.update(true);
  return { work: renderer.work, container };
}

/** The DOM's HTML without the view's own wrappers. */
function contentHtml(container: HTMLElement): string {
  return renderedHtml(...Array.from(container.querySelectorAll('.md-chunk, .md-tail')));
}

function sanitizeToHtml(html: string): string {
  const element = window.document.createElement('div');
  element.append(sanitize(html));
  return renderedHtml(element);
}

const EDGE_CASES: Record<string, string> = {
  'list turning loose': '- a\n- b\n- c\n\n- d\n- e\n',
  'list then other bullet': '- a\n- b\n* c\n* d\n\nafter\n',
  'ordered list with paragraphs': '1. one\n2. two\n\n   more of two\n3. three\n',
  'nested list': '- a\n  - a1\n  - a2\n- b\n  1. b1\n',
  'paragraph turning into a setext heading': 'Title words here\nand more words\n===\n\nnext\n',
  'paragraph with open emphasis': 'This *starts here and goes on for many words until it closes* at last and then more text follows here\n',
  'paragraph with code span across words': 'Use `a b c d e f` then words and words and `x` more\n',
  'paragraph interrupted by a list': 'Some words here and there\n- then a list\n- item\n',
  'paragraph interrupted by a table': 'Some words here\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  'quote with paragraphs and a list': '> first para words\n> more words\n>\n> - item one\n> - item two\n>\n> last words here\n\nafter\n',
  'quote with lazy continuation': '> quoted words\nlazy continued words\n\nnext\n',
  'quote with a table': '> | a | b |\n> |---|---|\n> | 1 | 2 |\n> | 3 | 4 |\n\nafter\n',
  'nested quotes': '> outer words\n> > inner words and more\n> > still inner\n> back out\n',
  'table without body then rows': '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\ntext\n',
  'indented continuation lines': 'word word\n    indented continuation\n  two spaces\nend\n',
  'reference used later': '[r]: https://example.com/r\n\n- see [x][r]\n- and [r]\n',
  'reference defined in a list item, a quote, and just before a list': '- a\n\n  [l]: https://example.com/l\n- b [l]\n\n> [q]: https://example.com/q\n> c\n\npara [q]\n\n[p]: https://example.com/p\n- d [p]\n- e\n\n[l] [q] [p]\n',
  'reference defined before a code block': 'a\n\n[r]: https://example.com/r\n\n```js\nx\n```\n\n[r] after\n',
  'a reference defined twice (the first wins), and one that stops being one': '[r]: https://example.com/a\n\n[r] one\n\n[r]: https://example.com/b\n\n[r] two\n\n[s]: https://example.com/s oops\n\n[s] three\n',
  'hard breaks': 'line one  \nline two\\\nline three\n',
  'windows line endings': '- a\r\n- b\r\n\r\n> q words\r\n> more\r\n\r\npara words and\r\nmore words\r\n',
};

describe('webview/markdown: incremental rendering of every block shape', function () {
  this.timeout(60_000);

  describe('equals a full render at every split point', () => {
    for (const shape of SHAPES) {
      it(`${shape}: streamed in random chunks, five seeds`, () => {
        const text = shapeText(shape, 3_000);
        for (const seed of [1, 2, 3, 4, 5]) {
          assert.equal(streamAndCollect(chunk(text, 12, seededRandom(seed))), md.render(text), `${shape}, seed ${seed}`);
        }
      });
    }
    for (const [name, text] of Object.entries(EDGE_CASES)) {
      it(`${name}: one character at a time, and what is shown after each equals a full render of it`, () => {
        assert.equal(streamAndCollect(Array.from(text)), md.render(text));
        // While streaming, the DOM shows exactly what a full render of the text so far shows.
        const renderer = new StreamingMarkdownRenderer(md);
        const assembler = new HtmlAssembler();
        for (let end = 1; end <= text.length; end++) {
          renderer.append(text[end - 1]);
          const shown = assembler.apply(renderer.render()).html;
          const prefix = text.slice(0, end);
          const expected = shownTexts(prefix).map((shownText) => md.render(shownText));
          if (!/```/.test(prefix) && !expected.includes(shown) && !expected.slice(1).includes(withoutEmptyBody(shown))) {
            assert.equal(shown, expected[0], `after ${JSON.stringify(prefix)}`);
          }
        }
      });
    }
  });

  it('an answer that ends at any point (done, stopped, cut off) ends as a full render of its text: code fences closed, left open, or closed without a line break', () => {
    const text = 'Intro\n\n```js\nconst a = 1;\n/* c\n */\n```\nafter\n\n~~~~py\nx = 1\r\n~~~\r\ny\r\n~~~~  \r\n\n```\nplain\n   ```';
    for (let end = 1; end <= text.length; end++) {
      const prefix = text.slice(0, end);
      for (const seed of [1, 2]) {
        assert.equal(streamAndCollect(chunk(prefix, 6, seededRandom(seed * 1000 + end))), md.render(prefix), `${JSON.stringify(prefix)}, seed ${seed}`);
      }
    }
  });

  describe('in the DOM (jsdom, with the sanitizer)', () => {
    for (const shape of SHAPES) {
      it(`${shape}: the DOM ends exactly as a full render, and shows the same text while streaming`, () => {
        const text = shapeText(shape, 4_000);
        const { container } = streamIntoDom(text, 7);
        assert.equal(contentHtml(container), sanitizeToHtml(md.render(text)));
      });

      it(`${shape}: doubling the answer at most doubles the DOM operations and the HTML sanitized`, () => {
        const small = streamIntoDom(shapeText(shape, 6_000)).work;
        const large = streamIntoDom(shapeText(shape, 12_000)).work;
        for (const counter of ['domOperations', 'sanitizedChars'] as const) {
          assert.ok(large[counter] <= 2.1 * small[counter] + 1, `${counter}: ${small[counter]} → ${large[counter]}`);
        }
      });
    }
  });

  describe('work is linear in the answer for every shape', () => {
    for (const shape of SHAPES) {
      it(`${shape}: doubling the answer at most doubles parsing, sanitizing and DOM work`, () => {
        const small = streamWork(shapeText(shape, 12_000));
        const large = streamWork(shapeText(shape, 24_000));
        // copiedChars: taking the open part out of the text copied the whole text each frame (growingText.ts).
        for (const counter of ['parsedChars', 'highlightedChars', 'copiedChars'] as const) {
          assert.ok(large[counter] <= 2.1 * small[counter] + 1, `${counter}: ${small[counter]} → ${large[counter]}`);
        }
        assert.equal(large.rebuilds, small.rebuilds, 'rebuilds of the open block must not grow with the answer');
      });
    }
  });
});
