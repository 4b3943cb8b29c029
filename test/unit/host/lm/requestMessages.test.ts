import assert from 'node:assert/strict';
import { estimateTokens, toApiMessages } from '../../../../src/host/lm/requestMessages';

// Shaped like vscode's part classes (the conversion recognises parts by their fields).
const text = (value: string) => ({ value });
const toolCall = (callId: string, name: string, input: object) => ({ callId, name, input });
const toolResult = (callId: string, content: unknown[]) => ({ callId, content });
const USER = 1;
const ASSISTANT = 2;
const SYSTEM = 3;

describe('host/lm/requestMessages: VS Code chat messages → API messages', () => {
  it('joins text parts and maps the roles', () => {
    assert.deepEqual(toApiMessages([
      { role: SYSTEM, content: [text('be brief')] },
      { role: USER, content: [text('hel'), text('lo')] },
      { role: ASSISTANT, content: [text('hi')] },
    ]), [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'hi' },
    ]);
  });

  it('turns tool calls into assistant tool_calls and tool results into tool messages right after them', () => {
    assert.deepEqual(toApiMessages([
      { role: USER, content: [text('cats?')] },
      { role: ASSISTANT, content: [text('Looking.'), toolCall('c1', 'lookup', { q: 'cats' })] },
      { role: USER, content: [toolResult('c1', [text('42 '), text('cats')]), text('and dogs?')] },
    ]), [
      { role: 'user', content: 'cats?' },
      { role: 'assistant', content: 'Looking.', toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{"q":"cats"}' }] },
      { role: 'tool', toolCallId: 'c1', content: '42 cats' },
      { role: 'user', content: 'and dogs?' },
    ]);
  });

  it('leaves out parts the API cannot carry, and messages left empty', () => {
    assert.deepEqual(toApiMessages([
      { role: USER, content: [{ mimeType: 'image/png', data: new Uint8Array([1]) }, text('see')] },
      { role: USER, content: [{ something: 'else' }] },
    ]), [{ role: 'user', content: 'see' }]);
  });

  it('estimates about four characters per token', () => {
    assert.equal(estimateTokens(''), 0);
    assert.equal(estimateTokens('abcdefgh'), 2);
    assert.equal(estimateTokens('abcdefghi'), 3);
    assert.equal(estimateTokens({ role: USER, content: [text('abcd'), text('efgh')] }), 2);
  });
});
