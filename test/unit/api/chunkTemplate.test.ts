import assert from 'node:assert/strict';
import { chatEventsFromSse, textAlone } from '../../../src/api/chatStream';
import { ChunkTemplate } from '../../../src/api/chunkTemplate';
import { chunk, drain, sseSource } from './streamHelpers';

/** A chat chunk as OpenAI-compatible servers write them: id, object, created, model, one choice. */
const openAiChunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}, created = 1_700_000_000): string => chunk({
  id: 'chatcmpl-1', object: 'chat.completion.chunk', created, model: 'echo-1',
  choices: [{ index: 0, delta, finish_reason: null }], ...extra,
});

/** Reads `data` as chatStream does: the template first, else parsed whole (and learned from). */
function readAll(template: ChunkTemplate, data: string[]): { fast: number; reads: ({ field: string; text: string } | undefined)[] } {
  let fast = 0;
  const reads = data.map((one) => {
    const read = template.read(one);
    if (read) {
      fast++;
      return read;
    }
    const parsed = parseOrUndefined(one);
    template.learn(one, parsed);
    return textAlone(parsed);
  });
  return { fast, reads };
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Counts the characters handed to JSON.parse while `run` runs. */
async function parsedChars(run: () => Promise<unknown>): Promise<number> {
  const parse = JSON.parse;
  let chars = 0;
  JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    chars += text.length;
    return parse(text, reviver);
  }) as typeof JSON.parse;
  try {
    await run();
  } finally {
    JSON.parse = parse;
  }
  return chars;
}

/** A deterministic pseudo-random sequence (the same cases on every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const HARD_TEXTS = ['x', '"', '\\', '\\"', '","finish_reason":"stop', '"}}],"usage":{"total_tokens":1},"x":"', '\u0000', '\u2028',
  'é', '😀', '\n\t', '{}', '[DONE]', 'content', '"content":"', ' ', 'a'.repeat(300)];

describe('api/chunkTemplate: chunks that differ only in their text', () => {
  it('reads what a whole parse reads, for every chunk it takes, in streams of mixed and hostile chunks', () => {
    const next = random(8);
    const pick = <T>(values: T[]): T => values[Math.floor(next() * values.length)];
    const variants: ((text: string) => string)[] = [
      (text) => openAiChunk({ content: text }),
      (text) => openAiChunk({ content: text }, {}, 1_700_000_001),
      (text) => openAiChunk({ reasoning_content: text }),
      (text) => openAiChunk({ reasoning: text }),
      (text) => openAiChunk({ content: [{ type: 'text', text }] }),
      (text) => openAiChunk({ content: text, reasoning_content: 'r' }),
      (text) => openAiChunk({ content: text, tool_calls: [{ index: 0, function: { arguments: '{' } }] }),
      (text) => openAiChunk({ content: text }, { usage: { total_tokens: 3 } }),
      (text) => openAiChunk({ content: text }, { error: { message: 'boom' } }),
      (text) => openAiChunk({ content: text }, { obfuscation: text.slice(0, 3) }),
      (text) => chunk({ choices: [{ index: 0, delta: { content: text }, finish_reason: 'stop' }] }),
      (text) => chunk({ choices: [{ index: 1, delta: { content: 'other' } }, { index: 0, delta: { content: text } }] }),
      (text) => JSON.stringify({ id: text, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] }, null, 1),
      (text) => `{"choices":[{"index":0,"delta":{"content":${JSON.stringify(text)},"content":"dup"}}]}`,
      (text) => `{"choices":[{"index":0,"delta":{"content":"dup","content":${JSON.stringify(text)}}}]}`,
      (text) => `{"choices":[{"index":0,"delta":{"content":${JSON.stringify(text)},"role":"x"}}]}`,
      (text) => `{"choices":[{"index":0,"delta":{"content":${JSON.stringify(text)}}}],"note":${JSON.stringify(`say ${text}`)}}`,
      (text) => `{"choices":[{"index":0,"delta":{"content":${JSON.stringify(text).replace(/x/g, '\\u0078')}}}]}`,
    ];
    let fast = 0;
    for (let stream = 0; stream < 300; stream++) {
      // Runs of one shape (as streams are), each chunk with its own text.
      const data = Array.from({ length: 8 }, () => {
        const variant = pick(variants);
        return Array.from({ length: 1 + Math.floor(next() * 8) }, () => variant(next() < 0.5 ? pick(HARD_TEXTS) : `t${Math.floor(next() * 1000)}`));
      }).flat();
      // Hostile middles: the template's prefix and suffix around more than one value, or a broken one.
      const base = openAiChunk({ content: 'MID' });
      const [prefix, suffix] = base.split('"MID"');
      data.push(`${prefix}"a","finish_reason":"stop"${suffix}`, `${prefix}"a"}},{"x":"y"${suffix}`, `${prefix}"a" "b"${suffix}`, `${prefix}""${suffix}`,
        `${prefix}"\\"${suffix}`, `${prefix}"a"${suffix.replace('null', '"stop"')}`, `${prefix}"a"${suffix} `);
      const template = new ChunkTemplate(textAlone);
      const { fast: taken, reads } = readAll(template, data);
      fast += taken;
      reads.forEach((read, index) => assert.deepEqual(read, textAlone(parseOrUndefined(data[index])), data[index]));
    }
    // (The property is only worth something if the template took many of them.)
    assert.ok(fast > 2_000, `the template took ${fast} chunks`);
  });

  it('never learns a place the text is not read from, where its literal happens to stand too', () => {
    // The last place the text's literal stands is the model's name: a template there would read the next chunk's
    // model as its text.
    const data = ['{"choices":[{"index":0,"delta":{"content":"same"}}],"model":"same"}', '{"choices":[{"index":0,"delta":{"content":"same"}}],"model":"other"}'];
    const { reads } = readAll(new ChunkTemplate(textAlone), data);
    assert.deepEqual(reads, [{ field: 'text', text: 'same' }, { field: 'text', text: 'same' }]);
  });

  it('parses only the text of a stream of same-shaped chunks, learning again when the rest changes', async () => {
    const texts = Array.from({ length: 1_000 }, (_, index) => ` word${index}`);
    // `created` moves on once a second, as servers write it.
    const data = texts.map((text, index) => openAiChunk({ content: text }, {}, 1_700_000_000 + Math.floor(index / 300)));
    const end = chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    let events: unknown[] = [];
    const chars = await parsedChars(async () => {
      ({ events } = await drain(chatEventsFromSse(sseSource([...data, end, '[DONE]']), 200)));
    });
    assert.deepEqual(events, [...texts.map((text) => ({ type: 'text', text })), { type: 'done', finishReason: 'stop' }]);
    const literals = texts.reduce((sum, text) => sum + JSON.stringify(text).length, 0);
    // Each of the four shapes (created changed three times) parsed whole twice (the chunk and its check), the rest their text alone.
    assert.ok(chars <= literals + 4 * 2 * (data[0].length + 40) + end.length, `${chars} characters parsed`);
    assert.ok(chars < data.reduce((sum, one) => sum + one.length, 0) / 4);
  });

  it('stops learning from a server whose every chunk differs outside its text', async () => {
    const data = Array.from({ length: 1_000 }, (_, index) => openAiChunk({ content: `w${index}` }, { obfuscation: 'x'.repeat(index % 7) }));
    const whole = data.reduce((sum, one) => sum + one.length, 0);
    let events: unknown[] = [];
    const chars = await parsedChars(async () => {
      ({ events } = await drain(chatEventsFromSse(sseSource([...data, chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }), '[DONE]']), 200)));
    });
    assert.equal(events.length, 1_001);
    // Every chunk once, and a few checks while it tried (at most four learned, each checked once).
    assert.ok(chars <= whole + 100 + 4 * data[0].length * 2, `${chars} of ${whole} characters parsed`);
  });

  it('never takes an error event, however it fits', async () => {
    const text = openAiChunk({ content: 'a' });
    const { events, error } = await drain(chatEventsFromSse(sseSource([text, text, { event: 'error', data: text }]), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'a' }, { type: 'text', text: 'a' }]);
    assert.ok(error instanceof Error);
  });
});
