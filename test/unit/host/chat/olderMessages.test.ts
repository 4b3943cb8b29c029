import * as assert from 'node:assert/strict';
import { OLDER_PAGE_CHARS, olderPage, stateStart } from '../../../../src/host/chat/olderMessages';
import { STATE_NEWEST_MESSAGES, type TranscriptMessage } from '../../../../src/shared/protocol';

/** `count` messages, questions and answers in turn, each answer `answerChars` long. */
function chat(count: number, answerChars: number): TranscriptMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${i}`, role: i % 2 === 0 ? 'user' : 'assistant', status: 'done', createdAt: i,
    content: i % 2 === 0 ? `Question ${i}` : 'a'.repeat(answerChars),
  }));
}

const size = (messages: readonly TranscriptMessage[]): number => messages.reduce((sum, message) => sum + message.content.length, 0);

describe('a long chat sent to the page in parts (olderMessages.ts)', () => {
  it('a state carries the newest messages of a chat with more than a page of older text, and the whole of any other', () => {
    const long = chat(500, 1_600);
    assert.equal(stateStart(long), 500 - STATE_NEWEST_MESSAGES);
    // Older text that fits in one page: nothing to gain from a second message.
    const short = chat(40, 1_600);
    assert.ok(size(short) - size(short.slice(-STATE_NEWEST_MESSAGES)) < OLDER_PAGE_CHARS);
    assert.equal(stateStart(short), 0);
    assert.equal(stateStart(chat(STATE_NEWEST_MESSAGES, 100_000)), 0);
    assert.equal(stateStart([]), 0);
    // Just over a page older: split.
    const justOver = chat(STATE_NEWEST_MESSAGES + 2, 0);
    justOver[0].content = 'q'.repeat(OLDER_PAGE_CHARS);
    justOver[1].content = 'a';
    assert.equal(stateStart(justOver), 2);
    justOver[1].content = '';
    assert.equal(stateStart(justOver), 0, 'exactly a page: whole');
  });

  it('a state reaches back to the chat\'s last answer, however far back (the view shows its context-cut marker)', () => {
    const messages = chat(100, 4_000);
    for (const message of messages.slice(60)) message.role = 'user';
    assert.equal(stateStart(messages), 59);
  });

  it('counts reasoning and attached files as text', () => {
    const messages = chat(STATE_NEWEST_MESSAGES + 1, 0);
    messages[0].content = '';
    messages[0].attachments = [{ path: 'a.ts', kind: 'file', text: 'x'.repeat(OLDER_PAGE_CHARS), tokens: 1 }];
    messages[0].reasoning = 'r';
    assert.equal(stateStart(messages), 1);
  });

  it('pages back from a message: up to a page of text each (at least one message), oldest first, together every older message once', () => {
    const messages = chat(500, 1_600);
    const pages: TranscriptMessage[][] = [];
    let before = messages[stateStart(messages)].id;
    for (;;) {
      const page = olderPage(messages, before);
      assert.ok(page);
      assert.ok(page.messages.length > 0);
      assert.ok(size(page.messages) <= OLDER_PAGE_CHARS, `${size(page.messages)} characters`);
      // Full: the next older message would not have fitted.
      if (page.more > 0) assert.ok(size(page.messages) + size([messages[page.more - 1]]) > OLDER_PAGE_CHARS);
      assert.equal(page.more, messages.findIndex((message) => message.id === page.messages[0].id));
      pages.unshift(page.messages);
      if (page.more === 0) break;
      before = page.messages[0].id;
    }
    assert.deepEqual(pages.flat().map((message) => message.id), messages.slice(0, stateStart(messages)).map((message) => message.id));
    assert.ok(pages.length > 5, `${pages.length} pages`);
  });

  it('a message larger than a page comes alone; before the first message there is nothing; an unknown message gets no page', () => {
    const messages = chat(4, 100_000);
    assert.deepEqual(olderPage(messages, 'm3')?.messages.map((message) => message.id), ['m2']);
    assert.deepEqual(olderPage(messages, 'm2'), { messages: [messages[1]], more: 1 });
    assert.deepEqual(olderPage(messages, 'm0'), { messages: [], more: 0 });
    assert.equal(olderPage(messages, 'm9'), undefined);
    assert.equal(olderPage(messages, '__proto__'), undefined);
  });
});
