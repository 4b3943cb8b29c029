import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { responsesEventsFromSse } from '../../../src/api/responsesStream';
import type { SseMessage } from '../../../src/api/sse';
import { drain, sseReads, sseSource } from './streamHelpers';

/** An event as OpenAI sends it: an `event:` line naming it and a payload with the same `type`. */
const ev = (type: string, fields: Record<string, unknown> = {}, sequence = 0): SseMessage =>
  ({ event: type, data: JSON.stringify({ type, sequence_number: sequence, ...fields }) });

const completed = (usage?: Record<string, unknown>): SseMessage =>
  ev('response.completed', { response: { object: 'response', status: 'completed', usage } });

describe('api/responsesStream: Responses events → StreamEvents', () => {
  it('maps text deltas and response.completed with usage, without a trailing [DONE]', async () => {
    const { events, error } = await drain(responsesEventsFromSse(sseSource([
      ev('response.created', { response: { status: 'in_progress' } }),
      ev('response.output_item.added', { item: { type: 'message' } }),
      ev('response.output_text.delta', { delta: 'Hel' }),
      ev('response.output_text.delta', { delta: 'lo' }),
      ev('response.output_text.done', { text: 'Hello' }),
      completed({ input_tokens: 4, output_tokens: 2, total_tokens: 6 }),
    ]), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'usage', inputTokens: 4, outputTokens: 2, totalTokens: 6 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('yields a read\'s run of deltas as one event, and a failure after them in the same read after them', async () => {
    const { events, error } = await drain(responsesEventsFromSse(sseReads([
      [ev('response.reasoning_summary_text.delta', { delta: 'th' }), ev('response.reasoning_summary_text.delta', { delta: 'ink' }),
        ...Array.from({ length: 200 }, () => ev('response.output_text.delta', { delta: 'x' }))],
      [ev('response.output_text.delta', { delta: 'y' }), completed({ input_tokens: 1, output_tokens: 2 }), ev('response.output_text.delta', { delta: 'late' })],
    ]), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'reasoning', text: 'think' },
      { type: 'text', text: 'x'.repeat(200) },
      { type: 'text', text: 'y' },
      { type: 'usage', inputTokens: 1, outputTokens: 2, totalTokens: 3 },
      { type: 'done', finishReason: 'stop' },
    ]);
    const failed = await drain(responsesEventsFromSse(sseReads([[ev('response.output_text.delta', { delta: 'a' }), ev('response.output_text.delta', { delta: 'b' }), ev('response.failed', { response: { error: { message: 'model broke' } } })]]), 200));
    assert.deepEqual(failed.events, [{ type: 'text', text: 'ab' }]);
    assert.ok(failed.error instanceof ApiError && /model broke/.test(failed.error.message), String(failed.error));
  });

  it('stops at response.completed even when a [DONE] follows', async () => {
    const { events } = await drain(responsesEventsFromSse(sseSource([ev('response.output_text.delta', { delta: 'a' }), completed(), '[DONE]']), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'a' }, { type: 'done', finishReason: 'stop' }]);
  });

  it('takes the kind from the payload type when there is no event: line, and from the event: line when the payload has no type', async () => {
    const { events } = await drain(responsesEventsFromSse(sseSource([
      JSON.stringify({ type: 'response.output_text.delta', delta: 'a' }),
      { event: 'response.output_text.delta', data: JSON.stringify({ delta: 'b' }) },
      { event: 'response.completed', data: JSON.stringify({ response: { status: 'completed' } }) },
    ]), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }, { type: 'done', finishReason: 'stop' }]);
  });

  it('maps reasoning text and reasoning summary deltas to reasoning', async () => {
    const { events } = await drain(responsesEventsFromSse(sseSource([
      ev('response.reasoning_text.delta', { delta: 'think' }),
      ev('response.reasoning_summary_text.delta', { delta: 'sum' }),
      ev('response.output_text.delta', { delta: 'x' }),
      completed(),
    ]), 200));
    assert.deepEqual(events.slice(0, 3), [
      { type: 'reasoning', text: 'think' },
      { type: 'reasoning', text: 'sum' },
      { type: 'text', text: 'x' },
    ]);
  });

  it('ends a response.incomplete with usage and the reason in chat words', async () => {
    const { events, error } = await drain(responsesEventsFromSse(sseSource([
      ev('response.output_text.delta', { delta: 'abc' }),
      ev('response.incomplete', { response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 1, output_tokens: 3 } } }),
    ]), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'text', text: 'abc' },
      { type: 'usage', inputTokens: 1, outputTokens: 3, totalTokens: 4 },
      { type: 'done', finishReason: 'length' },
    ]);
  });

  it('takes the answer from response.completed when no delta carried it (a stream wrapped around a whole reply)', async () => {
    const response = {
      object: 'response',
      status: 'completed',
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'thought' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'whole answer' }] },
      ],
      usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 },
    };
    const { events, error } = await drain(responsesEventsFromSse(sseSource([
      ev('response.created', { response: { ...response, status: 'in_progress', output: [] } }),
      ev('response.completed', { response }),
    ]), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'reasoning', text: 'thought' },
      { type: 'text', text: 'whole answer' },
      { type: 'usage', inputTokens: 1, outputTokens: 2, totalTokens: 3 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('does not repeat at the end what the deltas already gave', async () => {
    const response = { status: 'completed', output: [{ type: 'message', content: [{ type: 'output_text', text: 'ab' }] }] };
    const { events } = await drain(responsesEventsFromSse(sseSource([
      ev('response.output_text.delta', { delta: 'a' }),
      ev('response.output_text.delta', { delta: 'b' }),
      ev('response.completed', { response }),
    ]), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }, { type: 'done', finishReason: 'stop' }]);
  });

  it('throws response.failed with the error of the response, after the text already yielded', async () => {
    const { events, error } = await drain(responsesEventsFromSse(sseSource([
      ev('response.output_text.delta', { delta: 'part' }),
      ev('response.failed', { response: { status: 'failed', error: { code: 'server_error', message: 'model crashed' } } }),
    ]), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'part' }]);
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'model crashed');
    assert.equal(error.code, 'server_error');
  });

  it('throws an error event with the error flat', async () => {
    const { error } = await drain(responsesEventsFromSse(sseSource([
      ev('error', { code: 'rate_limit_exceeded', message: 'slow down', param: null }),
    ]), 200));
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'slow down');
    assert.equal(error.code, 'rate_limit_exceeded');
    assert.equal(error.type, undefined, 'the event name "error" is not an error type');
  });

  it('throws an error event with the error nested under error', async () => {
    const { error } = await drain(responsesEventsFromSse(sseSource([
      ev('error', { error: { type: 'server_error', code: 'boom', message: 'nested message' } }),
    ]), 200));
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'nested message');
    assert.equal(error.type, 'server_error');
    assert.equal(error.code, 'boom');
  });

  it('throws an `event: error` whose flat error carries its own type, after the text', async () => {
    // The error object's `type` (server_error) took the place of the event type in the payload.
    const { events, error } = await drain(responsesEventsFromSse(sseSource([
      ev('response.output_text.delta', { delta: 'partial' }),
      { event: 'error', data: JSON.stringify({ type: 'server_error', code: 'upstream_error', message: 'model failed', sequence_number: 3 }) },
    ]), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'partial' }]);
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'model failed');
    assert.equal(error.code, 'upstream_error');
    assert.equal(error.type, 'server_error');
  });

  it('takes the message of an `event: error` that carries only a message, not its JSON', async () => {
    const { error } = await drain(responsesEventsFromSse(sseSource([{ event: 'error', data: '{"message":"boom happened"}' }]), 200));
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'boom happened');
  });

  it('throws an untyped error envelope', async () => {
    const { error } = await drain(responsesEventsFromSse(sseSource([JSON.stringify({ error: { message: 'plain', code: 'c' } })]), 200));
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'plain');
  });

  it('accepts a bare [DONE] as the end', async () => {
    const { events, error } = await drain(responsesEventsFromSse(sseSource([ev('response.output_text.delta', { delta: 'a' }), '[DONE]']), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [{ type: 'text', text: 'a' }, { type: 'done' }]);
  });

  it('throws a cut-off ApiError after the text when the stream ends without a terminal event', async () => {
    const { events, error } = await drain(responsesEventsFromSse(sseSource([ev('response.output_text.delta', { delta: 'half' })]), 200));
    assert.deepEqual(events, [{ type: 'text', text: 'half' }]);
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'stream_truncated');
  });
});
