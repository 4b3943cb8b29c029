import * as assert from 'node:assert/strict';
import { adoptStoredMeta, forkTranscript, maxPinnedChats, metaOf, pinRefusal, renameTranscript, RENAMED_TITLE_MAX_LENGTH, type ChatMeta } from '../../../../src/host/chat/organize';
import { parseTranscript, titleOf, toSummary } from '../../../../src/host/chat/transcript';
import type { Transcript } from '../../../../src/shared/protocol';

function source(): Transcript {
  return {
    id: 'src',
    title: 'first question',
    createdAt: 1,
    updatedAt: 2,
    messages: ['first question', 'first answer', 'second question', 'second answer'].map((content, i) => ({
      id: `m${i}`, role: i % 2 ? 'assistant' : 'user', content, status: 'done', createdAt: i,
    })),
  };
}

describe('Organizing chats: fork, rename, pin', () => {
  it('forks up to and including the message, as a new chat that records where it came from', () => {
    const original = source();
    const before = structuredClone(original);
    const fork = forkTranscript(original, 'm1', 100, 'fork-id');
    assert.ok(fork);
    assert.equal(fork.id, 'fork-id');
    assert.deepEqual(fork.messages.map((message) => message.content), ['first question', 'first answer']);
    assert.deepEqual(fork.forkedFrom, { chatId: 'src', title: 'first question', messageId: 'm1' });
    assert.equal(fork.title, 'first question');
    assert.equal(fork.createdAt, 100);
    fork.messages[0].content = 'changed';
    assert.deepEqual(original, before, 'the original shares nothing with the fork');
    assert.equal(forkTranscript(original, 'nope', 100), undefined);
  });

  it('a fork of a chat started from a summary keeps the summary (its requests need it)', () => {
    const original = { ...source(), summary: 'We chose plan B.' };
    assert.equal(forkTranscript(original, 'm1', 1)?.summary, 'We chose plan B.');
    assert.equal(forkTranscript(source(), 'm1', 1)?.summary, undefined);
  });

  it('a fork of a renamed chat keeps its name', () => {
    const original = { ...source(), title: 'My name', renamed: true };
    assert.equal(forkTranscript(original, 'm0', 1)?.title, 'My name');
  });

  it('renames on one line, keeps the name when prompts change, and an empty name brings back the first prompt', () => {
    const chat = source();
    renameTranscript(chat, '  Release\nplanning ');
    assert.equal(chat.title, 'Release planning');
    assert.equal(titleOf(chat), 'Release planning', 'the automatic title no longer applies');
    renameTranscript(chat, 'x'.repeat(500));
    assert.equal(chat.title.length, RENAMED_TITLE_MAX_LENGTH);
    renameTranscript(chat, '   ');
    assert.equal(chat.renamed, undefined);
    assert.equal(chat.title, 'first question');
  });

  it('keeps one place free: at most capacity - 1 pinned chats', () => {
    assert.equal(maxPinnedChats(100), 99);
    assert.equal(pinRefusal(98, 100), undefined);
    assert.deepEqual(pinRefusal(99, 100), { reason: 'tooMany', limit: 99, capacity: 100 });
  });

  it('reads the new fields back from a file, and a file written before them still loads', () => {
    const stored = { ...source(), renamed: true, title: 'Named', pinned: true, forkedFrom: { chatId: 'x', title: 'X', messageId: 'm' } };
    const parsed = parseTranscript(JSON.parse(JSON.stringify(stored)));
    assert.deepEqual(parsed, stored);
    assert.deepEqual(toSummary(stored), { id: 'src', title: 'Named', updatedAt: 2, messageCount: 4, pinned: true, forkedFrom: { chatId: 'x', title: 'X', messageId: 'm' } });
    const old = parseTranscript(JSON.parse(JSON.stringify(source())));
    assert.deepEqual(old, source());
    assert.deepEqual(toSummary(source()), { id: 'src', title: 'first question', updatedAt: 2, messageCount: 4 });
    // Malformed values are dropped, not trusted.
    const odd = parseTranscript({ ...source(), pinned: 'yes', renamed: 1, forkedFrom: { chatId: 3 } });
    assert.deepEqual(odd, source());
  });
});

describe('Keeping a name or pin another window gave a chat (adoptStoredMeta)', () => {
  const base: ChatMeta = { title: 'first question', renamed: false, pinned: false };
  const merged = (change: (t: Transcript) => void, stored: Partial<ChatMeta>): [boolean, ChatMeta] => {
    const ours = source();
    change(ours);
    const adopted = adoptStoredMeta(ours, base, { ...base, ...stored });
    return [adopted, metaOf(ours)];
  };

  it('takes what only the stored chat changed, field by field', () => {
    assert.deepEqual(merged(() => {}, { title: 'Theirs', renamed: true }), [true, { title: 'Theirs', renamed: true, pinned: false }]);
    assert.deepEqual(merged(() => {}, { pinned: true }), [true, { ...base, pinned: true }]);
    assert.deepEqual(merged((t) => renameTranscript(t, 'Ours'), { pinned: true }), [true, { title: 'Ours', renamed: true, pinned: true }]);
  });

  it('keeps what this copy changed itself, and adopts nothing when the stored chat is as it was', () => {
    assert.deepEqual(merged((t) => renameTranscript(t, 'Ours'), { title: 'Theirs', renamed: true }), [false, { title: 'Ours', renamed: true, pinned: false }]);
    assert.deepEqual(merged((t) => (t.pinned = true), { pinned: false }), [false, { ...base, pinned: true }]);
    assert.deepEqual(merged(() => {}, {}), [false, base]);
  });

  it("a name the user gave elsewhere beats a title this copy took from an edited first prompt, and an unnamed chat's title follows", () => {
    assert.deepEqual(merged((t) => (t.title = 'edited question'), { title: 'Theirs', renamed: true }), [true, { title: 'Theirs', renamed: true, pinned: false }]);
    const renamedBase: ChatMeta = { title: 'Old name', renamed: true, pinned: false };
    const ours = source();
    renameTranscript(ours, 'Old name');
    assert.equal(adoptStoredMeta(ours, renamedBase, { title: 'first question', renamed: false, pinned: false }), true, 'the name was taken away elsewhere');
    assert.deepEqual(metaOf(ours), base);
    assert.equal(ours.renamed, undefined, 'no renamed: false is stored');
  });
});
