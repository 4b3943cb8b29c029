// What a search query means: its words, folded (see fold.ts). The query is text, never a pattern:
// punctuation separates words and nothing in it is interpreted.
import { fold } from '../../shared/textFold';

/** Longer queries are cut: a pasted page is not a search. */
export const MAX_QUERY_TERMS = 8;
export const MAX_TERM_LENGTH = 64;

/**
 * The distinct words of the query, longest first (the rarest, usually, so the first term narrows
 * the search the most). A message matches when each term occurs in one of its words.
 */
export function parseQuery(query: string): string[] {
  const terms = new Set<string>();
  for (const word of fold(query).split(/[^\p{L}\p{N}]+/u)) {
    if (word) {
      terms.add(word.slice(0, MAX_TERM_LENGTH));
    }
  }
  // A term inside another term adds nothing ("cat" in "concatenate"): keep the longer one.
  const list = [...terms].sort((a, b) => b.length - a.length);
  return list.filter((term, i) => !list.slice(0, i).some((longer) => longer.includes(term))).slice(0, MAX_QUERY_TERMS);
}
