import * as assert from 'node:assert/strict';
import { blockParser, createMarkdownEngine } from '../../../../src/webview/markdown/markdownEngine';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import type MarkdownIt from 'markdown-it';
import { MarkdownView } from '../../../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { createWindow, renderedHtml } from '../domFixture';
import { HtmlAssembler, md, streamAndCollect } from './streamFixture';
import { SHAPES, shapeText, tokensOf } from './shapes';
import { answerTokens, framesOf } from './tokenStream';

/** Streams `tokenCount` tokens, rendering once per frame, and returns the work per streamed character. */
function parsedCharsPerChar(tokenCount: number, tokensPerFrame = 3): { perChar: number; renders: number; chars: number } {
  const renderer = new StreamingMarkdownRenderer(md);
  for (const frame of framesOf(answerTokens(tokenCount), tokensPerFrame)) {
    renderer.append(frame);
    renderer.render();
  }
  renderer.render(true);
  return { perChar: renderer.work.parsedChars / renderer.source.length, renders: renderer.work.renders, chars: renderer.source.length };
}

/** What re-rendering the whole text every frame would cost, for comparison. */
function naivePerChar(tokenCount: number, tokensPerFrame = 3): number {
  let text = '';
  let parsed = 0;
  for (const frame of framesOf(answerTokens(tokenCount), tokensPerFrame)) {
    text += frame;
    parsed += text.length;
  }
  return parsed / text.length;
}

describe('webview/markdown/streamingRenderer: work grows linearly', function () {
  this.timeout(20_000);

  it('parses each character a bounded number of times, whatever the answer length', () => {
    const small = parsedCharsPerChar(500);
    const large = parsedCharsPerChar(8000);
    assert.ok(large.chars > 15 * small.chars);
    // Linear: work per character stays flat as the answer grows 16x (quadratic work would grow with it).
    assert.ok(large.perChar < small.perChar * 1.3, `work per char ${small.perChar.toFixed(1)} → ${large.perChar.toFixed(1)}`);
    assert.ok(large.perChar < 40, `work per char ${large.perChar.toFixed(1)}`);
  });

  it('is far below re-rendering the whole text each frame', () => {
    const incremental = parsedCharsPerChar(8000).perChar;
    const naive = naivePerChar(8000);
    assert.ok(naive > 20 * incremental, `naive ${naive.toFixed(0)} vs incremental ${incremental.toFixed(1)} per char`);
  });

  it('parses committed text again for its reference definitions only when it may hold a new one', () => {
    // The same reference defined in every section (as the bench's mixed answer does), and `]:` in code.
    const section = '## Words and a [link][ref], and `a[i]: 1` in code\n\n[ref]: https://example.com/ref\n\n```ts\nconst m: Record<string, number[]> = {}; m["a"]: 1;\n```\n\n';
    const text = section.repeat(40);
    const renderer = new StreamingMarkdownRenderer(md);
    for (let i = 0; i < text.length; i += 200) {
      renderer.append(text.slice(i, i + 200));
      renderer.render();
    }
    renderer.render(true);
    // Parsed as it streams (1.6 times a character: an unfinished block again in the next frame); every
    // commit parsed again for its `]:` would add one a character (2.5).
    const perChar = renderer.work.parsedChars / text.length;
    assert.ok(perChar < 2, `parsed ${perChar.toFixed(2)} times per character`);
    assert.equal(streamAndCollect(Array.from({ length: Math.ceil(text.length / 200) }, (_, i) => text.slice(i * 200, i * 200 + 200))), md.render(text));
  });

  it('renders once per frame, not once per token', () => {
    const { renders } = parsedCharsPerChar(3000, 10);
    assert.equal(renders, 300 + 1);
  });

  it('highlights a long code block streaming in a bounded number of times per character, not once per frame', () => {
    const streamCode = (lines: number): number => {
      const code = Array.from({ length: lines }, (_, i) => `export function f${i}(a: number): number { return a * ${i} + 1; } // line ${i}`).join('\n');
      const text = `Here is the file:\n\n\`\`\`ts\n${code}\n\`\`\`\n\nDone.\n`;
      // Through the view: it extends the open block in place and keeps it when the block closes.
      const window = createWindow();
      const sanitize = createSanitizer(window);
      const renderer = new StreamingMarkdownRenderer(md);
      const container = window.document.createElement('div');
      const view = new MarkdownView(container, renderer, sanitize);
      for (const frame of framesOf(text.match(/\s*\S+|\s+/g) ?? [], 3)) {
        view.append(frame);
        view.update(false);
      }
      view.update(true);
      const whole = window.document.createElement('div');
      whole.append(sanitize(md.render(text)));
      const chunks = Array.from(container.querySelectorAll('.md-chunk'));
      assert.ok(container.querySelectorAll('.md-chunk .code-lines').length > 1, 'settled lines are grouped in block boxes');
      assert.equal(renderedHtml(...chunks), renderedHtml(whole), 'the DOM is exactly a full render (once the line groups are unwrapped)');
      return renderer.work.highlightedChars / code.length;
    };
    const small = streamCode(50);
    const large = streamCode(400);
    // Re-highlighting the open block every frame costs ~800 per character at 400 lines, and grows with the block.
    assert.ok(large < small * 1.3, `highlighted chars per code char ${small.toFixed(1)} → ${large.toFixed(1)}`);
    assert.ok(large < 10, `highlighted chars per code char: ${large.toFixed(1)}`);
  });

  for (const [ending, rest] of [['at a line break', ''], ['in a partial line', 'const partial = '], ['after blank lines', '\n\n'], ['inside a comment', '/* still open\nand on'], ['at its closing fence, without a line break', '```'], ['at its closing fence and a carriage return', '```\r']]) {
    it(`an answer that ends in a long code block, ${ending} (done, stopped, or cut off), keeps the block as it is: the last render parses and highlights only what came since, and ends as a full render`, () => {
      const code = Array.from({ length: 1_000 }, (_, i) => `const v${i} = compute(${i}, "s${i}"); // line ${i}\n`).join('');
      const text = `Here it is:\n\n\`\`\`ts\n${code}${rest}`;
      const window = createWindow();
      const sanitize = createSanitizer(window);
      const renderer = new StreamingMarkdownRenderer(md);
      const container = window.document.createElement('div');
      const view = new MarkdownView(container, renderer, sanitize);
      for (let start = 0; start < text.length; start += 500) {
        view.append(text.slice(start, start + 500));
        view.update(false);
      }
      const [parsed, highlighted] = [renderer.work.parsedChars, renderer.work.highlightedChars];
      view.update(true);
      // Parsing the block again would be all of its 46 KB, in one task.
      assert.ok(renderer.work.parsedChars - parsed <= 500, `parsed at the end: ${renderer.work.parsedChars - parsed}`);
      assert.ok(renderer.work.highlightedChars - highlighted <= 500 + rest.length, `highlighted at the end: ${renderer.work.highlightedChars - highlighted}`);
      const whole = window.document.createElement('div');
      whole.append(sanitize(md.render(text)));
      assert.equal(renderedHtml(...Array.from(container.querySelectorAll('.md-chunk'))), renderedHtml(whole));
    });
  }
});

describe('webview/markdown/streamingRenderer: an open paragraph', function () {
  this.timeout(60_000);

  // [shape, characters a frame (0: three tokens), bound]. Before, with the open paragraph's block parse running the
  // inline rules too: 2.75, 2.17, 1.92 and 2.03 times a character.
  for (const [shape, frameChars, bound] of [['paragraph', 0, 1.5], ['paragraph', 5_000, 1.3], ['quote', 5_000, 1.5], ['mixed', 5_000, 1.5]] as const) {
    it(`${shape}, ${frameChars === 0 ? 'three tokens a frame' : `${frameChars} characters a frame`}: an open paragraph's inline markup is parsed in its parts, not in the whole block too`, () => {
      const text = shapeText(shape, 30_000);
      const renderer = new StreamingMarkdownRenderer(md);
      const frames = frameChars === 0 ? framesOf(tokensOf(text), 3) : Array.from({ length: Math.ceil(text.length / frameChars) }, (_, i) => text.slice(i * frameChars, (i + 1) * frameChars));
      assert.equal(streamAndCollect(frames, renderer), md.render(text));
      // (Twice the text when the open paragraph's block parse ran the inline rules too.)
      const perChar = renderer.work.inlineParsedChars / text.length;
      assert.ok(perChar < bound, `inline markup parsed ${perChar.toFixed(2)} times a character`);
      assert.ok(renderer.work.parsedChars > renderer.work.inlineParsedChars, 'the block structure is parsed on its own');
    });
  }

  it('a block started on the unfinished last line after an open paragraph is shown with its text', () => {
    // (The open paragraph's parse has blocks alone; what is shown after it needs its inline part too.)
    const text = `${'word '.repeat(400)}and *more*\n- an item with **bold** and a [link](https://example.com)`;
    const renderer = new StreamingMarkdownRenderer(md);
    const assembler = new HtmlAssembler();
    const pieces = text.match(/[\s\S]{1,100}/g) ?? [];
    let shown = '';
    for (const piece of pieces) {
      shown += piece;
      renderer.append(piece);
      assembler.apply(renderer.render());
    }
    assert.ok(renderer.work.parsedChars > renderer.work.inlineParsedChars, 'the paragraph was open');
    assert.equal(assembler.html, md.render(shown));
  });
});

describe('webview/markdown/streamingRenderer: blockParser', () => {
  /** A token as the block rules make it (inline tokens' children are the inline rules'). */
  const blockView = (tokens: MarkdownIt.Token[]): unknown[] => tokens.map(({ type, tag, attrs, map, nesting, level, content, markup, info, block, hidden }) => ({ type, tag, attrs, map, nesting, level, content, markup, info, block, hidden }));

  it('parses the same blocks, and finds the same reference definitions, as the engine', () => {
    const texts = [
      ...SHAPES.map((shape) => shapeText(shape, 8_000)),
      // (An unsafe target is no definition: the engine's link check applies to both.)
      '[ref]: https://example.com/a "Title"\n\nA [link][ref] and [other] and [bad].\n\n[other]: <https://example.com/b>\n[bad]: javascript:alert(1)\n',
      'Setext\n===\n\n> quote\n> - list\n>   lazy\n\n    indented code\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\r\nCRLF\r\nlines\u0000 end',
    ];
    const blocks = blockParser(md);
    for (const text of texts) {
      const [engineEnv, blockEnv] = [{ references: {} }, { references: {} }];
      assert.deepEqual(blockView(blocks.parse(text, blockEnv)), blockView(md.parse(text, engineEnv)), text.slice(0, 60));
      assert.deepEqual(blockEnv, engineEnv);
    }
    assert.ok(blocks.parse('a *b*', {}).every((token) => token.type !== 'inline' || token.children?.length === 0), 'no inline rules ran');
  });

  it('is made once for an engine, not for each message', () => {
    assert.equal(blockParser(md), blockParser(md));
    assert.notEqual(blockParser(createMarkdownEngine()), blockParser(md));
  });
});
