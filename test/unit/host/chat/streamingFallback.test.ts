import * as assert from 'node:assert/strict';
import { StreamingFallback } from '../../../../src/host/chat/streamingFallback';

class StreamingRequired extends Error {}
const isStreamingRequired = (error: unknown): boolean => error instanceof StreamingRequired;

async function* events(items: string[], failAfter?: Error): AsyncGenerator<string> {
  for (const item of items) {
    yield item;
  }
  if (failAfter) {
    throw failAfter;
  }
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of iterable) {
    out.push(item);
  }
  return out;
}

describe('StreamingFallback', () => {
  it('streams by default and calls once', async () => {
    const calls: boolean[] = [];
    const fallback = new StreamingFallback(isStreamingRequired);
    const out = await collect(fallback.run('m', (stream) => (calls.push(stream), events(['a', 'b']))));
    assert.deepEqual(out, ['a', 'b']);
    assert.deepEqual(calls, [true]);
  });

  it('without streaming, retries once streaming when the model requires it, and remembers the model', async () => {
    const calls: boolean[] = [];
    const fallback = new StreamingFallback(isStreamingRequired, () => false);
    const start = (stream: boolean): AsyncIterable<string> => {
      calls.push(stream);
      return stream ? events(['ok']) : events([], new StreamingRequired('stream only'));
    };
    assert.deepEqual(await collect(fallback.run('stream-only-1', start)), ['ok']);
    assert.deepEqual(calls, [false, true]);
    assert.equal(fallback.streamFor('stream-only-1'), true, 'remembered as streaming-only');

    calls.length = 0;
    assert.deepEqual(await collect(fallback.run('stream-only-1', start)), ['ok']);
    assert.deepEqual(calls, [true], 'the second request streams at once');
    assert.equal(fallback.streamFor('echo-1'), false, 'other models are unaffected');
  });

  it('does not retry other errors', async () => {
    const fallback = new StreamingFallback(isStreamingRequired, () => false);
    let calls = 0;
    await assert.rejects(collect(fallback.run('m', () => (calls++, events([], new Error('500'))))), /500/);
    assert.equal(calls, 1);
    assert.equal(fallback.streamFor('m'), false, 'not remembered as streaming-only');
  });

  it('does not retry once something was yielded', async () => {
    const fallback = new StreamingFallback(isStreamingRequired, () => false);
    let calls = 0;
    await assert.rejects(collect(fallback.run('m', () => (calls++, events(['x'], new StreamingRequired()))))); 
    assert.equal(calls, 1);
  });

  it('retries at most once', async () => {
    const fallback = new StreamingFallback(isStreamingRequired, () => false);
    let calls = 0;
    await assert.rejects(collect(fallback.run('m', () => (calls++, events([], new StreamingRequired())))), StreamingRequired);
    assert.equal(calls, 2);
  });

  it('does not retry when the request already streamed', async () => {
    const fallback = new StreamingFallback(isStreamingRequired, () => true);
    let calls = 0;
    await assert.rejects(collect(fallback.run('m', () => (calls++, events([], new StreamingRequired())))), StreamingRequired);
    assert.equal(calls, 1);
  });

  it('follows the preference live: a change applies to the next request', async () => {
    let prefer = true;
    const fallback = new StreamingFallback(isStreamingRequired, () => prefer);
    const calls: boolean[] = [];
    const start = (stream: boolean): AsyncIterable<string> => (calls.push(stream), events(['ok']));
    await collect(fallback.run('echo-1', start));
    prefer = false;
    await collect(fallback.run('echo-1', start));
    prefer = true;
    await collect(fallback.run('echo-1', start));
    assert.deepEqual(calls, [true, false, true]);
  });
});
