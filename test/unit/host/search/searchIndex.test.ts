import * as assert from 'node:assert/strict';
import { HistoryStore } from '../../../../src/host/chat/historyStore';
import { memoryChatFiles } from '../../../../src/host/chat/chatFiles';
import { SearchIndex } from '../../../../src/host/search/searchIndex';
import type { Transcript } from '../../../../src/shared/protocol';

function chat(id: string, updatedAt: number, texts: string[], extra: Partial<Transcript> = {}): Transcript {
  return {
    id,
    title: `Chat ${id}`,
    createdAt: 0,
    updatedAt,
    messages: texts.map((content, i) => ({ id: `${id}-m${i}`, role: i % 2 ? 'assistant' : 'user', content, status: 'done', createdAt: 0 })),
    ...extra,
  };
}

const FILLER = 'lorem ipsum dolor sit amet consectetur adipiscing elit';

describe('SearchIndex', () => {
  let store: HistoryStore;
  let index: SearchIndex;

  beforeEach(() => {
    store = new HistoryStore(memoryChatFiles(), 100);
    index = new SearchIndex(store, 50);
  });

  it('finds words in every message, not only the first, case- and accent-insensitively', async () => {
    await store.save(chat('a', 1, ['first prompt', 'an answer about the Café on the corner']));
    await store.save(chat('b', 2, ['nothing here', FILLER]));
    const result = index.search('cafe CORNER');
    assert.equal(result.total, 1);
    assert.deepEqual(result.hits.map((hit) => [hit.chatId, hit.messageId, hit.role, hit.title, hit.updatedAt]), [['a', 'a-m1', 'assistant', 'Chat a', 1]]);
    assert.deepEqual(result.hits[0].snippet, { before: 'an answer about the ', match: 'Café', after: ' on the corner' });
  });

  it('needs every word of the query, each as part of a word', async () => {
    await store.save(chat('a', 1, ['parsing JSON quickly', 'parse XML', 'JSONL files']));
    assert.deepEqual(index.search('json pars').hits.map((hit) => hit.messageId), ['a-m0']);
    assert.deepEqual(index.search('json').hits.map((hit) => hit.messageId), ['a-m0', 'a-m2']);
    assert.equal(index.search('json xml').total, 0);
    assert.equal(index.search('?!').total, 0);
  });

  it('lists the most recently updated chats first, messages in order within a chat, at most the limit', async () => {
    await store.save(chat('old', 1, ['needle one', 'needle two']));
    await store.save(chat('new', 5, ['needle three']));
    assert.deepEqual(index.search('needle').hits.map((hit) => hit.messageId), ['new-m0', 'old-m0', 'old-m1']);
    const small = new SearchIndex(store, 2);
    const result = small.search('needle');
    assert.equal(result.hits.length, 2);
    assert.equal(result.total, 3);
    assert.equal(result.work.snippetsBuilt, 2, 'snippets only for the hits returned');
  });

  it('finds a renamed chat by its title', async () => {
    await store.save(chat('a', 1, ['hello'], { title: 'Quarterly Report', renamed: true }));
    const hits = index.search('quarterly').hits;
    assert.equal(hits.length, 1);
    assert.equal(hits[0].messageId, undefined);
  });

  it('reads the files once: repeated queries index nothing and visit only the postings of matching words', async () => {
    for (let c = 0; c < 40; c++) {
      const texts = Array.from({ length: 50 }, (_, m) => `${FILLER} number${c}x${m}`);
      if (c % 10 === 0) texts[7] = `${FILLER} zebra`;
      await store.save(chat(`c${c}`, c, texts));
    }
    const first = index.search('zebra');
    assert.equal(first.work.chatsIndexed, 40);
    assert.equal(first.total, 4);
    const again = index.search('zebra');
    assert.equal(again.work.chatsIndexed, 0, 'nothing changed: nothing read again');
    assert.equal(again.work.postingsVisited, 4, 'only the four messages holding the word, not the 2,000 messages');
    const other = index.search('number3x');
    assert.equal(other.work.chatsIndexed, 0);
    // number3x0…number3x49 (chat 3) plus number3x… in no other chat: 50 messages.
    assert.equal(other.total, 50);
    assert.equal(other.work.postingsVisited, 50);
  });

  it('follows saves, deletes and evictions: only the changed chat is read again', async () => {
    await store.save(chat('a', 1, ['apple']));
    await store.save(chat('b', 2, ['banana']));
    assert.equal(index.search('apple').total, 1);
    await store.save(chat('a', 3, ['apple', 'apricot']));
    const changed = index.search('apricot');
    assert.equal(changed.work.chatsIndexed, 1);
    assert.equal(changed.total, 1);
    await store.delete('b');
    assert.equal(index.search('banana').total, 0);
    // Many changes: stale postings are dropped by a rebuild, and results stay right.
    for (let i = 0; i < 10; i++) await store.save(chat('a', 10 + i, [`apple ${i}`]));
    assert.equal(index.search('apple').total, 1);
    assert.equal(index.search('apricot').total, 0);
  });

  it('skips a damaged chat file without failing', async () => {
    const files = memoryChatFiles();
    const damagedStore = new HistoryStore(files, 100);
    await files.writeAtomic('chat-bad.json', '{ not json');
    await damagedStore.save(chat('ok', 1, ['fine words']));
    const damagedIndex = new SearchIndex(damagedStore);
    assert.equal(damagedIndex.search('fine').total, 1);
    assert.equal(damagedIndex.search('fine').work.chatsIndexed, 0, 'the damaged file is not read at every query');
  });

  it('warms up in the background, a chat at a time, so the first query reads nothing; a query meanwhile is still right', async () => {
    for (let c = 0; c < 5; c++) await store.save(chat(`w${c}`, c, [`word${c} shared`]));
    let yields = 0;
    let during: ReturnType<SearchIndex['search']> | undefined;
    const read = await index.warmUp(async () => {
      yields++;
      if (yields === 2) during = index.search('shared');
    });
    assert.equal(read, 2, 'the query in between read the other three itself');
    assert.equal(during?.total, 5);
    assert.equal(during?.work.chatsIndexed, 3);
    const first = index.search('word4');
    assert.equal(first.work.chatsIndexed, 0);
    assert.equal(first.total, 1);
    assert.equal(await index.warmUp(async () => undefined), 0, 'nothing left to read');
  });
});
