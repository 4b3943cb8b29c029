// An in-memory word index over every stored chat, for Search Chats. Built on the first query and
// kept in step with the chat files by their versions: before each query, the chats whose file
// changed (saved here or by another window, deleted, evicted, restored) are read again, and only
// those. A streaming answer is appended to a journal, not to its chat file, so it is found once it
// ends and the chat is written whole.
import type { SearchHit, Transcript } from '../../shared/protocol';
import { foldedWords } from '../../shared/textFold';
import { parseQuery } from './query';
import { makeSnippet } from './snippet';

/** What the index reads: the store's chat files and their versions (HistoryStore satisfies it). */
export interface SearchSource {
  chatVersions(): { id: string; version: string }[];
  load(id: string): Transcript | undefined;
}

/** Machine-independent work done by the last query (the tests assert these, the bench prints them). */
export interface SearchWork {
  /** Chats read from their files and indexed before answering (0 when nothing changed). */
  chatsIndexed: number;
  /** Index words compared with the query's terms. */
  wordsCompared: number;
  /** Postings (word → message) visited: proportional to the matches, not to the history's size. */
  postingsVisited: number;
  /** Messages whose text was read again to cut a snippet (at most the hits returned). */
  snippetsBuilt: number;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  work: SearchWork;
}

/** Hits returned per query; `total` says how many there are. */
export const MAX_SEARCH_HITS = 50;

/** A searchable text: a message, or a chat's title (no messageId). */
interface Entry {
  chatId: string;
  order: number;
  messageId?: string;
  role?: SearchHit['role'];
  text: string;
}

interface IndexedChat {
  version: string;
  title: string;
  updatedAt: number;
  entries: number[];
}

export class SearchIndex {
  /** Entry slots; a removed chat leaves holes (its postings still point there) until a rebuild. */
  private entries: (Entry | undefined)[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly chats = new Map<string, IndexedChat>();
  /** Postings that may point at removed entries; the index is rebuilt when they outnumber the live ones. */
  private stale = 0;
  private live = 0;

  constructor(private readonly source: SearchSource, private readonly maxHits = MAX_SEARCH_HITS) {}

  /** The hits for `query`, most recently updated chats first, messages in order within a chat. */
  search(query: string): SearchResult {
    const work: SearchWork = { chatsIndexed: this.sync(), wordsCompared: 0, postingsVisited: 0, snippetsBuilt: 0 };
    const terms = parseQuery(query);
    if (terms.length === 0) {
      return { hits: [], total: 0, work };
    }
    // Each entry's stamp counts the terms it matched so far, in order: one pass per term, no sets.
    const stamps = new Uint8Array(this.entries.length);
    const matched: number[] = [];
    terms.forEach((term, i) => {
      for (const [word, list] of this.postings) {
        work.wordsCompared++;
        if (!word.includes(term)) {
          continue;
        }
        for (const entry of list) {
          work.postingsVisited++;
          if (stamps[entry] === i) {
            stamps[entry] = i + 1;
            if (i + 1 === terms.length) {
              matched.push(entry);
            }
          }
        }
      }
    });
    const hits = matched
      .map((slot) => this.entries[slot])
      .filter((entry): entry is Entry => entry !== undefined)
      .sort((a, b) => this.recency(b.chatId) - this.recency(a.chatId) || a.chatId.localeCompare(b.chatId) || a.order - b.order);
    return {
      hits: hits.slice(0, this.maxHits).map((entry) => {
        work.snippetsBuilt++;
        return this.toHit(entry, terms);
      }),
      total: hits.length,
      work,
    };
  }

  /**
   * Brings the index in step with the files without blocking the extension host: one chat at a
   * time, yielding between them. Started when a search UI opens, so the first query finds the
   * index built. A query meanwhile is answered right (it reads what is left itself).
   */
  async warmUp(yieldToOthers: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve))): Promise<number> {
    if (this.warming) {
      return this.warming;
    }
    this.warming = (async () => {
      let read = 0;
      try {
        for (const { id, version } of this.source.chatVersions()) {
          if (this.chats.get(id)?.version !== version) {
            this.remove(id);
            this.add(id, version, this.source.load(id));
            read++;
            await yieldToOthers();
          }
        }
      } finally {
        this.warming = undefined;
      }
      return read;
    })();
    return this.warming;
  }

  private warming: Promise<number> | undefined;

  /** Reads the chats whose files changed since the last query; returns how many it read. */
  private sync(): number {
    let read = 0;
    const present = new Set<string>();
    for (const { id, version } of this.source.chatVersions()) {
      present.add(id);
      if (this.chats.get(id)?.version === version) {
        continue;
      }
      this.remove(id);
      this.add(id, version, this.source.load(id));
      read++;
    }
    for (const id of [...this.chats.keys()]) {
      if (!present.has(id)) {
        this.remove(id);
      }
    }
    if (this.stale > this.live) {
      this.rebuild();
    }
    return read;
  }

  private add(id: string, version: string, transcript: Transcript | undefined): void {
    // A damaged file is remembered by its version (so it is not read at every query) with nothing to find.
    const chat: IndexedChat = { version, title: transcript?.title ?? '', updatedAt: transcript?.updatedAt ?? 0, entries: [] };
    this.chats.set(id, chat);
    if (!transcript) {
      return;
    }
    // A title of the user's own is searchable; an automatic one is the first prompt, found as that message.
    if (transcript.renamed) {
      this.addEntry(chat, { chatId: id, order: -1, text: transcript.title });
    }
    transcript.messages.forEach((message, order) => {
      this.addEntry(chat, { chatId: id, order, messageId: message.id, role: message.role, text: message.content });
    });
  }

  private addEntry(chat: IndexedChat, entry: Entry): void {
    const slot = this.entries.length;
    this.entries[slot] = entry;
    chat.entries.push(slot);
    this.live++;
    for (const word of foldedWords(entry.text)) {
      const list = this.postings.get(word);
      if (list) list.push(slot);
      else this.postings.set(word, [slot]);
    }
  }

  private remove(id: string): void {
    const chat = this.chats.get(id);
    if (!chat) {
      return;
    }
    this.chats.delete(id);
    for (const slot of chat.entries) {
      this.entries[slot] = undefined;
      this.live--;
      this.stale++;
    }
  }

  /** Drops the postings of removed entries (after many chats changed) by indexing the live entries again. */
  private rebuild(): void {
    const chats = [...this.chats.values()].map((chat) => ({ chat, entries: chat.entries.map((slot) => this.entries[slot]) }));
    this.entries = [];
    this.postings.clear();
    this.stale = 0;
    this.live = 0;
    for (const { chat, entries } of chats) {
      chat.entries = [];
      for (const entry of entries) {
        if (entry) this.addEntry(chat, entry);
      }
    }
  }

  private recency(chatId: string): number {
    return this.chats.get(chatId)?.updatedAt ?? 0;
  }

  private toHit(entry: Entry, terms: readonly string[]): SearchHit {
    const chat = this.chats.get(entry.chatId);
    const hit: SearchHit = {
      chatId: entry.chatId,
      title: chat?.title ?? '',
      updatedAt: chat?.updatedAt ?? 0,
      snippet: makeSnippet(entry.text, terms),
    };
    if (entry.messageId !== undefined) hit.messageId = entry.messageId;
    if (entry.role !== undefined) hit.role = entry.role;
    return hit;
  }
}
