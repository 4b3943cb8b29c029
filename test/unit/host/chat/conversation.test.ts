import * as assert from 'node:assert/strict';
import { buildRequestMessages } from '../../../../src/host/chat/conversation';
import type { TranscriptMessage } from '../../../../src/shared/protocol';

let n = 0;
const user = (content: string): TranscriptMessage => ({ id: `u${n++}`, role: 'user', content, status: 'done', createdAt: 0 });
const answer = (content: string, status: TranscriptMessage['status'] = 'done'): TranscriptMessage =>
  ({ id: `a${n++}`, role: 'assistant', content, status, createdAt: 0 });

describe('buildRequestMessages', () => {
  it('puts the system prompt first, then the conversation in order', () => {
    assert.deepEqual(buildRequestMessages([user('Hi'), answer('Hello!'), user('Bye')], 'Be brief.'), [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'Bye' },
    ]);
  });

  it('sends no system message when the prompt is unset or blank', () => {
    assert.deepEqual(buildRequestMessages([user('Hi')]), [{ role: 'user', content: 'Hi' }]);
    assert.deepEqual(buildRequestMessages([user('Hi')], '  \n'), [{ role: 'user', content: 'Hi' }]);
  });

  it('keeps stopped and failed answers with the text the user saw', () => {
    const messages = buildRequestMessages([user('a'), answer('partial', 'stopped'), user('b'), answer('half', 'error'), user('c')]);
    assert.deepEqual(messages.map((m) => m.content), ['a', 'partial', 'b', 'half', 'c']);
  });

  it('skips answers without text and answers still streaming', () => {
    const messages = buildRequestMessages([user('a'), answer('', 'error'), user('b'), answer('', 'stopped'), user('c'), answer('so far', 'streaming')]);
    assert.deepEqual(messages, [
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
      { role: 'user', content: 'c' },
    ]);
  });
});
