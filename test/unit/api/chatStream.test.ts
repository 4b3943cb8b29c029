import assert from 'node:assert/strict';
import { chatEventsFromSse } from '../../../src/api/chatStream';
import { MARKER } from '../../../src/api/chunkTemplate';
import { ApiError, streamTruncatedError } from '../../../src/api/errors';
import { chunk, drain, sseReads, sseSource } from './streamHelpers';

const delta = (d: Record<string, unknown>, finishReason: string | null = null): string =>
  chunk({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: d, finish_reason: finishReason }] });

describe('api/chatStream: chat chunks → StreamEvents', () => {
  it('maps a typical OpenAI stream: role-only delta, text, finish on its own chunk, usage-only chunk, [DONE]', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseSource([
      delta({ role: 'assistant', content: '' }),
      delta({ content: 'Hel' }),
      delta({ content: 'lo' }),
      delta({}, 'stop'),
      chunk({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } }),
      '[DONE]',
    ]), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'usage', inputTokens: 3, outputTokens: 2, totalTokens: 5 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('parses no event\'s JSON twice (a fast stream is tens of thousands of events)', async () => {
    const parse = JSON.parse;
    const parsed: string[] = [];
    JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => { parsed.push(text); return parse(text, reviver); }) as typeof JSON.parse;
    // Each of a different shape (the chunks that differ only in their text are chunkTemplate.test.ts's).
    const data = [...Array.from({ length: 100 }, (_, i) => delta({ content: 'x', [`field${i}`]: i })), delta({}, 'stop')];
    try {
      const { events, error } = await drain(chatEventsFromSse(sseSource([...data, '[DONE]']), 200));
      assert.equal(error, undefined);
      assert.equal(events.length, 101);
    } finally {
      JSON.parse = parse;
    }
    // Each event's JSON exactly once; what else was parsed is a template's check (chunkTemplate.ts), at most four.
    for (const one of data) assert.equal(parsed.filter((text) => text === one).length, 1, one);
    const checks = parsed.filter((text) => !data.includes(text));
    assert.ok(checks.every((text) => text.includes(JSON.stringify(MARKER))), checks.join('\n'));
    assert.ok(checks.length <= 4, `${checks.length} template checks`);
  });

  it('yields a read\'s run of text as one event, keeping the order of text and reasoning', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseReads([
      [delta({ reasoning_content: 'a' }), delta({ reasoning_content: 'b' }), ...Array.from({ length: 300 }, (_, i) => delta({ content: `${i % 10}` }))],
      [delta({ content: '!' }), delta({ reasoning_content: 'c' }), delta({ content: '?' }, 'stop'), '[DONE]'],
    ]), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'reasoning', text: 'ab' },
      { type: 'text', text: '0123456789'.repeat(30) },
      { type: 'text', text: '!' },
      { type: 'reasoning', text: 'c' },
      { type: 'text', text: '?' },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('yields the text of a read before an error later in the same read, and nothing after [DONE]', async () => {
    const failed = await drain(chatEventsFromSse(sseReads([[delta({ content: 'kept ' }), delta({ content: 'text' }), chunk({ error: { message: 'overloaded' } }), delta({ content: 'never' })]]), 200));
    assert.deepEqual(failed.events, [{ type: 'text', text: 'kept text' }]);
    assert.ok(failed.error instanceof ApiError && /overloaded/.test(failed.error.message));
    const ended = await drain(chatEventsFromSse(sseReads([[delta({ content: 'a' }), delta({ content: 'b' }, 'stop'), '[DONE]', delta({ content: 'late' })]]), 200));
    assert.deepEqual(ended.events, [{ type: 'text', text: 'ab' }, { type: 'done', finishReason: 'stop' }]);
  });

  it('tolerates content null, missing and empty choices, and non-JSON keep-alive data', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseSource([
      delta({ role: 'assistant', content: null }),
      chunk({ id: 'x' }),
      chunk({ choices: [] }),
      'ping',
      delta({ content: 'ok' }),
      '[DONE]',
    ]), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [{ type: 'text', text: 'ok' }, { type: 'done' }]);
  });

  it('reads reasoning from reasoning_content or reasoning', async () => {
    const { events } = await drain(chatEventsFromSse(sseSource([
      delta({ reasoning_content: 'think ' }),
      delta({ reasoning: 'more' }),
      delta({ content: 'answer' }, 'stop'),
      '[DONE]',
    ]), 200));
    assert.deepEqual(events, [
      { type: 'reasoning', text: 'think ' },
      { type: 'reasoning', text: 'more' },
      { type: 'text', text: 'answer' },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('takes usage from a chunk that also carries text (last usage wins, emitted once before done)', async () => {
    const { events } = await drain(chatEventsFromSse(sseSource([
      chunk({ choices: [{ index: 0, delta: { content: 'a' } }], usage: { prompt_tokens: 1, completion_tokens: 1 } }),
      chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }], usage: { prompt_tokens: 1, completion_tokens: 9 } }),
      '[DONE]',
    ]), 200));
    assert.deepEqual(events, [
      { type: 'text', text: 'a' },
      { type: 'usage', inputTokens: 1, outputTokens: 9, totalTokens: 10 },
      { type: 'done', finishReason: 'length' },
    ]);
  });

  it('ends on [DONE] and reads nothing after it', async () => {
    const { events } = await drain(chatEventsFromSse(sseSource([delta({ content: 'a' }), ' [DONE] ', delta({ content: 'late' })]), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'a' }, { type: 'done' }]);
  });

  it('accepts a stream that ends cleanly after a finish reason but without [DONE]', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseSource([delta({ content: 'a' }), delta({}, 'stop')]), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [{ type: 'text', text: 'a' }, { type: 'done', finishReason: 'stop' }]);
  });

  it('throws a cut-off ApiError after yielding the text when neither [DONE] nor a finish reason came', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseSource([delta({ content: 'partial' })]), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'partial' }]);
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'stream_truncated');
    assert.match(error.message, /cut off/);
  });

  it('passes on a dropped connection before the finish as the cut-off error', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseSource([delta({ content: 'a' })], streamTruncatedError(200, 'lost')), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'a' }]);
    assert.ok(error instanceof ApiError && error.code === 'stream_truncated');
  });

  it('treats a dropped connection after the finish reason as the end of a complete answer', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseSource([delta({ content: 'a' }, 'stop')], streamTruncatedError(200, 'lost')), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [{ type: 'text', text: 'a' }, { type: 'done', finishReason: 'stop' }]);
  });

  it('throws an error object inside the 200 stream after the text already yielded', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseSource([
      delta({ content: 'some text' }),
      chunk({ error: { message: 'upstream overloaded', type: 'server_error', code: 'upstream_error' } }),
      '[DONE]',
    ]), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'some text' }]);
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'upstream overloaded');
    assert.equal(error.type, 'server_error');
    assert.equal(error.code, 'upstream_error');
    assert.equal(error.status, 200);
  });

  it('takes the message of an `event: error` that carries only a message, not its JSON', async () => {
    const { error } = await drain(chatEventsFromSse(sseSource([{ event: 'error', data: '{"message":"boom happened"}' }]), 200));
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'boom happened');
  });

  it('throws on an `event: error` whose data is plain text', async () => {
    const { error } = await drain(chatEventsFromSse(sseSource([{ event: 'error', data: 'boom' }]), 200));
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'boom');
  });
});
