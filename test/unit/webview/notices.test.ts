// Nothing is lost silently, in the view: save failures, prompts the host did not take, damaged chats.
import * as assert from 'node:assert/strict';
import { ANSWER_SIZE_LIMIT } from '../../../src/shared/finishReason';
import type { StateMessage } from '../../../src/shared/protocol';
import { click, createAppHarness, isShown, key, stateMessage } from './appHarness';

const state = (extra: Partial<StateMessage> = {}): StateMessage => stateMessage([], extra);

describe('webview notices (jsdom)', () => {
  it('shows a failed save as an alert until a save succeeds, also after a reload (state)', () => {
    const h = createAppHarness();
    h.receive(state());
    assert.equal(isShown(h.$('.save-error')), false);
    h.receive({ type: 'saveStatus', error: 'ENOTDIR: not a directory' });
    const banner = h.$('.save-error');
    assert.ok(isShown(banner));
    assert.equal(banner.getAttribute('role'), 'alert');
    assert.match(banner.textContent ?? '', /could not be saved: ENOTDIR: not a directory\. What is shown here is not on disk/);
    h.receive({ type: 'saveStatus' });
    assert.equal(isShown(h.$('.save-error')), false);
    const reloaded = createAppHarness();
    reloaded.receive(state({ saveError: 'EACCES: permission denied' }));
    assert.match(reloaded.$('.save-error').textContent ?? '', /EACCES/);
  });

  it('a send the host did not take comes back into the prompt, below what was typed since, with the reason', () => {
    const h = createAppHarness();
    h.receive(state());
    const prompt = h.$<HTMLTextAreaElement>('textarea#prompt');
    prompt.value = 'my question';
    prompt.dispatchEvent(new h.window.Event('input', { bubbles: true }));
    prompt.dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
    assert.deepEqual(h.posted.at(-1), { type: 'send', text: 'my question' });
    assert.equal(prompt.value, '', 'cleared on send');
    prompt.value = 'typed since';
    h.receive({ type: 'sendRejected', text: 'my question', reason: 'An answer is still streaming.' });
    assert.equal(prompt.value, 'typed since\n\nmy question');
    assert.ok(isShown(h.$('.send-rejected')));
    assert.match(h.$('.send-rejected').textContent ?? '', /Not sent: An answer is still streaming\./);
    click(h.window, h.$('.dismiss-notice'));
    assert.equal(isShown(h.$('.send-rejected')), false);
  });

  it('lists a damaged chat with Open File and Delete, never as a chat to open', () => {
    const h = createAppHarness();
    h.receive(state({ history: [
      { id: 'good', title: 'Fine', updatedAt: 2, messageCount: 2 },
      { id: 'bad', title: 'Damaged chat (cannot be read)', updatedAt: 1, messageCount: 0, damaged: true },
    ] }));
    h.receive({ type: 'showHistory' });
    const damaged = h.$('.history-item[data-chat-id="bad"]');
    assert.ok(damaged.classList.contains('damaged'));
    assert.equal(damaged.querySelector('button.open-chat'), null);
    assert.match(damaged.textContent ?? '', /Damaged chat \(cannot be read\).*the file cannot be read/);
    click(h.window, damaged.querySelector('button.open-chat-file') as HTMLElement);
    click(h.window, damaged.querySelector('.damaged-chat') as HTMLElement);
    click(h.window, damaged.querySelector('button.delete-chat') as HTMLElement);
    assert.deepEqual(h.posted.filter((m) => m.type !== 'ready'), [{ type: 'openChatFile', chatId: 'bad' }, { type: 'deleteChat', chatId: 'bad' }]);
  });

  it('marks an answer cut off at the size limit, as for the output-token limit', () => {
    const h = createAppHarness();
    h.receive(stateMessage([{ id: 'a', role: 'assistant', content: 'Lots', status: 'done', finishReason: ANSWER_SIZE_LIMIT, createdAt: 1 }]));
    h.runFrames();
    const note = h.$('.message[data-id="a"] .status-note');
    assert.ok(isShown(note));
    assert.match(note.textContent ?? '', /size limit \(modelAccess\.maxAnswerChars\)/);
  });
});
