// Screen readers: a finished answer is announced once, with the start of its text and without
// Markdown markup, never token by token; and each answer offers Open Answer in Editor.
import * as assert from 'node:assert/strict';
import type { TranscriptMessage } from '../../../src/shared/protocol';
import { ANNOUNCED_CHARS } from '../../../src/webview/answerAnnouncer';
import { click, createAppHarness, stateMessage, type AppHarness } from './appHarness';

function answer(id: string, extra: Partial<TranscriptMessage> = {}): TranscriptMessage {
  return { id, role: 'assistant', content: '', status: 'streaming', createdAt: 1, ...extra };
}

/** Counts every change of the live region's text. */
function watchLiveRegion(h: AppHarness): { changes: string[] } {
  const region = h.$('#answer-announcement');
  const seen = { changes: [] as string[] };
  new h.window.MutationObserver(() => seen.changes.push(region.textContent ?? '')).observe(region, { childList: true, characterData: true, subtree: true });
  return seen;
}

/** Streams `tokens` into a new answer, frame by frame, then finishes it. */
function streamAnswer(h: AppHarness, id: string, tokens: string[]): void {
  const streaming = answer(id);
  h.receive({ type: 'messageAdded', message: { id: `q-${id}`, role: 'user', content: 'q', status: 'done', createdAt: 1 } });
  h.receive({ type: 'messageAdded', message: streaming });
  for (const token of tokens) {
    h.receive({ type: 'delta', messageId: id, content: token });
    h.runFrames();
  }
  h.receive({ type: 'messageUpdated', message: { ...streaming, content: tokens.join(''), status: 'done' } });
  h.runFrames();
}

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('webview: announcing a finished answer (jsdom)', () => {
  it('is a polite, atomic live region', () => {
    const h = createAppHarness();
    const region = h.$('#answer-announcement');
    assert.equal(region.getAttribute('aria-live'), 'polite');
    assert.equal(region.getAttribute('aria-atomic'), 'true');
  });

  it('changes exactly once per answer, at its end, with its text and no Markdown markup', async () => {
    const h = createAppHarness();
    h.receive(stateMessage([]));
    const seen = watchLiveRegion(h);
    const tokens = ['# Plan', '\n\nFirst ', '**bold** ', 'step, then `code`', ' and a [link](https://example.com).'];
    streamAnswer(h, 'a1', tokens);
    await flush();
    assert.deepEqual(seen.changes, ['Answer finished: Plan First bold step, then code and a link.']);

    // A repeated "done" for the same answer (a later save) is not announced again; the next answer is.
    h.receive({ type: 'messageUpdated', message: answer('a1', { content: tokens.join(''), status: 'done' }) });
    streamAnswer(h, 'a2', ['Second', ' answer']);
    await flush();
    assert.deepEqual(seen.changes.slice(1), ['Answer finished: Second answer']);
  });

  it('reads only the start of a long answer', async () => {
    const h = createAppHarness();
    h.receive(stateMessage([]));
    const seen = watchLiveRegion(h);
    streamAnswer(h, 'long', Array.from({ length: 200 }, (_, i) => `word${i} `));
    await flush();
    assert.equal(seen.changes.length, 1);
    const [text] = seen.changes;
    assert.ok(text.startsWith('Answer finished: word0 word1 '));
    assert.ok(text.endsWith('…'));
    assert.ok(text.length <= 'Answer finished: '.length + ANNOUNCED_CHARS + 1);
  });

  it('announces nothing for a stopped or failed answer, nor for answers replayed with a reopened chat', async () => {
    const h = createAppHarness();
    h.receive(stateMessage([]));
    const seen = watchLiveRegion(h);
    h.receive({ type: 'messageAdded', message: answer('s') });
    h.receive({ type: 'messageUpdated', message: answer('s', { content: 'part', status: 'stopped' }) });
    h.receive(stateMessage([answer('old', { content: 'an old answer', status: 'done' })], { chat: { id: 'chat-2', title: '', createdAt: 1, updatedAt: 1, messages: [answer('old', { content: 'an old answer', status: 'done' })] } }));
    h.runFrames();
    await flush();
    assert.deepEqual(seen.changes, []);
  });

  it('each answer has Open Answer in Editor, which names that answer to the host', () => {
    const h = createAppHarness();
    h.receive(stateMessage([{ id: 'q', role: 'user', content: 'q', status: 'done', createdAt: 1 }, answer('a9', { content: 'text', status: 'done' })]));
    h.runFrames();
    assert.equal(h.doc.querySelector('.message[data-role=user] button.open-in-editor'), null, 'not on your own messages');
    const button = h.$('.message[data-id="a9"] button.open-in-editor');
    assert.equal(button.getAttribute('aria-label'), 'Open answer in editor');
    click(h.window, button);
    assert.deepEqual(h.posted.at(-1), { type: 'openAnswerInEditor', messageId: 'a9' });
  });
});
