import * as assert from 'node:assert/strict';
import {
  createTranscript, parseMessage, parseTranscript, recoverInterrupted, titleFromText, titleOf, toSummary, UNTITLED,
} from '../../../../src/host/chat/transcript';
import type { TranscriptMessage, Transcript } from '../../../../src/shared/protocol';

const message = (overrides: Partial<TranscriptMessage>): TranscriptMessage => ({
  id: 'm', role: 'user', content: 'hi', status: 'done', createdAt: 1, ...overrides,
});

describe('transcript helpers', () => {
  describe('titleFromText', () => {
    it('puts the text on one trimmed line', () => {
      assert.equal(titleFromText('  Explain\n\n  this   code  '), 'Explain this code');
    });

    it('shortens long text with an ellipsis, within the limit', () => {
      const title = titleFromText('word '.repeat(50), 20);
      assert.ok(title.length <= 20, title);
      assert.ok(title.endsWith('…'));
    });

    it('falls back to a placeholder for blank text', () => {
      assert.equal(titleFromText(' \n\t '), UNTITLED);
    });
  });

  it('titleOf takes the first user message', () => {
    const transcript: Transcript = {
      ...createTranscript(0, 't'),
      messages: [message({ id: '1', content: 'First question' }), message({ id: '2', role: 'assistant', content: 'x' }), message({ id: '3', content: 'Second' })],
    };
    assert.equal(titleOf(transcript), 'First question');
    assert.equal(titleOf(createTranscript(0, 'e')), UNTITLED);
    // Stored empty: no English word in the user's history; the views show their own, in the display language.
    assert.equal(UNTITLED, '');
  });

  it('toSummary counts messages', () => {
    const transcript: Transcript = { ...createTranscript(5, 't'), title: 'T', updatedAt: 9, messages: [message({})] };
    assert.deepEqual(toSummary(transcript), { id: 't', title: 'T', updatedAt: 9, messageCount: 1 });
  });

  describe('crash recovery', () => {
    it('marks an answer left streaming as stopped and keeps its text', () => {
      const transcript: Transcript = {
        ...createTranscript(0, 't'),
        messages: [message({ id: '1' }), message({ id: '2', role: 'assistant', status: 'streaming', content: 'partial' })],
      };
      const recovered = recoverInterrupted(transcript);
      assert.equal(recovered.messages[1].status, 'stopped');
      assert.equal(recovered.messages[1].content, 'partial');
      assert.equal(transcript.messages[1].status, 'streaming', 'the input is not mutated');
    });

    it('parseTranscript applies it to stored data', () => {
      const stored = JSON.parse(JSON.stringify({
        id: 't', title: 'T', createdAt: 1, updatedAt: 2,
        messages: [{ id: 'a', role: 'assistant', content: 'half', status: 'streaming', createdAt: 1 }],
      }));
      assert.equal(parseTranscript(stored)?.messages[0].status, 'stopped');
    });
  });

  describe('parsing stored data', () => {
    it('rejects what is not a transcript', () => {
      assert.equal(parseTranscript(undefined), undefined);
      assert.equal(parseTranscript('text'), undefined);
      assert.equal(parseTranscript({ id: 1, messages: [] }), undefined);
      assert.equal(parseTranscript({ id: 'x' }), undefined);
    });

    it('drops malformed messages and keeps good ones', () => {
      const parsed = parseTranscript({
        id: 't',
        messages: [
          { id: 'ok', role: 'user', content: 'hello', status: 'done', createdAt: 3 },
          { id: 'bad-role', role: 'system', content: 'x', status: 'done' },
          { role: 'user', content: 'no id' },
          null,
        ],
      });
      assert.deepEqual(parsed?.messages.map((m) => m.id), ['ok']);
      assert.equal(parsed?.title, UNTITLED);
    });

    it('keeps error details and filters unknown actions', () => {
      const parsed = parseMessage({
        id: 'e', role: 'assistant', content: 'so far', status: 'error', createdAt: 1, model: 'echo-1',
        usage: { inputTokens: 3, outputTokens: 'many' },
        error: { message: 'Rate limited', status: 429, type: 'rate_limit', code: 'rate_limit_exceeded', actions: ['retry', 'format-disk'] },
      });
      assert.deepEqual(parsed, {
        id: 'e', role: 'assistant', content: 'so far', status: 'error', createdAt: 1, model: 'echo-1',
        usage: { inputTokens: 3 },
        error: { message: 'Rate limited', status: 429, type: 'rate_limit', code: 'rate_limit_exceeded', actions: ['retry'] },
      });
    });

    it('keeps the finish reason of an answer that ended early', () => {
      assert.equal(parseMessage({ id: 'x', role: 'assistant', content: 'half', status: 'done', finishReason: 'length' })?.finishReason, 'length');
      assert.equal(parseMessage({ id: 'x', role: 'assistant', content: 'half', status: 'done', finishReason: 7 })?.finishReason, undefined);
    });

    it('keeps the parameters an answer was asked with, dropping malformed ones', () => {
      assert.deepEqual(parseMessage({ id: 'x', role: 'assistant', content: 'a', status: 'done', parameters: { temperature: 0.2, topP: 'high', reasoningEffort: 'low' } })?.parameters, { temperature: 0.2, reasoningEffort: 'low' });
      assert.equal('parameters' in (parseMessage({ id: 'x', role: 'assistant', content: 'a', status: 'done', parameters: { temperature: 9 } }) ?? {}), false);
    });

    it('treats an unknown status as done', () => {
      assert.equal(parseMessage({ id: 'x', role: 'user', content: '', status: 'weird' })?.status, 'done');
    });
  });
});

describe('a stored message\'s endpoint profile', () => {
  it('is read back when it is a string, and dropped otherwise', () => {
    const stored = { id: 'a', role: 'assistant', content: 'x', status: 'done', createdAt: 1, model: 'echo-1', profile: 'Local' };
    assert.equal(parseMessage(stored)?.profile, 'Local');
    assert.equal(parseMessage({ ...stored, profile: 42 })?.profile, undefined);
    assert.ok(!('profile' in (parseMessage({ ...stored, profile: undefined }) ?? {})));
  });
});
