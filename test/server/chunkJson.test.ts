import * as assert from 'node:assert/strict';
import { chunkJson } from '../../server/chunkJson';

describe('chunkJson', () => {
  const tokens = ['', 'a', ' word', '"', '\\', '\n', '\r\n', '\t', '\u0000', '\u001f', '\u2028', '😀', '\ud800', '</script>', '"}]}'];

  it('writes each token\'s chunk exactly as JSON.stringify writes the whole chunk', () => {
    const make = (token: string): unknown => ({
      id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'echo-1',
      choices: [{ index: 0, delta: { content: token }, finish_reason: null }],
    });
    const json = chunkJson(make);
    for (const token of tokens) assert.equal(json(token), JSON.stringify(make(token)), JSON.stringify(token));
  });

  it('finds the token after a model id that holds its mark', () => {
    const make = (token: string): unknown => ({ model: 'a\u0000b\u0000', choices: [{ delta: { reasoning_content: token } }] });
    const json = chunkJson(make);
    for (const token of tokens) assert.equal(json(token), JSON.stringify(make(token)), JSON.stringify(token));
  });

  it('refuses a chunk that does not hold its token', () => {
    assert.throws(() => chunkJson(() => ({ delta: {} })), /does not hold its token/);
  });
});
