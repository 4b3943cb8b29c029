import assert from 'node:assert/strict';
import { startReferenceServer, type ReferenceServer } from '../../../server';
import type { ToolDefinition } from '../../../src/api';
import { clientFor, drain } from './helpers';

describe('api client × reference server: tool calling with tools-1 over loopback', () => {
  let server: ReferenceServer;
  before(async () => { server = await startReferenceServer(); });
  after(() => server.close());

  const lookup: ToolDefinition = { name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: { query: { type: 'string' } } } };

  for (const stream of [true, false]) {
    it(`${stream ? 'streaming' : 'non-streaming'}: sends tools, gets one whole call, sends the result back as a tool message, gets the answer`, async () => {
      const client = clientFor(server);
      const ask = { role: 'user', content: 'how many cats?' };
      const first = await drain(client.chat({ model: 'tools-1', messages: [ask], tools: [lookup], stream }));
      assert.equal(first.error, undefined);
      const calls = first.events.filter((event) => event.type === 'toolCall');
      assert.equal(calls.length, 1);
      const [call] = calls;
      assert.ok(call.type === 'toolCall');
      assert.equal(call.name, 'lookup');
      assert.deepEqual(JSON.parse(call.arguments), { query: 'how many cats?' });
      assert.deepEqual(first.events.at(-1), { type: 'done', finishReason: 'tool_calls' });

      const second = await drain(client.chat({
        model: 'tools-1',
        tools: [lookup],
        stream,
        messages: [ask, { role: 'assistant', content: '', toolCalls: [{ id: call.id, name: call.name, arguments: call.arguments }] }, { role: 'tool', toolCallId: call.id, content: '42 cats' }],
      }));
      assert.equal(second.error, undefined);
      assert.equal(second.text, 'The tool said: 42 cats');
      assert.ok(!second.events.some((event) => event.type === 'toolCall'));
    });
  }

  it('sends no tools field when there are none (the spec does not list it)', async () => {
    const { text } = await drain(clientFor(server).chat({ model: 'tools-1', messages: [{ role: 'user', content: 'plain' }], tools: [] }));
    assert.equal(text, 'plain');
  });

  it('tool_choice required goes with the tools', async () => {
    const { events, error } = await drain(clientFor(server).chat({ model: 'tools-1', messages: [{ role: 'user', content: 'x' }], tools: [lookup], toolChoice: 'required' }));
    assert.equal(error, undefined);
    assert.ok(events.some((event) => event.type === 'toolCall'));
  });
});
