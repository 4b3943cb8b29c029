import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { contextLimitFromMessage, isContextLengthError } from '../../../src/api/contextLength';

describe('api/contextLength: "the request is too long for the context window", as real servers say it', () => {
  const refused = (message: string, details: ConstructorParameters<typeof ApiError>[1] = { status: 400 }): ApiError => new ApiError(message, details);

  it('recognizes the codes servers send, whatever the message', () => {
    for (const code of ['context_length_exceeded', 'context_window_exceeded', 'prompt_too_long', 'CONTEXT_LENGTH_EXCEEDED', 'token_limit_exceeded']) {
      assert.equal(isContextLengthError(refused('Bad request', { status: 400, code })), true, code);
    }
  });

  const wordings: [string, string][] = [
    ['OpenAI / vLLM', "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens. Please reduce the length of the messages."],
    ['llama.cpp', 'the request exceeds the available context size (4096 tokens), try increasing it'],
    ['Anthropic-compatible', 'prompt is too long: 210000 tokens > 200000 maximum'],
    ['Gemini', 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).'],
    ['TGI', 'Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 4000 `inputs` tokens and 500 `max_new_tokens`'],
    ['LM Studio', 'Context overflow: the conversation is longer than the context'],
    ['Mistral', 'Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length'],
    ['generic', 'Input is too long for requested model.'],
  ];
  for (const [server, message] of wordings) {
    it(`recognizes ${server}'s wording on a 400`, () => assert.equal(isContextLengthError(refused(message)), true));
  }

  it('a wording counts on 400, 413, 422 and inside a stream, not on other statuses; other 400s are not it', () => {
    const message = wordings[0][1];
    for (const status of [400, 413, 422, 200, undefined]) assert.equal(isContextLengthError(refused(message, status === undefined ? {} : { status })), true, String(status));
    for (const status of [401, 429, 500]) assert.equal(isContextLengthError(refused(message, { status })), false, String(status));
    assert.equal(isContextLengthError(refused("Unknown parameter 'temperature'.", { status: 400, code: 'unknown_parameter' })), false);
    assert.equal(isContextLengthError(refused("The model 'x' answers only in streaming form.", { status: 400, code: 'stream_required' })), false);
    assert.equal(isContextLengthError(new Error("This model's maximum context length is 8192 tokens.")), false, 'only the client’s ApiError');
  });

  it('reads the window the message states, when it does', () => {
    assert.equal(contextLimitFromMessage(wordings[0][1]), 8192);
    assert.equal(contextLimitFromMessage(wordings[1][1]), 4096);
    assert.equal(contextLimitFromMessage('The context window is 128,000 tokens and you sent more.'), 128000);
    assert.equal(contextLimitFromMessage(wordings[2][1]), undefined);
    assert.equal(contextLimitFromMessage('too long'), undefined);
  });
});
