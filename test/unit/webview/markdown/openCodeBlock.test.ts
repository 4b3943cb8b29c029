import * as assert from 'node:assert/strict';
import { SLICE_CHARS } from '../../../../src/webview/frameBudget';
import { groupChars, OpenCodeBlock } from '../../../../src/webview/markdown/openCodeBlock';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { createWindow } from '../domFixture';

/** The lines a group shows: each ends with a line break, but a partial last one. */
function linesShown(group: Element): number {
  const text = group.textContent ?? '';
  return (text.match(/\n/g) ?? []).length + (text !== '' && !text.endsWith('\n') ? 1 : 0);
}

/** Each group of lines the block shows: [the number of lines it counts (--lines), the lines it shows]. */
function counted(block: OpenCodeBlock): [number, number][] {
  return Array.from(block.element.querySelectorAll<HTMLElement>('.code-lines'), (group) => [Number(group.style.getPropertyValue('--lines')), linesShown(group)]);
}

function streamed(language: string, code: string, pieceChars: number, plain: boolean, ending: string): OpenCodeBlock {
  const window = createWindow();
  const block = new OpenCodeBlock(window.document, createSanitizer(window), language);
  for (let end = pieceChars; end < code.length; end += pieceChars) block.update(code.slice(0, end), plain);
  block.finish(code + ending, plain);
  while (block.highlightNext() > 0);
  return block;
}

// A group of lines skipped off screen (content-visibility) counts the height of its lines until first laid out
// (chat.css): with a fixed estimate, scrolling up through a reopened chat moved what was on screen now and then.
describe('webview/markdown/openCodeBlock: each group of lines counts its lines', () => {
  const code = Array.from({ length: 300 }, (_, i) => (i % 40 === 7
    // A comment open across lines: a group that ends inside it waits for the next (highlightNext joins them).
    ? `/* a comment over\n   ${'several '.repeat(i % 3 + 1)}\n   lines */ const c${i} = ${i};\n`
    : `const v${i} = compute(${i}, "s${i}"); // line ${i}\n`)).join('');

  for (const [name, language, plain] of [['highlighted as it streams', 'ts', false], ['shown plain while behind, highlighted later', 'ts', true], ['a language not highlighted', 'brainfuck', false]] as const) {
    for (const ending of ['', 'const partial = ']) {
      it(`${name}${ending ? ', ending in a partial line' : ''}`, () => {
        const block = streamed(language, code, 37, plain, ending);
        const groups = counted(block);
        assert.ok(groups.length > 3, `${groups.length} groups`);
        for (const [index, [lines, shown]] of groups.entries()) assert.equal(lines, shown, `group ${index} counts ${lines} lines and shows ${shown}`);
        assert.equal(block.element.querySelector('code')?.textContent, code + ending);
      });
    }
  }

  it('shown plain while behind, then highlighted as it streams once caught up (as MarkdownView does)', () => {
    const window = createWindow();
    const block = new OpenCodeBlock(window.document, createSanitizer(window), 'ts');
    const half = Math.floor(code.length / 2);
    for (let end = 37; end < code.length; end += 37) {
      block.update(code.slice(0, end), end < half);
      // Caught up: the lines shown plain are highlighted (a group at a time, as a frame's budget allows).
      if (end >= half) while (block.hasPlainLines && block.highlightNext() > 0);
    }
    assert.equal(block.hasPlainLines, false, 'caught up before the end: the last lines went in highlighted');
    block.finish(code);
    const groups = counted(block);
    assert.ok(groups.length > 3, `${groups.length} groups`);
    for (const [index, [lines, shown]] of groups.entries()) assert.equal(lines, shown, `group ${index} counts ${lines} lines and shows ${shown}`);
    assert.equal(block.element.querySelector('code')?.textContent, code);
    assert.ok(block.element.querySelectorAll('.hljs-keyword').length >= 300, 'every line highlighted');
  });

  it('a group shown plain that is joined to the next (a comment open at its end) counts the lines of both', () => {
    // Slices of SLICE_CHARS: the comment opens near the end of the first and closes in the second.
    const before = 'x'.repeat(SLICE_CHARS - 20) + '\n';
    const text = `${before}/* open\n${'still in the comment\n'.repeat(60)}*/ const after = 1;\n${'const more = 2;\n'.repeat(80)}`;
    const window = createWindow();
    const block = new OpenCodeBlock(window.document, createSanitizer(window), 'ts');
    block.update(text, true);
    const groupsBefore = block.element.querySelectorAll('.code-lines').length;
    block.highlightNext();
    assert.ok(block.element.querySelectorAll('.code-lines').length < groupsBefore, 'two groups were joined');
    for (const [lines, shown] of counted(block)) assert.equal(lines, shown);
  });
});

// A group per update made a group of every line or two at a model's pace: hundreds of elements, each
// skipped off screen on its own (content-visibility), for the browser to keep track of in every frame.
describe('webview/markdown/openCodeBlock: lines go into the last group until it is full', () => {
  const code = Array.from({ length: 600 }, (_, i) => `const v${i} = compute(${i}, "s${i}"); // line ${i}\n`).join('');
  const longestLine = Math.max(...code.split('\n').map((line) => line.length + 1));

  for (const [name, language, plain] of [['highlighted as it streams', 'ts', false], ['shown plain while behind, highlighted later', 'ts', true], ['a language not highlighted', 'brainfuck', false]] as const) {
    for (const pieceChars of [12, 270, 5_000]) {
      it(`${name}, ${pieceChars} characters an update`, () => {
        const block = streamed(language, code, pieceChars, plain, '');
        const groups = Array.from(block.element.querySelectorAll('.code-lines'), (group) => group.textContent ?? '');
        // (Lines shown plain and highlighted later keep the groups they were shown in.)
        const full = groupChars(plain || language === 'brainfuck');
        assert.ok(groups.length <= Math.ceil(code.length / full) + 1, `${groups.length} groups for ${code.length} characters`);
        // Each but the last is full, and over by at most the lines of the update that filled it (plain lines
        // are split at the line that fills a group; an update's highlighted lines go in whole).
        for (const [index, text] of groups.slice(0, -1).entries()) {
          assert.ok(text.length >= full && text.length < full + Math.max(longestLine, pieceChars), `group ${index}: ${text.length} characters`);
        }
        assert.equal(groups.join(''), code);
        for (const [index, [lines, shown]] of counted(block).entries()) assert.equal(lines, shown, `group ${index} counts ${lines} lines and shows ${shown}`);
      });
    }
  }
});
