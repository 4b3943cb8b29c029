import type { ChatSummary, Transcript } from '../../shared/protocol';
import { WEBVIEW_STRINGS } from '../../shared/webviewStrings';
import type { ChatFiles, StoredFile } from './chatFiles';
import { applyJournal, chatFileOfJournal, journalLine, journalOf } from './answerJournal';
import { QueuedFiles } from './queuedFiles';
import { metaOf, type ChatMeta } from './organize';
import { parseStoredTranscript, parseTranscript, toSummary } from './transcript';

/** A deleted chat's files as they were, to put back (Undo). */
export interface DeletedChat {
  title: string;
  restore(): Promise<void>;
}

/** The history entry of a chat file that cannot be read: shown, never silently dropped. */
export const DAMAGED_TITLE = WEBVIEW_STRINGS.damagedChat;

/**
 * Past chats are kept at most this many; saving one more drops the least recently updated one that
 * is not pinned (damaged files and pinned chats are never dropped; see maxPinnedChats).
 */
export const MAX_STORED_CHATS = 100;

/** Chat ids are UUIDs; anything else (say, an id from the webview) never becomes a path. */
const CHAT_ID = /^[A-Za-z0-9_-]{1,128}$/;
const CHAT_FILE = /^chat-([A-Za-z0-9_-]{1,128})\.json$/;
const CURRENT_FILE = 'current.json';

/** The file of a chat whose id is known to be safe (it came from a file name). */
const fileOf = (id: string): string => `chat-${id}.json`;

function chatFile(id: string): string | undefined {
  return CHAT_ID.test(id) ? fileOf(id) : undefined;
}

/**
 * Chat history as files, one JSON transcript per chat plus a pointer to the current chat (the
 * extension passes a folder under `context.globalStorageUri`: a chat belongs to the user, not to a
 * folder, so it is there in every window, and it is not synced across machines).
 *
 * Durable by construction: a save settles only when the file is on disk, and each file is replaced
 * whole by a rename, so a reload, a page refresh or a crash at any moment leaves every chat as it
 * was last saved. (VS Code's globalState is not: the web workbench writes it out late, and a page
 * refresh right after a change loses it.) Writes to one chat run in order. The list is read from
 * the files themselves, so there is no index to fall out of step with them; each file is parsed
 * again only when it changed. A chat file that cannot be read is listed as damaged (never evicted);
 * other files are ignored.
 *
 * While an answer streams, saves append to the chat's journal instead of rewriting it (see
 * answerJournal.ts); the next whole save folds the journal in.
 *
 * Nothing here ever holds the API key: transcripts contain only messages, and error texts come from
 * the client, which never puts the key in them.
 */
export class HistoryStore {
  private readonly files: ChatFiles;
  /** Summaries by file name, with the file version they were read from. */
  private readonly summaries = new Map<string, { version: string; summary: ChatSummary | undefined }>();

  constructor(
    files: ChatFiles,
    private readonly maxChats = MAX_STORED_CHATS,
  ) {
    this.files = new QueuedFiles(files);
  }

  /** Summaries, most recently updated first. */
  list(): ChatSummary[] {
    return this.summarize();
  }

  /**
   * The chat, with the journal of an answer that was streaming replayed onto it and that answer
   * (interrupted by a crash or reload) marked 'stopped'; undefined if unknown or unreadable.
   */
  load(id: string): Transcript | undefined {
    const file = chatFile(id);
    if (file === undefined) {
      return undefined;
    }
    const raw = this.readJson(file);
    const journal = this.readText(journalOf(file));
    if (journal) {
      applyJournal(raw, journal);
    }
    const transcript = parseTranscript(raw);
    // A file copied or renamed by hand could claim another chat's id.
    return transcript?.id === id ? transcript : undefined;
  }

  /**
   * Stores the chat as it is now; settles when it is on disk. A chat without messages is not
   * stored (New Chat alone leaves no trace), unless it starts from a summary the user confirmed.
   */
  async save(transcript: Transcript): Promise<void> {
    if (transcript.messages.length === 0 && transcript.summary === undefined) {
      return;
    }
    const file = chatFile(transcript.id);
    if (file === undefined) {
      throw new Error('A chat id may hold only letters, digits, "-" and "_".');
    }
    // Serialized now: the live transcript keeps changing while it streams.
    const text = JSON.stringify(transcript);
    const savedSummary = toSummary(transcript);
    // The chat being saved always stays, and so do pinned ones; the others keep their places by recency.
    const others = this.summarize(file).filter((summary) => !summary.damaged);
    const unpinned = others.filter((summary) => !summary.pinned);
    const evicted = unpinned.slice(Math.max(0, this.maxChats - 1 - (others.length - unpinned.length)));
    const version = await this.files.writeAtomic(file, text);
    // Its summary as the file now is: the history list after each answer then reads and parses nothing
    // (a chat of 1,000 messages is 2 MB). A later change by anyone gives the file another version.
    this.summaries.set(file, { version, summary: savedSummary });
    // The whole chat is on disk: the journal of its streaming answer is no longer needed.
    await this.files.remove(journalOf(file));
    await Promise.all(evicted.map((summary) => this.removeChatFiles(fileOf(summary.id))));
    await this.removeOrphanJournals();
  }

  /**
   * Removes the journals whose chat file is gone. A chat's file is written whole before its first
   * journal line, so such a journal belongs to a chat another window deleted while this one (or one
   * that closed or crashed since) kept answering in it (see ChatSession.leaveDeleted): nothing reads it again.
   */
  async removeOrphanJournals(): Promise<void> {
    const names = new Set(this.listFiles().map((file) => file.name));
    const orphans = [...names].filter((name) => {
      const chat = chatFileOfJournal(name);
      return chat !== undefined && CHAT_FILE.test(chat) && !names.has(chat);
    });
    await Promise.all(orphans.map((name) => this.files.remove(name)));
  }

  /**
   * Changes a stored chat's own fields (its name, its pin) in its file and nothing else: its messages
   * are written back as they are stored, an answer 'streaming' stays so and its journal stays in place,
   * since another window may be streaming that answer right now (and keeps appending to the journal).
   * Resolves the chat's fields as written, or undefined when the chat is not stored or unreadable.
   */
  async changeStored(id: string, change: (transcript: Transcript) => void): Promise<ChatMeta | undefined> {
    const stored = this.readStored(id);
    if (!stored) {
      return undefined;
    }
    change(stored.transcript);
    await this.files.writeAtomic(stored.file, JSON.stringify(stored.transcript));
    return metaOf(stored.transcript);
  }

  /** A stored chat's own fields as they are in its file now; undefined when it is not stored or unreadable. */
  storedMeta(id: string): ChatMeta | undefined {
    const stored = this.readStored(id);
    return stored && metaOf(stored.transcript);
  }

  /**
   * True only when the chat has no file: deleted (or never stored). A file that cannot be read or
   * parsed is there, and is not missing: a window must never take an unreadable file for a deletion.
   */
  isMissing(id: string): boolean {
    const file = chatFile(id);
    if (file === undefined) {
      return true;
    }
    try {
      return this.files.read(file) === undefined;
    } catch {
      return false;
    }
  }

  /** The chat's file as stored (no journal replayed, statuses as they are); undefined when missing, unreadable or another chat's. */
  private readStored(id: string): { file: string; transcript: Transcript } | undefined {
    const file = chatFile(id);
    const transcript = file === undefined ? undefined : parseStoredTranscript(this.readJson(file));
    return file !== undefined && transcript?.id === id ? { file, transcript } : undefined;
  }

  /**
   * Appends the text an answer got since the last save to the chat's journal (see answerJournal):
   * the cost is that text, whatever the size of the chat. The chat must have been saved whole
   * with the answer in it first; the next save() folds the journal in.
   */
  async appendAnswer(chatId: string, messageId: string, content: string, reasoning: string): Promise<number> {
    const file = chatFile(chatId);
    if (file === undefined) {
      throw new Error('A chat id may hold only letters, digits, "-" and "_".');
    }
    const line = journalLine(messageId, content, reasoning);
    await this.files.append(journalOf(file), line);
    return line.length;
  }

  /** Deletes the chat (readable or damaged); the result puts its files back as they were. */
  async delete(id: string): Promise<DeletedChat | undefined> {
    const file = chatFile(id);
    if (file === undefined) {
      return undefined;
    }
    const text = this.readText(file);
    const journal = this.readText(journalOf(file));
    const title = this.load(id)?.title ?? DAMAGED_TITLE;
    await this.removeChatFiles(file);
    if (this.currentId() === id) {
      await this.setCurrentId(undefined);
    }
    if (text === undefined) {
      return undefined;
    }
    return {
      title,
      restore: async () => {
        await this.files.writeAtomic(file, text);
        if (journal) {
          await this.files.writeAtomic(journalOf(file), journal);
        }
      },
    };
  }

  /** How many chats the store keeps (see MAX_STORED_CHATS). */
  get capacity(): number {
    return this.maxChats;
  }

  /**
   * Every chat file with its version (it changes whenever the file may have changed): what a
   * search index needs to know which chats to read again. Damaged files are listed too.
   */
  chatVersions(): { id: string; version: string }[] {
    const result: { id: string; version: string }[] = [];
    for (const file of this.listFiles()) {
      const id = CHAT_FILE.exec(file.name)?.[1];
      if (id !== undefined) {
        result.push({ id, version: file.version });
      }
    }
    return result;
  }

  /** Where the chat's file is on disk, for Open File on a damaged chat; undefined in memory. */
  locate(id: string): string | undefined {
    const file = chatFile(id);
    return file === undefined ? undefined : this.files.locate?.(file);
  }

  currentId(): string | undefined {
    const pointer = this.readJson(CURRENT_FILE);
    const id = typeof pointer === 'object' && pointer !== null ? (pointer as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? id : undefined;
  }

  async setCurrentId(id: string | undefined): Promise<void> {
    if (id === undefined) {
      await this.files.remove(CURRENT_FILE);
    } else {
      await this.files.writeAtomic(CURRENT_FILE, JSON.stringify({ id }));
    }
  }

  /** The parsed file; undefined when it is missing, unreadable or not JSON (stored data is never trusted). */
  private readJson(name: string): unknown {
    try {
      const text = this.files.read(name);
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    } catch {
      return undefined;
    }
  }

  /** The file's text; undefined when it is missing or cannot be read. */
  private readText(name: string): string | undefined {
    try {
      return this.files.read(name);
    } catch {
      return undefined;
    }
  }

  private async removeChatFiles(file: string): Promise<void> {
    await this.files.remove(file);
    await this.files.remove(journalOf(file));
  }

  /** The files in the folder; none when it cannot be read (the history is then empty, not broken). */
  private listFiles(): StoredFile[] {
    try {
      return this.files.list();
    } catch {
      return [];
    }
  }

  /** The summaries of every chat file but `skipped` (a chat being saved needs no parsing). */
  private summarize(skipped?: string): ChatSummary[] {
    const result: ChatSummary[] = [];
    const seen = new Set<string>();
    for (const file of this.listFiles()) {
      const id = CHAT_FILE.exec(file.name)?.[1];
      if (id === undefined) {
        continue;
      }
      seen.add(file.name);
      if (file.name === skipped) {
        continue;
      }
      let cached = this.summaries.get(file.name);
      if (cached?.version !== file.version) {
        const transcript = this.load(id);
        // A file that cannot be read stays in the list, marked, so the user can look at it or delete it.
        const summary: ChatSummary = transcript
          ? toSummary(transcript)
          : { id, title: DAMAGED_TITLE, updatedAt: file.modifiedAt ?? 0, messageCount: 0, damaged: true };
        cached = { version: file.version, summary };
        this.summaries.set(file.name, cached);
      }
      if (cached.summary) {
        result.push(cached.summary);
      }
    }
    for (const name of this.summaries.keys()) {
      if (!seen.has(name)) {
        this.summaries.delete(name);
      }
    }
    return result.sort((a, b) => b.updatedAt - a.updatedAt);
  }
}
