import * as assert from 'node:assert/strict';
import type { ChatSummary, TranscriptMessage } from '../../../../src/shared/protocol';
import { click, createAppHarness, isShown, stateMessage, type AppHarness } from '../appHarness';

let nextId = 1;
function message(role: TranscriptMessage['role'], content: string, extra: Partial<TranscriptMessage> = {}): TranscriptMessage {
  return { id: `s${nextId++}`, role, content, status: 'done', createdAt: 1, ...extra };
}

function searchFor(h: AppHarness, query: string): void {
  const input = h.$<HTMLInputElement>('.history-panel .history-search');
  input.value = query;
  input.dispatchEvent(new h.window.Event('input', { bubbles: true }));
}

const history: ChatSummary[] = [
  { id: 'old', title: 'Old chat', updatedAt: 1, messageCount: 2 },
  { id: 'pinned', title: 'Pinned chat', updatedAt: 0, messageCount: 2, pinned: true },
  { id: 'fork', title: 'Forked chat', updatedAt: 5, messageCount: 2, forkedFrom: { chatId: 'old', title: 'Name when forked', messageId: 'x' } },
  { id: 'orphan', title: 'Orphan', updatedAt: 4, messageCount: 2, forkedFrom: { chatId: 'deleted', title: 'Deleted chat', messageId: 'x' } },
];

describe('Search, fork, rename and pin in the webview (jsdom)', () => {
  it('searches all chats from the history panel and shows title, snippet and the marked match; stale answers are dropped', () => {
    const h = createAppHarness();
    h.receive(stateMessage([], { history }));
    h.receive({ type: 'showHistory' });
    h.$<HTMLInputElement>('.history-search').focus();
    assert.deepEqual(h.posted.filter((m) => m.type === 'searchChats'), [{ type: 'searchChats', query: '', requestId: 1 }], 'focus asks the host to get ready');
    h.posted.length = 0;
    searchFor(h, 'rust');
    searchFor(h, 'rust lifetimes');
    assert.deepEqual(h.posted.filter((m) => m.type === 'searchChats'), [
      { type: 'searchChats', query: 'rust', requestId: 2 },
      { type: 'searchChats', query: 'rust lifetimes', requestId: 3 },
    ]);
    assert.equal(isShown(h.$('.history-list')), false, 'the chat list gives way to the results');
    const hit = { chatId: 'old', title: 'Old chat', updatedAt: 1, messageId: 'm7', role: 'assistant' as const, snippet: { before: '…about ', match: 'Rust', after: ' lifetimes' } };
    h.receive({ type: 'searchResults', requestId: 2, hits: [{ ...hit, title: 'stale' }], total: 1 });
    assert.equal(h.$$('.search-hit').length, 0, 'the answer to an older query is dropped');
    h.receive({ type: 'searchResults', requestId: 3, hits: [hit], total: 3 });
    assert.equal(h.$('.search-hit .history-title').textContent, 'Old chat');
    assert.equal(h.$('.search-hit .search-snippet').textContent, '…about Rust lifetimes');
    assert.equal(h.$('.search-hit mark').textContent, 'Rust');
    assert.match(h.$('.search-hit .history-meta').textContent ?? '', / · answer$/);
    assert.equal(h.$('.search-summary').textContent, '3 matches (the first 1 shown)');
    click(h.window, h.$('.search-hit .open-hit'));
    assert.deepEqual(h.posted.at(-1), { type: 'openChat', chatId: 'old', messageId: 'm7' });
    assert.equal(isShown(h.$('.history-panel')), false);
    h.receive({ type: 'showHistory' });
    searchFor(h, '');
    assert.ok(isShown(h.$('.history-list')));
    assert.equal(h.$('.search-results-panel').hidden, true);
  });

  it('Escape in the search box clears the search first, then closes the history', () => {
    const h = createAppHarness();
    h.receive(stateMessage([], { history }));
    h.receive({ type: 'showHistory' });
    searchFor(h, 'word');
    const input = h.$<HTMLInputElement>('.history-search');
    input.dispatchEvent(new h.window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    assert.equal(input.value, '');
    assert.ok(isShown(h.$('.history-list')));
    input.dispatchEvent(new h.window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    assert.equal(isShown(h.$('.history-panel')), false);
  });

  it('scrolls to a revealed message, rendering older messages first, and highlights it briefly', () => {
    const h = createAppHarness();
    const messages = Array.from({ length: 100 }, (_, i) => message(i % 2 ? 'assistant' : 'user', `message ${i}`));
    // The reveal may arrive before the state of the chat it belongs to.
    h.receive({ type: 'revealMessage', messageId: messages[3].id });
    h.receive(stateMessage(messages));
    const target = h.$(`.message[data-id="${messages[3].id}"]`);
    assert.ok(target.classList.contains('revealed'));
    assert.ok(h.$$('.message').length >= 97, 'the older messages were rendered up to the target');
    h.receive({ type: 'revealMessage', messageId: messages[50].id });
    assert.ok(h.$(`.message[data-id="${messages[50].id}"]`).classList.contains('revealed'));
  });

  it('lists pinned chats first, says where a fork came from, and posts rename and pin', () => {
    const h = createAppHarness();
    h.receive(stateMessage([], { history }));
    h.receive({ type: 'showHistory' });
    assert.deepEqual(h.$$('.history-item').map((item) => item.dataset.chatId), ['pinned', 'fork', 'orphan', 'old']);
    assert.equal(h.$('.history-item[data-chat-id="fork"] .forked-from').textContent, 'forked from Old chat', 'the origin\'s name now');
    assert.equal(h.$('.history-item[data-chat-id="orphan"] .forked-from').textContent, 'forked from Deleted chat', 'the name it had, once it is gone');
    const pin = h.$('.history-item[data-chat-id="pinned"] .pin-chat');
    assert.equal(pin.getAttribute('aria-pressed'), 'true');
    click(h.window, pin);
    click(h.window, h.$('.history-item[data-chat-id="old"] .pin-chat'));
    click(h.window, h.$('.history-item[data-chat-id="old"] .rename-chat'));
    assert.deepEqual(h.posted.slice(-3), [
      { type: 'pinChat', chatId: 'pinned', pinned: false },
      { type: 'pinChat', chatId: 'old', pinned: true },
      { type: 'renameChat', chatId: 'old' },
    ]);
  });

  it('offers Fork from here on every message, not while an answer streams', () => {
    const h = createAppHarness();
    const question = message('user', 'q');
    const answer = message('assistant', 'a');
    h.receive(stateMessage([question, answer]));
    h.runFrames();
    click(h.window, h.$(`.message[data-id="${answer.id}"] button.fork`));
    click(h.window, h.$(`.message[data-id="${question.id}"] button.fork`));
    assert.deepEqual(h.posted.slice(-2), [{ type: 'forkChat', messageId: answer.id }, { type: 'forkChat', messageId: question.id }]);
    h.receive({ type: 'busy', busy: true });
    assert.ok(h.$$<HTMLButtonElement>('button.fork').every((button) => button.disabled));
  });
});
