// A synthetic long answer, cut into word-sized tokens the way a model streams them, for
// the linear-work test and the benchmark. Blocks are of realistic size and kind.
import { SHOWCASE_MARKDOWN } from './fixtures/showcase';

const BLOCKS = SHOWCASE_MARKDOWN.split(/\n(?=#)/);

/** The first `count` tokens of an answer made of the showcase's sections, repeated. */
export function answerTokens(count: number): string[] {
  const tokens: string[] = [];
  for (let section = 0; tokens.length < count; section++) {
    const text = `${BLOCKS[section % BLOCKS.length]}\n`;
    for (const token of text.match(/\s*\S+|\s+/g) ?? []) {
      tokens.push(token);
      if (tokens.length === count) break;
    }
  }
  return tokens;
}

/** Groups tokens into the batches one animation frame would see. */
export function framesOf(tokens: readonly string[], tokensPerFrame: number): string[] {
  const frames: string[] = [];
  for (let i = 0; i < tokens.length; i += tokensPerFrame) {
    frames.push(tokens.slice(i, i + tokensPerFrame).join(''));
  }
  return frames;
}
