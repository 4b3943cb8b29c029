// Text folding for search: case and diacritics do not matter ("Café" is found by "cafe"), and
// words are runs of letters and digits. Pure; the host's Search Chats index and the webview's
// find bar share it, so both match the same way.

const MARKS = /\p{M}/gu;
const NON_WORD = /[^\p{L}\p{N}]+/u;

/** `text` lower-cased with its diacritics removed (the length may differ from the original). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase();
}

/** The distinct folded words of `text`. */
export function foldedWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of fold(text).split(NON_WORD)) {
    if (word) {
      words.add(word);
    }
  }
  return words;
}

/**
 * The folded text and, for each of its positions, the position in `text` it came from (plus one
 * entry for the end), so a match found in the folded text can be cut out of the original.
 */
export function foldWithMap(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    // ASCII folds by lower-casing alone: the common case skips normalize().
    const code = char.charCodeAt(0);
    const piece = code < 128 ? (code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char) : fold(char);
    folded += piece;
    for (let i = 0; i < piece.length; i++) {
      origin.push(index);
    }
    index += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}
