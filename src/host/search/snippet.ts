// The line shown for a search hit: the first place a query term occurs, with some text around it.
import { foldWithMap } from '../../shared/textFold';

/** Characters of context on each side of the match. */
export const SNIPPET_CONTEXT = 40;

export interface Snippet {
  before: string;
  match: string;
  after: string;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

/**
 * The snippet around the earliest occurrence of any of `terms` (folded) in `text`, on one line,
 * with "…" where text was left out. Without an occurrence, the start of the text.
 */
export function makeSnippet(text: string, terms: readonly string[], context = SNIPPET_CONTEXT): Snippet {
  const { folded, origin } = foldWithMap(text);
  let best: { start: number; end: number } | undefined;
  for (const term of terms) {
    const at = folded.indexOf(term);
    if (at >= 0 && (best === undefined || at < best.start)) {
      best = { start: at, end: at + term.length };
    }
  }
  if (best === undefined) {
    const head = oneLine(text).trim();
    return { before: '', match: '', after: head.length > 2 * context ? `${head.slice(0, 2 * context).trimEnd()}…` : head };
  }
  const start = origin[best.start];
  const end = origin[best.end];
  const from = Math.max(0, start - context);
  const to = Math.min(text.length, end + context);
  const before = oneLine(text.slice(from, start)).trimStart();
  const after = oneLine(text.slice(end, to)).trimEnd();
  return {
    before: from > 0 ? `…${before}` : before,
    match: oneLine(text.slice(start, end)),
    after: to < text.length ? `${after}…` : after,
  };
}
