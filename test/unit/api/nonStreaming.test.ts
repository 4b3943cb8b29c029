import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { chatEventsFromJson, responsesEventsFromJson } from '../../../src/api/nonStreaming';

describe('api/nonStreaming: JSON bodies → the same StreamEvents', () => {
  it('maps a chat.completion to text, usage and done', () => {
    const events = chatEventsFromJson({
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi there' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
    }, 200);
    assert.deepEqual(events, [
      { type: 'text', text: 'Hi there' },
      { type: 'usage', inputTokens: 5, outputTokens: 2, totalTokens: 7 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('includes reasoning first and omits usage when absent', () => {
    const events = chatEventsFromJson({ choices: [{ message: { content: 'A', reasoning_content: 'R' }, finish_reason: 'stop' }] }, 200);
    assert.deepEqual(events, [{ type: 'reasoning', text: 'R' }, { type: 'text', text: 'A' }, { type: 'done', finishReason: 'stop' }]);
  });

  it('reads content given as an array of text parts instead of a string', () => {
    const events = chatEventsFromJson({
      choices: [{ message: { role: 'assistant', content: [{ type: 'text', text: 'Hi ' }, { type: 'image_url', image_url: {} }, { type: 'text', text: 'there' }] }, finish_reason: 'stop' }],
    }, 200);
    assert.deepEqual(events, [{ type: 'text', text: 'Hi there' }, { type: 'done', finishReason: 'stop' }]);
  });

  it('gives just done for content null', () => {
    assert.deepEqual(chatEventsFromJson({ choices: [{ message: { content: null } }] }, 200), [{ type: 'done' }]);
  });

  it('throws an error envelope sent with status 200', () => {
    assert.throws(() => chatEventsFromJson({ error: { message: 'nope', type: 't', code: 'c' } }, 200),
      (error: unknown) => error instanceof ApiError && error.message === 'nope' && error.code === 'c');
  });

  it('refuses a body that is not a chat completion', () => {
    assert.throws(() => chatEventsFromJson({ hello: 'world' }, 200), (error: unknown) => error instanceof ApiError && error.type === 'invalid_response');
  });

  it('maps a Responses object from its output message parts', () => {
    const events = responsesEventsFromJson({
      object: 'response',
      status: 'completed',
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'thought' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hel', annotations: [] }, { type: 'output_text', text: 'lo' }] },
      ],
      usage: { input_tokens: 3, output_tokens: 1, total_tokens: 4 },
    }, 200);
    assert.deepEqual(events, [
      { type: 'reasoning', text: 'thought' },
      { type: 'text', text: 'Hello' },
      { type: 'usage', inputTokens: 3, outputTokens: 1, totalTokens: 4 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('prefers the output_text convenience field when present', () => {
    const events = responsesEventsFromJson({ status: 'completed', output_text: 'direct', output: [] }, 200);
    assert.deepEqual(events, [{ type: 'text', text: 'direct' }, { type: 'done', finishReason: 'stop' }]);
  });

  it('maps an incomplete response to done with the reason', () => {
    const events = responsesEventsFromJson({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [] }, 200);
    assert.deepEqual(events, [{ type: 'done', finishReason: 'length' }]);
  });

  it('throws a failed response', () => {
    assert.throws(() => responsesEventsFromJson({ status: 'failed', error: { code: 'server_error', message: 'bad' }, output: [] }, 200),
      (error: unknown) => error instanceof ApiError && error.message === 'bad');
    assert.throws(() => responsesEventsFromJson({ status: 'failed', error: null, output: [] }, 200), ApiError);
  });

  it('refuses a body that is not a Responses object', () => {
    assert.throws(() => responsesEventsFromJson({ choices: [] }, 200), (error: unknown) => error instanceof ApiError && error.type === 'invalid_response');
  });
});
