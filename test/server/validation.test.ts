import assert from 'node:assert/strict';
import { chat, errorOf, postJson, useServer } from './helpers';

describe('reference server: request validation (400)', () => {
  const server = useServer();

  async function expect400(path: string, body: unknown, code: string, messagePart?: RegExp): Promise<void> {
    const response = await postJson(server(), path, body);
    assert.equal(response.status, 400, `${path} ${JSON.stringify(body)}`);
    const error = await errorOf(response);
    assert.equal(error.type, 'invalid_request_error');
    assert.equal(error.code, code, JSON.stringify(body));
    if (messagePart !== undefined) assert.match(error.message, messagePart);
  }

  describe('/chat/completions', () => {
    it('invalid JSON', () => expect400('/chat/completions', '{"model": "echo-1",', 'invalid_json'));
    it('an empty body', () => expect400('/chat/completions', '', 'invalid_json'));
    it('a body that is not an object', () => expect400('/chat/completions', '[1,2]', 'invalid_type'));
    it('missing model', () => expect400('/chat/completions', { messages: [{ role: 'user', content: 'hi' }] },
      'missing_required_parameter', /'model'/));
    it('missing messages', () => expect400('/chat/completions', { model: 'echo-1' }, 'missing_required_parameter', /'messages'/));
    it('model of the wrong type', () => expect400('/chat/completions', { ...chat('echo-1', 'hi'), model: 42 }, 'invalid_type'));
    it('an empty model name', () => expect400('/chat/completions', { ...chat('echo-1', 'hi'), model: '' }, 'invalid_type'));
    it('messages not an array', () => expect400('/chat/completions', { model: 'echo-1', messages: 'hi' }, 'invalid_type'));
    it('messages empty', () => expect400('/chat/completions', { model: 'echo-1', messages: [] }, 'invalid_type'));
    it('a message without role', () => expect400('/chat/completions', { model: 'echo-1', messages: [{ content: 'hi' }] },
      'invalid_type', /role/));
    it('a message without content', () => expect400('/chat/completions', { model: 'echo-1', messages: [{ role: 'user' }] },
      'invalid_type', /content/));
    it('content that is not a string', () => expect400('/chat/completions',
      { model: 'echo-1', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }, 'invalid_type'));
    it('a message that is not an object', () => expect400('/chat/completions', { model: 'echo-1', messages: ['hi'] },
      'invalid_type'));
    it('an unknown role', () => expect400('/chat/completions', { model: 'echo-1', messages: [{ role: 'wizard', content: 'hi' }] },
      'invalid_value'));
    it('stream of the wrong type', () => expect400('/chat/completions', chat('echo-1', 'hi', { stream: 'yes' }), 'invalid_type'));
    it('max_tokens not an integer', () => expect400('/chat/completions', chat('echo-1', 'hi', { max_tokens: 1.5 }), 'invalid_type'));
    it('max_tokens below 1', () => expect400('/chat/completions', chat('echo-1', 'hi', { max_tokens: 0 }), 'invalid_value'));
    it('max_output_tokens, which belongs to /responses', () => expect400('/chat/completions',
      chat('echo-1', 'hi', { max_output_tokens: 10 }), 'unknown_parameter', /max_output_tokens/));
    it('input, which belongs to /responses', () => expect400('/chat/completions', chat('echo-1', 'hi', { input: 'x' }),
      'unknown_parameter'));
    it('an unknown parameter', () => expect400('/chat/completions', chat('echo-1', 'hi', { frobnicate: true }), 'unknown_parameter'));
    it('stream_options without stream', () => expect400('/chat/completions',
      chat('echo-1', 'hi', { stream_options: { include_usage: true } }), 'invalid_value'));
    it('temperature out of range', () => expect400('/chat/completions', chat('echo-1', 'hi', { temperature: 5 }), 'invalid_value'));

    it('tolerates common harmless OpenAI options', async () => {
      const response = await postJson(server(), '/chat/completions', {
        ...chat('echo-1', 'hi'), stream: true, stream_options: { include_usage: true }, temperature: 0.2, top_p: 1,
        user: 'someone', seed: 7, n: 1, stop: ['\n\n'], presence_penalty: 0, frequency_penalty: 0, metadata: { a: 'b' },
      });
      assert.equal(response.status, 200);
      await response.text();
    });

    it('tolerates null for optional fields and a name on a message', async () => {
      const response = await postJson(server(), '/chat/completions', {
        model: 'echo-1', messages: [{ role: 'user', content: 'hi', name: 'ann' }], stream: null, max_tokens: null,
      });
      assert.equal(response.status, 200);
      await response.json();
    });
  });

  describe('/responses', () => {
    it('invalid JSON', () => expect400('/responses', 'nope', 'invalid_json'));
    it('missing model', () => expect400('/responses', { input: 'hi' }, 'missing_required_parameter', /'model'/));
    it('missing input', () => expect400('/responses', { model: 'echo-1' }, 'missing_required_parameter', /'input'/));
    it('input of the wrong type', () => expect400('/responses', { model: 'echo-1', input: 42 }, 'invalid_type'));
    it('an empty input array', () => expect400('/responses', { model: 'echo-1', input: [] }, 'invalid_type'));
    it('an input item without role', () => expect400('/responses', { model: 'echo-1', input: [{ content: 'hi' }] },
      'invalid_type'));
    it('an input item with bad content parts', () => expect400('/responses',
      { model: 'echo-1', input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'x' }] }] }, 'unknown_parameter'));
    it('an input part that is not input_text', () => expect400('/responses',
      { model: 'echo-1', input: [{ role: 'user', content: [{ type: 'output_text', text: 'x' }] }] }, 'invalid_value'));
    it('max_tokens, which belongs to /chat/completions', () => expect400('/responses',
      { model: 'echo-1', input: 'hi', max_tokens: 10 }, 'unknown_parameter', /max_tokens/));
    it('messages, which belong to /chat/completions', () => expect400('/responses',
      { model: 'echo-1', input: 'hi', messages: [] }, 'unknown_parameter', /messages/));
    it('stream_options', () => expect400('/responses', { model: 'echo-1', input: 'hi', stream: true, stream_options: {} },
      'unknown_parameter'));
    it('max_output_tokens of the wrong type', () => expect400('/responses',
      { model: 'echo-1', input: 'hi', max_output_tokens: '10' }, 'invalid_type'));

    it('tolerates instructions, temperature, top_p, store, user and metadata', async () => {
      const response = await postJson(server(), '/responses', {
        model: 'echo-1', input: 'hi', instructions: 'be brief', temperature: 1, top_p: 0.5, store: false, user: 'u',
        metadata: { k: 'v' },
      });
      assert.equal(response.status, 200);
      await response.json();
    });
  });

  it('413 for a body over the size limit', async () => {
    const response = await postJson(server(), '/chat/completions', chat('echo-1', 'x'.repeat(5 * 1024 * 1024)));
    assert.equal(response.status, 413);
    assert.equal((await errorOf(response)).code, 'request_too_large');
  });
});
