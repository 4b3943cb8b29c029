import * as assert from 'node:assert/strict';
import { estimatedHeight, type TextMetrics } from '../../../../src/webview/conversation/heightEstimate';
import { shapeText } from '../markdown/shapes';

// The page's text in the editor: 13 px, line height 1.5.
const at = (width: number): TextMetrics => ({ width, fontSize: 13, lineHeight: 19.5 });

describe('webview/conversation/heightEstimate', () => {
  it('counts a one-line question as one line and the message around it', () => {
    const one = estimatedHeight('How does this work?', at(500));
    // A message's header and padding, and one line (Chromium: 91 px).
    assert.ok(one > 19.5 * 3 && one < 19.5 * 6, `${one} px`);
  });

  it('wraps a paragraph in the width it has: half as wide, about twice as many lines', () => {
    const text = shapeText('paragraph', 6_000);
    const wide = estimatedHeight(text, at(1_000));
    const narrow = estimatedHeight(text, at(500));
    const chrome = estimatedHeight('x', at(1_000)) - 19.5;
    const ratio = (narrow - chrome) / (wide - chrome);
    assert.ok(ratio > 1.8 && ratio < 2.2, `narrow ${narrow} px, wide ${wide} px`);
    // About the real height the page gives it (Chromium, 574 px of text: 1,083 px).
    assert.ok(estimatedHeight(text, at(574)) > 1_083 / 1.25 && estimatedHeight(text, at(574)) < 1_083 * 1.25);
  });

  it('counts each code line once, however wide the view (code does not wrap)', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `const value${i} = compute(${'x'.repeat(200)});`).join('\n');
    const code = `\`\`\`ts\n${lines}\n\`\`\``;
    assert.equal(estimatedHeight(code, at(300)), estimatedHeight(code, at(1_200)));
    const twice = `\`\`\`ts\n${lines}\n${lines}\n\`\`\``;
    const perLine = (estimatedHeight(twice, at(300)) - estimatedHeight(code, at(300))) / 100;
    assert.ok(perLine > 10 && perLine < 19.5, `${perLine} px a code line`);
  });

  it('joins the lines of one paragraph or quote before wrapping them, and counts list items and table rows each', () => {
    // Twenty short lines of one quoted paragraph wrap together into a few lines, not twenty.
    const quote = Array.from({ length: 20 }, (_, i) => `> word ${i}`).join('\n');
    assert.ok(estimatedHeight(quote, at(600)) < estimatedHeight('x', at(600)) + 19.5 * 4);
    const list = Array.from({ length: 20 }, (_, i) => `- item ${i}`).join('\n');
    assert.ok(estimatedHeight(list, at(600)) > estimatedHeight('x', at(600)) + 19.5 * 18.5);
    const table = ['| a | b |', '|---|---|', ...Array.from({ length: 20 }, (_, i) => `| ${i} | x |`)].join('\n');
    const rows = estimatedHeight(table, at(600)) - estimatedHeight('', at(600));
    assert.ok(rows > 19.5 * 20 && rows < 19.5 * 30, `${rows} px for 21 rows`);
  });

  it('grows with the text, in one pass: the shapes of issue 8, twice as long, about twice as tall', () => {
    for (const shape of ['mixed', 'list', 'table', 'paragraph', 'quote', 'code'] as const) {
      const base = estimatedHeight('', at(600));
      const once = estimatedHeight(shapeText(shape, 6_000), at(600)) - base;
      const twice = estimatedHeight(shapeText(shape, 12_000), at(600)) - base;
      assert.ok(twice / once > 1.8 && twice / once < 2.2, `${shape}: ${once} then ${twice} px`);
    }
  });

  it('still estimates before the page knows its width or its text size', () => {
    const unknown = estimatedHeight(shapeText('paragraph', 1_600), { width: 0, fontSize: Number.NaN, lineHeight: Number.NaN });
    assert.ok(Number.isFinite(unknown) && unknown > 19.5 * 10, `${unknown} px`);
  });
});
