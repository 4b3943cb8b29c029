import assert from 'node:assert/strict';
import { postJson, payloads, readEvents, useServer } from './helpers';

const lookup = {
  type: 'function',
  function: { name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: { limit: { type: 'integer' }, query: { type: 'string' } } } },
};

interface ToolCallWire {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

describe('reference server: tools-1 (tool calling in OpenAI\'s chat wire shape)', () => {
  const server = useServer();

  it('non-streaming: a request with tools gets a call of the first tool, its first string parameter holding the user text', async () => {
    const response = await postJson(server(), '/chat/completions', {
      model: 'tools-1', messages: [{ role: 'user', content: 'find cats' }], tools: [lookup], tool_choice: 'auto',
    });
    assert.equal(response.status, 200);
    const body = await response.json() as { choices: { message: { content: unknown; tool_calls: ToolCallWire[] }; finish_reason: string }[]; usage: { completion_tokens: number } };
    const [choice] = body.choices;
    assert.equal(choice.finish_reason, 'tool_calls');
    assert.equal(choice.message.content, null);
    assert.equal(choice.message.tool_calls.length, 1);
    const [call] = choice.message.tool_calls;
    assert.match(call.id ?? '', /^call_/);
    assert.equal(call.type, 'function');
    assert.equal(call.function?.name, 'lookup');
    assert.deepEqual(JSON.parse(call.function?.arguments ?? ''), { query: 'find cats' });
    assert.ok(body.usage.completion_tokens > 0, 'the arguments are billed');
  });

  it('streaming: id and name first, then the arguments in pieces by index, then finish_reason tool_calls', async () => {
    const response = await postJson(server(), '/chat/completions', {
      model: 'tools-1', stream: true, messages: [{ role: 'user', content: 'find some cats please' }], tools: [lookup],
    });
    const chunks = payloads(await readEvents(response)) as { choices: { delta: { tool_calls?: ToolCallWire[] }; finish_reason: string | null }[] }[];
    const deltas = chunks.flatMap((chunk) => chunk.choices.flatMap((choice) => choice.delta.tool_calls ?? []));
    assert.ok(deltas.length > 2, `expected the call in several deltas, got ${deltas.length}`);
    assert.ok(deltas.every((delta) => delta.index === 0));
    assert.equal(deltas[0].function?.name, 'lookup');
    assert.match(deltas[0].id ?? '', /^call_/);
    assert.equal(deltas[0].function?.arguments, '');
    assert.ok(deltas.slice(1).every((delta) => delta.id === undefined && delta.function?.name === undefined));
    assert.deepEqual(JSON.parse(deltas.map((delta) => delta.function?.arguments ?? '').join('')), { query: 'find some cats please' });
    assert.equal(chunks.flatMap((chunk) => chunk.choices).find((choice) => choice.finish_reason !== null)?.finish_reason, 'tool_calls');
  });

  it('answers with the tool result when the last message is a tool message', async () => {
    const response = await postJson(server(), '/chat/completions', {
      model: 'tools-1',
      tools: [lookup],
      messages: [
        { role: 'user', content: 'find cats' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"query":"find cats"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '42 cats' },
      ],
    });
    assert.equal(response.status, 200);
    const body = await response.json() as { choices: { message: { content: string; tool_calls?: unknown }; finish_reason: string }[] };
    assert.equal(body.choices[0].message.content, 'The tool said: 42 cats');
    assert.equal(body.choices[0].message.tool_calls, undefined);
    assert.equal(body.choices[0].finish_reason, 'stop');
  });

  it('echoes without tools', async () => {
    const response = await postJson(server(), '/chat/completions', { model: 'tools-1', messages: [{ role: 'user', content: 'plain' }] });
    const body = await response.json() as { choices: { message: { content: string } }[] };
    assert.equal(body.choices[0].message.content, 'plain');
  });

  it('lists its record fields (context size and supported parameters)', async () => {
    const response = await fetch(`${server().baseUrl}/models`, { headers: { Authorization: 'Bearer demo-key' } });
    const body = await response.json() as { data: Record<string, unknown>[] };
    const record = body.data.find((model) => model.id === 'tools-1');
    assert.equal(record?.max_model_len, 16384);
    assert.deepEqual(record?.supported_parameters, ['tools', 'tool_choice']);
    assert.equal(body.data.find((model) => model.id === 'echo-1')?.context_length, 32768);
  });

  describe('refuses malformed tool requests with 400', () => {
    const expect400 = async (body: Record<string, unknown>, code: string, message: RegExp): Promise<void> => {
      const response = await postJson(server(), '/chat/completions', { model: 'tools-1', ...body });
      assert.equal(response.status, 400);
      const error = (await response.json() as { error: { code: string; message: string } }).error;
      assert.equal(error.code, code);
      assert.match(error.message, message);
    };
    const user = [{ role: 'user', content: 'x' }];
    it('tools not an array', () => expect400({ messages: user, tools: {} }, 'invalid_type', /tools/));
    it('a tool that is not a function', () => expect400({ messages: user, tools: [{ type: 'retrieval' }] }, 'invalid_value', /tools\[0\]/));
    it('a tool name with spaces', () => expect400({ messages: user, tools: [{ type: 'function', function: { name: 'look up' } }] }, 'invalid_value', /name/));
    it('tool_choice without tools', () => expect400({ messages: user, tool_choice: 'auto' }, 'invalid_value', /tool_choice/));
    it('a tool message without tool_call_id', () => expect400({ messages: [...user, { role: 'tool', content: 'r' }] }, 'missing_required_parameter', /tool_call_id/));
    it('tool_calls on a user message', () => expect400({
      messages: [{ role: 'user', content: 'x', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }] }],
    }, 'invalid_value', /assistant/));
    it('a malformed tool call', () => expect400({
      messages: [...user, { role: 'assistant', content: null, tool_calls: [{ id: 'a', function: { name: 'f' } }] }],
    }, 'invalid_value', /tool_calls\[0\]/));
    it('role tool on /responses', async () => {
      const response = await postJson(server(), '/responses', { model: 'tools-1', input: [{ role: 'tool', content: 'x' }] });
      assert.equal(response.status, 400);
    });
  });
});
