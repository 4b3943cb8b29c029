/**
 * A stand-in tokenizer: words keep their trailing whitespace and long words are cut into
 * pieces of at most four characters (code points, so no piece holds half a character).
 * Joining the tokens gives back the text exactly.
 */
const MAX_TOKEN_CODE_POINTS = 4;

export function splitIntoTokens(text: string): string[] {
  const tokens: string[] = [];
  // Leading whitespace rides on the first token; every other token is a word plus its trailing space.
  for (const match of text.matchAll(/^\s+|\S+\s*/gu)) {
    const piece = match[0];
    const word = piece.trimEnd();
    const space = piece.slice(word.length);
    // (A word of at most that many UTF-16 units is one token: most words, without splitting them into characters.)
    if (word.length <= MAX_TOKEN_CODE_POINTS) {
      tokens.push(piece);
      continue;
    }
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i += MAX_TOKEN_CODE_POINTS) {
      const last = i + MAX_TOKEN_CODE_POINTS >= chars.length;
      tokens.push(chars.slice(i, i + MAX_TOKEN_CODE_POINTS).join('') + (last ? space : ''));
    }
  }
  // Text that is only whitespace ends up as one token; merge a lone leading-space token into the next.
  if (tokens.length > 1 && tokens[0].trim() === '') {
    tokens.splice(0, 2, tokens[0] + tokens[1]);
  }
  return tokens;
}

export function countTokens(text: string): number {
  return splitIntoTokens(text).length;
}
