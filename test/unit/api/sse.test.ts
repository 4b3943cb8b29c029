import assert from 'node:assert/strict';
import { parseSseStream, type SseMessage } from '../../../src/api/sse';
import { ApiError } from '../../../src/api/errors';

async function collect(chunks: (string | Uint8Array)[]): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  for await (const read of parseSseStream(chunks)) out.push(...read);
  return out;
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('api/sse: bytes → SSE events', () => {
  it('reads data with and without a space after the colon', async () => {
    const events = await collect([bytes('data: one\n\ndata:two\n\n')]);
    assert.deepEqual(events.map((e) => e.data), ['one', 'two']);
  });

  it('accepts CRLF and bare CR line ends', async () => {
    const events = await collect([bytes('data: crlf\r\n\r\ndata: cr\r\rdata: lf\n\n')]);
    assert.deepEqual(events.map((e) => e.data), ['crlf', 'cr', 'lf']);
  });

  it('skips comment lines such as keep-alives', async () => {
    const events = await collect([bytes(': keep-alive\n\ndata: x\n\n: ping\n\n')]);
    assert.deepEqual(events.map((e) => e.data), ['x']);
  });

  it('keeps the event name of event: lines', async () => {
    const events = await collect([bytes('event: response.output_text.delta\ndata: {"delta":"a"}\n\n')]);
    assert.equal(events[0]?.event, 'response.output_text.delta');
    assert.equal(events[0]?.data, '{"delta":"a"}');
  });

  it('joins events split across network chunks at any byte', async () => {
    const text = 'data: {"a":1}\r\n\r\nevent: e\ndata: two\n\n';
    const raw = bytes(text);
    for (let cut = 1; cut < raw.length; cut++) {
      const events = await collect([raw.subarray(0, cut), raw.subarray(cut)]);
      assert.deepEqual(events.map((e) => e.data), ['{"a":1}', 'two'], `cut at ${cut}`);
    }
  });

  it('decodes a multi-byte character split across chunks whole', async () => {
    const raw = bytes('data: é€😀\n\n');
    // "é" is 2 bytes, "€" 3, "😀" 4: feed one byte at a time so every character is split.
    const oneByteChunks = Array.from(raw, (byte) => Uint8Array.of(byte));
    const events = await collect(oneByteChunks);
    assert.deepEqual(events.map((e) => e.data), ['é€😀']);
  });

  it('delivers a last event whose blank line never came when the body ends cleanly', async () => {
    const events = await collect([bytes('data: a\n\ndata: [DONE]')]);
    assert.deepEqual(events.map((e) => e.data), ['a', '[DONE]']);
  });

  it('yields the events of one read together, and each read as it arrives', async () => {
    const reads: string[][] = [];
    for await (const read of parseSseStream([bytes('data: a\n\ndata: b\n\ndata: c'), bytes('\n\ndata: d\n\n')])) reads.push(read.map((message) => message.data));
    assert.deepEqual(reads, [['a', 'b'], ['c', 'd']]);
  });

  it('yields each event as soon as its chunk arrives', async () => {
    let released = false;
    async function* slowSource(): AsyncGenerator<Uint8Array> {
      yield bytes('data: first\n\n');
      await new Promise((resolve) => setTimeout(resolve, 20));
      released = true;
      yield bytes('data: second\n\n');
    }
    const iterator = parseSseStream(slowSource());
    const first = await iterator.next();
    assert.deepEqual(first.value?.map((message) => message.data), ['first']);
    assert.equal(released, false);
    await iterator.return(undefined);
  });

  it('abandons an absurdly large event with an ApiError', async () => {
    const huge = `data: ${'x'.repeat(9 * 1024 * 1024)}`;
    await assert.rejects(collect([huge]), (error: unknown) => error instanceof ApiError && /larger than/.test(error.message));
  });
});
