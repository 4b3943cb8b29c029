// The chat's context-window pieces in jsdom: the meter (reported + estimated, against the window),
// the "N earlier messages are not sent" marker, the recovery buttons and the summary proposal.
import * as assert from 'node:assert/strict';
import type { ContextMeterReading, TranscriptMessage } from '../../../src/shared/protocol';
import { formatMeter } from '../../../src/webview/contextMeter';
import { click, createAppHarness, isShown, stateMessage, type AppHarness } from './appHarness';

let nextId = 1;
function message(role: TranscriptMessage['role'], content: string, extra: Partial<TranscriptMessage> = {}): TranscriptMessage {
  return { id: `c${nextId++}`, role, content, status: 'done', createdAt: 1, ...extra };
}
const reading = (extra: Partial<ContextMeterReading> = {}): ContextMeterReading => ({ limitSource: 'server', limitTokens: 1000, estimatedTokens: 0, omitted: 0, ...extra });
function type(h: AppHarness, text: string): void {
  const prompt = h.$<HTMLTextAreaElement>('textarea#prompt');
  prompt.value = text;
  prompt.dispatchEvent(new h.window.Event('input', { bubbles: true }));
}

describe('webview: context window', () => {
  describe('the meter', () => {
    it('reads: reported + the estimate (labelled), against the window; the limit unknown shows tokens only', () => {
      assert.equal(formatMeter(reading({ reportedTokens: 1234, estimatedTokens: 56 }), 0), '1,234 + ≈56 (estimate) / 1,000 tokens (129%)');
      assert.equal(formatMeter(reading({ estimatedTokens: 250 }), 0), '≈250 (estimate) / 1,000 tokens (25%)');
      assert.equal(formatMeter(reading({ reportedTokens: 500 }), 0), '500 / 1,000 tokens (50%)');
      assert.equal(formatMeter(reading({ limitTokens: undefined, limitSource: 'unknown', reportedTokens: 10, estimatedTokens: 5 }), 0), '10 + ≈5 (estimate) tokens · limit unknown');
      assert.equal(formatMeter(reading({ reportedTokens: 900, omitted: 3 }), 0), '900 / 1,000 tokens (90%) · 3 earlier messages not sent');
    });

    it('is hidden until the host sends a reading, then adds the draft as it is typed', () => {
      const h = createAppHarness();
      h.receive(stateMessage());
      assert.equal(isShown(h.$('.context-meter')), false);
      h.receive({ type: 'contextStatus', reading: reading({ reportedTokens: 100, estimatedTokens: 0 }) });
      const meter = h.$('.context-meter');
      assert.equal(isShown(meter), true);
      assert.equal(meter.dataset.reported, '100');
      assert.equal(meter.dataset.estimated, '0');
      assert.equal(meter.dataset.level, 'ok');
      type(h, 'x'.repeat(400));
      assert.equal(meter.dataset.estimated, '104', '100 tokens of text + 4 for the message');
      assert.match(meter.textContent ?? '', /^100 \+ ≈104 \(estimate\) \/ 1,000 tokens \(20%\)/);
      type(h, '');
      assert.equal(meter.dataset.estimated, '0');
      h.receive({ type: 'contextStatus', reading: reading({ reportedTokens: 990 }) });
      assert.equal(meter.dataset.level, 'high');
      h.receive({ type: 'contextStatus', reading: reading({ limitTokens: undefined, limitSource: 'unknown', reportedTokens: 5000 }) });
      assert.equal(meter.dataset.level, 'unknown');
      assert.match(meter.title, /modelAccess\.contextWindow/);
    });

    it('adds what the chips above the prompt would send: attached files, and the project instructions only when on', () => {
      const h = createAppHarness();
      h.receive(stateMessage());
      h.receive({ type: 'contextStatus', reading: reading({ reportedTokens: 100, estimatedTokens: 0 }) });
      const meter = h.$('.context-meter');
      const chip = (id: string, tokens: number) => ({ id, label: `${id}.ts`, path: `src/${id}.ts`, kind: 'file' as const, tokens });
      h.receive({ type: 'attachments', chips: [chip('a', 300), chip('b', 50)], instructions: { paths: ['AGENTS.md'], on: false, tokens: 40 } });
      assert.equal(meter.dataset.estimated, '350', 'two files; the instructions are off');
      h.receive({ type: 'attachments', chips: [chip('a', 300), chip('b', 50)], instructions: { paths: ['AGENTS.md'], on: true, tokens: 40 } });
      assert.equal(meter.dataset.estimated, '390', 'the instructions turned on');
      type(h, 'x'.repeat(400));
      assert.equal(meter.dataset.estimated, '494', 'and the draft');
      h.receive({ type: 'attachments', chips: [] });
      type(h, '');
      assert.equal(meter.dataset.estimated, '0', 'sent: the chips are gone');
    });
  });

  describe('the "not sent" marker', () => {
    it('stands before the first message the latest request sent, from the latest answer (so also after a reload)', () => {
      const h = createAppHarness();
      const messages = [message('user', 'one'), message('assistant', 'one'), message('user', 'two'), message('assistant', 'two')];
      messages.push(message('user', 'three'), message('assistant', 'three', { contextCut: { omitted: 2, resumeAt: messages[2].id } }));
      h.receive(stateMessage(messages));
      h.runFrames();
      const marker = h.$('.context-cut');
      assert.equal(marker.textContent, '2 earlier messages are not sent');
      assert.equal(marker.nextElementSibling?.getAttribute('data-id'), messages[2].id);
      assert.equal(h.$$('.context-cut').length, 1);
    });

    it('follows a new answer: moved when it cuts elsewhere, gone when everything was sent', () => {
      const h = createAppHarness();
      const messages = [message('user', 'one'), message('assistant', 'one'), message('user', 'two')];
      h.receive(stateMessage(messages));
      assert.equal(h.$$('.context-cut').length, 0);
      h.receive({ type: 'messageAdded', message: message('assistant', '', { status: 'streaming', contextCut: { omitted: 1, resumeAt: messages[1].id } }) });
      assert.equal(h.$('.context-cut').textContent, '1 earlier message is not sent');
      assert.equal(h.$('.context-cut').nextElementSibling?.getAttribute('data-id'), messages[1].id);
      h.receive({ type: 'messageAdded', message: message('user', 'three') });
      h.receive({ type: 'messageAdded', message: message('assistant', '', { status: 'streaming' }) });
      assert.equal(h.$$('.context-cut').length, 0);
    });

    it('in a long chat, waits for its message to render from the backlog', () => {
      const h = createAppHarness();
      const messages = Array.from({ length: 40 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `m${i}`));
      messages.push(message('user', 'last'), message('assistant', 'answer', { contextCut: { omitted: 4, resumeAt: messages[4].id } }));
      h.receive(stateMessage(messages));
      assert.equal(h.$$('.context-cut').length, 0, 'its message is not rendered yet');
      while (h.runFrames() > 0) { /* render the backlog */ }
      assert.equal(h.$('.context-cut').nextElementSibling?.getAttribute('data-id'), messages[4].id);
    });
  });

  describe('recovery from a context-length error', () => {
    it('offers Drop earlier messages and retry and New chat with a summary, which post their actions', () => {
      const h = createAppHarness();
      const failed = message('assistant', '', {
        status: 'error',
        error: { message: "This model's maximum context length is 400 tokens.", status: 400, code: 'context_length_exceeded', actions: ['dropEarlierAndRetry', 'newChatWithSummary'] },
      });
      h.receive(stateMessage([message('user', 'q'), failed]));
      const drop = h.$('button[data-action=dropEarlierAndRetry]');
      const summary = h.$('button[data-action=newChatWithSummary]');
      assert.equal(drop.textContent, 'Drop earlier messages and retry');
      assert.equal(summary.textContent, 'New chat with a summary');
      click(h.window, drop);
      click(h.window, summary);
      assert.deepEqual(h.posted.filter((m) => m.type === 'runAction'), [
        { type: 'runAction', action: 'dropEarlierAndRetry' }, { type: 'runAction', action: 'newChatWithSummary' },
      ]);
    });

    it('the summary is shown to check and edit; only Start posts it (as edited), Cancel discards', () => {
      const h = createAppHarness();
      h.receive(stateMessage());
      const panel = h.$('.summary-panel');
      assert.equal(isShown(panel), false);
      h.receive({ type: 'summaryProposal', state: 'writing', text: '' });
      assert.equal(isShown(panel), true);
      assert.equal(isShown(h.$('button.start-from-summary')), false);
      assert.match(h.$('.summary-status').textContent ?? '', /writing a summary/);
      h.receive({ type: 'summaryProposal', state: 'ready', text: 'We chose plan B.' });
      const text = h.$<HTMLTextAreaElement>('.summary-text');
      assert.equal(text.value, 'We chose plan B.');
      text.value = 'We chose plan B, then C.';
      text.dispatchEvent(new h.window.Event('input', { bubbles: true }));
      assert.equal(h.posted.some((m) => m.type === 'startFromSummary'), false, 'nothing is used before the user confirms');
      click(h.window, h.$('button.start-from-summary'));
      assert.deepEqual(h.posted.at(-1), { type: 'startFromSummary', text: 'We chose plan B, then C.' });
      click(h.window, h.$('button.discard-summary'));
      assert.deepEqual(h.posted.at(-1), { type: 'discardSummary' });
      h.receive({ type: 'summaryProposal', state: 'failed', text: '', error: 'HTTP 400' });
      assert.match(h.$('.summary-status').textContent ?? '', /could not be written: HTTP 400/);
      assert.equal(h.$('button.discard-summary').textContent, 'Close');
      h.receive({ type: 'summaryProposal', state: 'closed', text: '' });
      assert.equal(isShown(panel), false);
    });

    it('a chat started from a summary shows it at its top', () => {
      const h = createAppHarness();
      h.receive(stateMessage([], { chat: { id: 'chat-2', title: 't', createdAt: 1, updatedAt: 1, messages: [], summary: 'We chose plan B.' } }));
      assert.equal(h.$('.chat-summary-text').textContent, 'We chose plan B.');
      h.receive(stateMessage());
      assert.equal(h.$$('.chat-summary').length, 0);
    });
  });
});
