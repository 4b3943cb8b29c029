import assert from 'node:assert/strict';
import { chatEventsFromSse } from '../../../src/api/chatStream';
import { chatEventsFromJson } from '../../../src/api/nonStreaming';
import { ToolCallAssembler, toWireMessage, toWireTools } from '../../../src/api/toolCalls';
import { chunk, drain, sseSource } from './streamHelpers';

const toolDelta = (calls: unknown[], finishReason: string | null = null): string =>
  chunk({ choices: [{ index: 0, delta: { tool_calls: calls }, finish_reason: finishReason }] });

describe('api/toolCalls: tool calls in OpenAI\'s chat wire shape', () => {
  it('assembles streamed fragments by index: id and name from the first, arguments joined in order', () => {
    const assembler = new ToolCallAssembler();
    assembler.add([{ index: 0, id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '' } }]);
    assembler.add([{ index: 1, id: 'call_b', type: 'function', function: { name: 'other', arguments: '{"x"' } }]);
    assembler.add([{ index: 0, function: { arguments: '{"q":' } }]);
    assembler.add([{ index: 0, function: { arguments: '"cats"}' } }, { index: 1, function: { arguments: ':1}' } }]);
    assert.deepEqual(assembler.complete(), [
      { id: 'call_a', name: 'lookup', arguments: '{"q":"cats"}' },
      { id: 'call_b', name: 'other', arguments: '{"x":1}' },
    ]);
  });

  it('tolerates a missing index (array position), a missing id (generated), object arguments, and drops nameless calls', () => {
    const assembler = new ToolCallAssembler();
    assembler.add([{ function: { name: 'a', arguments: { k: 1 } } }, { id: 'x', function: { arguments: '{}' } }, 'junk', null]);
    assembler.add('not an array');
    assert.deepEqual(assembler.complete(), [{ id: 'call_0', name: 'a', arguments: '{"k":1}' }]);
  });

  it('writes assistant tool calls and tool results in the wire shape', () => {
    assert.deepEqual(toWireMessage({ role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'f', arguments: '{}' }] }), {
      role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
    });
    assert.deepEqual(toWireMessage({ role: 'tool', content: 'r', toolCallId: 'c1' }), { role: 'tool', content: 'r', tool_call_id: 'c1' });
    assert.deepEqual(toWireMessage({ role: 'user', content: 'hi' }), { role: 'user', content: 'hi' });
  });

  it('writes tools as function tools; a tool without a schema takes an empty object', () => {
    assert.deepEqual(toWireTools([{ name: 'f', description: 'd', parameters: { type: 'object', properties: { a: { type: 'string' } } } }, { name: 'g' }]), [
      { type: 'function', function: { name: 'f', description: 'd', parameters: { type: 'object', properties: { a: { type: 'string' } } } } },
      { type: 'function', function: { name: 'g', parameters: { type: 'object', properties: {} } } },
    ]);
  });

  it('a chat stream yields each complete call once, after the text and before usage and done', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseSource([
      chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: 'Let me look.' } }] }),
      toolDelta([{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } }]),
      toolDelta([{ index: 0, function: { arguments: '{"q":"c' } }]),
      toolDelta([{ index: 0, function: { arguments: 'ats"}' } }]),
      chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }),
      chunk({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } }),
      '[DONE]',
    ]), 200));
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'text', text: 'Let me look.' },
      { type: 'toolCall', id: 'call_1', name: 'lookup', arguments: '{"q":"cats"}' },
      { type: 'usage', inputTokens: 3, outputTokens: 4, totalTokens: 7 },
      { type: 'done', finishReason: 'tool_calls' },
    ]);
  });

  it('a stream cut off in the middle of a call yields no half call', async () => {
    const { events, error } = await drain(chatEventsFromSse(sseSource([
      toolDelta([{ index: 0, id: 'call_1', function: { name: 'lookup', arguments: '{"q":' } }]),
    ]), 200));
    assert.ok(error);
    assert.deepEqual(events, []);
  });

  it('a whole chat completion yields its message.tool_calls', () => {
    const events = chatEventsFromJson({
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] }, finish_reason: 'tool_calls' }],
    }, 200);
    assert.deepEqual(events, [{ type: 'toolCall', id: 'c', name: 'f', arguments: '{"a":1}' }, { type: 'done', finishReason: 'tool_calls' }]);
  });
});
