import * as assert from 'node:assert/strict';
import { ANSWER_SIZE_LIMIT } from '../../../../src/shared/finishReason';
import { exportFileName, transcriptToMarkdown } from '../../../../src/host/chat/markdownExport';
import type { Transcript } from '../../../../src/shared/protocol';

const transcript: Transcript = {
  id: 't1',
  title: 'Explain the retry policy',
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  updatedAt: Date.UTC(2026, 0, 2, 3, 5, 0),
  messages: [
    { id: 'u1', role: 'user', content: 'Explain the retry policy', status: 'done', model: 'echo-1', createdAt: 0 },
    {
      id: 'a1', role: 'assistant', content: 'It backs off.\n\n```ts\nwait(500);\n```', status: 'done', model: 'echo-1', createdAt: 0,
      reasoning: 'The user wants ``` details', usage: { inputTokens: 12, outputTokens: 34 },
    },
    { id: 'u2', role: 'user', content: 'Longer, please', status: 'done', createdAt: 0 },
    { id: 'a2', role: 'assistant', content: 'Once upon', status: 'stopped', model: 'slow-1', createdAt: 0 },
    { id: 'u3', role: 'user', content: 'Again', status: 'done', createdAt: 0 },
    {
      id: 'a3', role: 'assistant', content: 'Partial', status: 'error', model: 'echo-1', createdAt: 0,
      error: { message: 'Rate limit exceeded', status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', actions: ['retry'] },
    },
  ],
};

describe('transcriptToMarkdown', () => {
  const markdown = transcriptToMarkdown(transcript, new Date(Date.UTC(2026, 0, 3)));

  it('starts with the title, the dates and the models used', () => {
    assert.ok(markdown.startsWith('# Explain the retry policy\n\n'));
    assert.ok(markdown.includes('- Started: 2026-01-02T03:04:05.000Z'));
    assert.ok(markdown.includes('- Exported: 2026-01-03T00:00:00.000Z'));
    assert.ok(markdown.includes('- Models: `echo-1`, `slow-1`'));
  });

  it('has every message in order with its author and model', () => {
    const order = ['## You\n\nExplain the retry policy', '## Assistant (echo-1)\n\n', '## You\n\nLonger, please', '## Assistant (slow-1)', '## You\n\nAgain'];
    let at = 0;
    for (const part of order) {
      const found = markdown.indexOf(part, at);
      assert.ok(found >= at, `missing or out of order: ${part}`);
      at = found;
    }
    assert.ok(markdown.includes('It backs off.\n\n```ts\nwait(500);\n```'));
  });

  it('marks stopped answers and shows errors with status, type and code', () => {
    assert.match(markdown, /Once upon\n\n_\[Stopped[^\n]*\]_/);
    assert.ok(markdown.includes('Partial'));
    assert.ok(markdown.includes('> **Error** (status 429, type `rate_limit_error`, code `rate_limit_exceeded`): Rate limit exceeded'));
  });

  it('marks an answer cut off at the output-token limit', () => {
    const cut = transcriptToMarkdown({
      ...transcript,
      messages: [{ id: 'a', role: 'assistant', content: 'Half of', status: 'done', finishReason: 'length', createdAt: 0 }],
    });
    assert.match(cut, /Half of\n\n_\[Cut off: the answer reached the output-token limit\.\]_/);
    assert.doesNotMatch(markdown, /Cut off/);
  });

  it('marks an answer the chat cut off at the size limit (modelAccess.maxAnswerChars)', () => {
    const cut = transcriptToMarkdown({
      ...transcript,
      messages: [{ id: 'a', role: 'assistant', content: 'Lots', status: 'done', finishReason: ANSWER_SIZE_LIMIT, createdAt: 0 }],
    });
    assert.match(cut, /Lots\n\n_\[Cut off: the answer reached the size limit \(modelAccess\.maxAnswerChars\), so the connection was closed\.\]_/);
  });

  it('shows usage and reasoning in a fence its text cannot close', () => {
    assert.ok(markdown.includes('_Tokens: 12 input, 34 output_'));
    assert.ok(markdown.includes('````text\nThe user wants ``` details\n````'));
  });

  it('says "no reply" for a network failure', () => {
    const failed = transcriptToMarkdown({
      ...transcript,
      messages: [{ id: 'x', role: 'assistant', content: '', status: 'error', createdAt: 0, error: { message: 'Connection refused', actions: ['retry'] } }],
    });
    assert.ok(failed.includes('> **Error** (no reply from the server): Connection refused'));
  });
});

describe('exportFileName', () => {
  it('slugs the title', () => {
    assert.equal(exportFileName(transcript), 'explain-the-retry-policy.md');
    assert.equal(exportFileName({ ...transcript, title: '../../etc/passwd' }), 'etc-passwd.md');
    assert.equal(exportFileName({ ...transcript, title: '日本語' }), 'chat.md');
  });
});
