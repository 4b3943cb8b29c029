import * as assert from 'node:assert/strict';
import { lineStarts, splitOpenTail } from '../../../../src/webview/markdown/blockSplitter';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import { SHOWCASE_MARKDOWN } from './fixtures/showcase';
import { chunk, HtmlAssembler, md, seededRandom, streamAndCollect } from './streamFixture';

/** The finished part and the open tail of `source`, as the splitter sees them. */
function split(source: string): { finished: string; tail: string } {
  const { tailOffset } = splitOpenTail(md.parse(source, {}), source);
  return { finished: source.slice(0, tailOffset), tail: source.slice(tailOffset) };
}

describe('webview/markdown/blockSplitter', () => {
  describe('lineStarts', () => {
    it('splits on \\n, \\r\\n and \\r like markdown-it does', () => {
      assert.deepEqual(lineStarts('a\nb\r\nc\rd'), [0, 2, 5, 7]);
      assert.deepEqual(lineStarts('a\n'), [0, 2]);
      assert.deepEqual(lineStarts(''), [0]);
    });
  });

  describe('splitOpenTail', () => {
    it('keeps a single block open', () => {
      assert.deepEqual(split('just one paragraph\nstill it'), { finished: '', tail: 'just one paragraph\nstill it' });
    });

    it('finishes a paragraph once the next block starts', () => {
      assert.deepEqual(split('first\n\nsecond\n'), { finished: 'first\n\n', tail: 'second\n' });
    });

    it('does not split inside an open code fence, even at blank lines', () => {
      const source = 'intro\n\n```js\nconst a = 1;\n\n\nconst b = 2;\n';
      assert.deepEqual(split(source), { finished: 'intro\n\n', tail: '```js\nconst a = 1;\n\n\nconst b = 2;\n' });
    });

    it('finishes a closed fence when a block follows it', () => {
      const source = '```\ncode\n\nmore\n```\n\nafter\n';
      assert.deepEqual(split(source), { finished: '```\ncode\n\nmore\n```\n\n', tail: 'after\n' });
    });

    it('treats a longer fence containing a shorter one as one block', () => {
      const source = '````md\n```js\nx\n```\n\nstill inside\n';
      assert.deepEqual(split(source), { finished: '', tail: source });
    });

    it('keeps a loose list with blank lines between items together', () => {
      const source = '1. one\n\n2. two\n\n   more of two\n\n3. three\n';
      assert.deepEqual(split(source), { finished: '', tail: source });
    });

    it('finishes a list once a paragraph follows it', () => {
      assert.deepEqual(split('- a\n- b\n\nafter\n'), { finished: '- a\n- b\n\n', tail: 'after\n' });
    });

    it('keeps a table with its rows, and finishes it at the next block', () => {
      const table = '| a | b |\n|---|---|\n| 1 | 2 |\n';
      assert.deepEqual(split(table), { finished: '', tail: table });
      assert.deepEqual(split(`${table}\nnext\n`), { finished: `${table}\n`, tail: 'next\n' });
    });

    it('never splits at a block starting on the unfinished last line', () => {
      // "2" alone is a paragraph, but "2. b" would continue the list: wait for the line break.
      assert.deepEqual(split('1. a\n\n2'), { finished: '', tail: '1. a\n\n2' });
      assert.deepEqual(split('1. a\n\n2\n'), { finished: '1. a\n\n', tail: '2\n' });
    });

    it('keeps a paragraph that becomes a setext heading in the tail', () => {
      assert.deepEqual(split('title\n---'), { finished: '', tail: 'title\n---' });
    });
  });

  describe('streaming equals rendering the whole text', () => {
    it('for the showcase streamed one character at a time', () => {
      const pieces = Array.from(SHOWCASE_MARKDOWN);
      assert.equal(streamAndCollect(pieces), md.render(SHOWCASE_MARKDOWN));
    });

    for (const seed of [1, 2, 3, 42, 1234]) {
      it(`for the showcase in random chunks (seed ${seed})`, () => {
        const pieces = chunk(SHOWCASE_MARKDOWN, 40, seededRandom(seed));
        assert.equal(streamAndCollect(pieces), md.render(SHOWCASE_MARKDOWN));
      });
    }

    it('for Windows line endings', () => {
      const crlf = SHOWCASE_MARKDOWN.replace(/\n/g, '\r\n');
      assert.equal(streamAndCollect(chunk(crlf, 7, seededRandom(9))), md.render(crlf));
    });

    it('renders finished blocks once: the showcase commits each top-level block exactly once', () => {
      const renderer = new StreamingMarkdownRenderer(md);
      streamAndCollect(Array.from(SHOWCASE_MARKDOWN), renderer);
      const topLevelBlocks = md.parse(SHOWCASE_MARKDOWN, {}).filter((token) => token.level === 0 && token.nesting !== -1).length;
      assert.equal(renderer.work.finishedBlocks, topLevelBlocks);
    });

    it('uses a reference definition from an earlier block', () => {
      const text = '[ref]: https://example.com/r\n\nSee [the ref][ref].\n\nEnd.\n';
      assert.equal(streamAndCollect(Array.from(text)), md.render(text));
      assert.match(md.render(text), /href="https:\/\/example.com\/r"/);
    });

    it('starts over when the host replaces the text with a different one', () => {
      const renderer = new StreamingMarkdownRenderer(md);
      const assembler = new HtmlAssembler();
      renderer.setText('first\n\nsecond\n');
      assembler.apply(renderer.render());
      renderer.setText('other\n');
      const update = renderer.render(true);
      assert.equal(update.reset, true);
      assert.equal(assembler.apply(update).html, '<p>other</p>\n');
    });

    it('treats a host text that extends the current one as an append', () => {
      const renderer = new StreamingMarkdownRenderer(md);
      const assembler = new HtmlAssembler();
      renderer.setText('first\n\nsecond\n');
      assert.equal(assembler.apply(renderer.render()).done, '<p>first</p>\n');
      renderer.setText('first\n\nsecond\n\nthird\n');
      const update = renderer.render(true);
      assert.equal(update.reset, false);
      assert.equal(assembler.apply(update).html, '<p>first</p>\n<p>second</p>\n<p>third</p>\n');
    });

    it('starts over when a text already rendered final is extended: its last block was closed', () => {
      const renderer = new StreamingMarkdownRenderer(md);
      const assembler = new HtmlAssembler();
      renderer.setText('a question');
      assembler.apply(renderer.render(true));
      assert.equal(renderer.finished, true);
      renderer.setText('a question');
      assert.equal(renderer.finished, true, 'the same text changes nothing');
      renderer.render(false);
      assert.equal(renderer.finished, true, 'nor does a later render that is not final');
      renderer.setText('a question, edited');
      const update = renderer.render(true);
      assert.equal(update.reset, true);
      assert.equal(assembler.apply(update).html, '<p>a question, edited</p>\n');
    });
  });
});
