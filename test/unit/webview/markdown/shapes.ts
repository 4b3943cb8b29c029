// Long answers of one block shape each, for the incremental-rendering tests and the benchmarks:
// the shapes issue 8 names (a single list, table, paragraph or quote; a long code block; mixed).
import { answerTokens } from './tokenStream';

export type ShapeName = 'mixed' | 'list' | 'ordered' | 'table' | 'paragraph' | 'quote' | 'code';

const WORDS = ['stream', 'token', 'render', '**bold**', 'frame', '`code`', 'model', 'answer', '[link](https://example.com/x)', 'quick', 'brown', '_soft_', 'fox', 'jumps', 'lazy', 'dog', 'over', 'the', 'and', 'with'];

/** Deterministic words, so every run has the same text. */
function words(count: number, seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[(i * 7 + seed * 13 + ((i * i) % 5)) % WORDS.length]);
  return out.join(' ');
}

/** An answer of `shape` about `chars` characters long. */
export function shapeText(shape: ShapeName, chars: number): string {
  const parts: string[] = [];
  let length = 0;
  const push = (part: string): void => {
    parts.push(part);
    length += part.length;
  };
  switch (shape) {
    case 'mixed':
      return answerTokens(Math.ceil(chars / 5)).join('').slice(0, chars);
    case 'list':
      for (let i = 0; length < chars; i++) push(`- Item ${i}: ${words(8 + (i % 5), i)}\n`);
      break;
    case 'ordered':
      for (let i = 1; length < chars; i++) push(`${i}. Step ${i} ${words(6 + (i % 4), i)}\n`);
      break;
    case 'table':
      push('| # | name | description | value |\n|---|:-----|------------:|:-----:|\n');
      for (let i = 0; length < chars; i++) push(`| ${i} | row ${i} | ${words(5, i)} | ${i * 17} |\n`);
      break;
    case 'paragraph':
      // One paragraph, written as models write them: long lines, sometimes wrapped.
      for (let i = 0; length < chars; i++) push(`Sentence ${i} ${words(10, i)}.${i % 9 === 8 ? '\n' : ' '}`);
      break;
    case 'quote':
      for (let i = 0; length < chars; i++) push(`> Quoted ${i} ${words(10, i)}.${i % 4 === 3 ? '\n>\n' : '\n'}`);
      break;
    case 'code':
      push('Here is the file:\n\n```ts\n');
      for (let i = 0; length < chars; i++) push(`export function step${i}(input: number): number { return input * ${i} + 1; } // step ${i}\n`);
      push('```\n');
      break;
  }
  return parts.join('');
}

export const SHAPES: readonly ShapeName[] = ['mixed', 'list', 'ordered', 'table', 'paragraph', 'quote', 'code'];

/** Word-sized tokens, the way a model streams them. */
export function tokensOf(text: string): string[] {
  return text.match(/\s*\S+|\s+/g) ?? [];
}
