// Finds where the still-open part of a streaming markdown text begins, from markdown-it's
// own block tokens (so fences, lists and tables are split exactly as the parser sees them).
//
// A top-level block is finished once another top-level block starts after it on a COMPLETE
// line. The line must be complete because a partial line can still turn into a continuation
// of the block before it: with "1. a\n\n2" the "2" reads as a paragraph, but "2. b" continues
// the list (and makes it loose). After its line break, a line's role no longer changes.
import type MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

export interface BlockSplit {
  /** Tokens [0, tailToken) are finished top-level blocks; the rest is the open tail. */
  tailToken: number;
  /** Offset in the source where the open tail begins: the finished part is source[0, tailOffset). */
  tailOffset: number;
}

/** Start offset of every line, split like markdown-it's normalizer does (\r\n, \r or \n). */
export function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) {
    const char = source.charCodeAt(i);
    if (char === 0x0d && source.charCodeAt(i + 1) === 0x0a) {
      i++;
    }
    if (char === 0x0a || char === 0x0d) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/**
 * Splits parsed `tokens` of `source` into finished blocks and the open tail. With no
 * finished block, the whole source is the tail (tailToken 0, tailOffset 0).
 */
export function splitOpenTail(tokens: readonly Token[], source: string): BlockSplit {
  const starts = lineStarts(source);
  // The last entry of `starts` begins the final line: partial, or empty after a final line break.
  const completeLines = starts.length - 1;
  for (let index = tokens.length - 1; index > 0; index--) {
    const token = tokens[index];
    if (token.level !== 0 || token.nesting === -1 || token.map === null) {
      continue;
    }
    const startLine = token.map[0];
    if (startLine < completeLines) {
      return { tailToken: index, tailOffset: starts[startLine] };
    }
  }
  return { tailToken: 0, tailOffset: 0 };
}
