import type { ChatSummary, Transcript } from '../../shared/protocol';
import { parseSummary, parseTranscript, toSummary } from './transcript';

/** The part of vscode.Memento the store uses (so it runs in plain Node tests too). */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

/**
 * Past chats are kept at most this many; saving one more drops the least recently updated.
 * Each chat is its own storage entry, so this bounds what VS Code loads at startup.
 */
export const MAX_STORED_CHATS = 100;

const INDEX_KEY = 'modelAccess.chat.index';
const CURRENT_KEY = 'modelAccess.chat.current';
const TRANSCRIPT_PREFIX = 'modelAccess.chat.transcript.';

/**
 * Chat history in extension storage (the host passes `context.globalState`: a chat belongs to the
 * user, not to a folder, so it is there in every window, with or without a workspace, and it is
 * not synced across machines). The index (summaries) and each transcript are separate entries:
 * saving a streaming answer rewrites one chat, not the whole history. Nothing here ever holds the
 * API key: transcripts contain only messages, and error texts come from the client, which never
 * puts the key in them.
 */
export class HistoryStore {
  constructor(
    private readonly storage: KeyValueStore,
    private readonly maxChats = MAX_STORED_CHATS,
  ) {}

  /** Summaries, most recently updated first. */
  list(): ChatSummary[] {
    return this.readIndex();
  }

  /** The chat, with an answer interrupted by a crash or reload marked 'stopped'; undefined if unknown or unreadable. */
  load(id: string): Transcript | undefined {
    return parseTranscript(this.storage.get<unknown>(TRANSCRIPT_PREFIX + id));
  }

  /** Stores the chat and its summary. A chat without messages is not stored (New Chat alone leaves no trace). */
  async save(transcript: Transcript): Promise<void> {
    if (transcript.messages.length === 0) {
      return;
    }
    // The chat being saved always stays; the others keep their places by recency.
    const others = this.readIndex().filter((summary) => summary.id !== transcript.id);
    const evicted = others.slice(Math.max(0, this.maxChats - 1));
    const index = [toSummary(transcript), ...others.slice(0, Math.max(0, this.maxChats - 1))];
    index.sort((a, b) => b.updatedAt - a.updatedAt);
    // A copy: the live transcript keeps changing while it streams.
    await this.storage.update(TRANSCRIPT_PREFIX + transcript.id, structuredClone(transcript));
    await this.storage.update(INDEX_KEY, index);
    for (const summary of evicted) {
      await this.storage.update(TRANSCRIPT_PREFIX + summary.id, undefined);
    }
  }

  async delete(id: string): Promise<void> {
    await this.storage.update(TRANSCRIPT_PREFIX + id, undefined);
    await this.storage.update(INDEX_KEY, this.readIndex().filter((summary) => summary.id !== id));
    if (this.currentId() === id) {
      await this.setCurrentId(undefined);
    }
  }

  currentId(): string | undefined {
    const id = this.storage.get<unknown>(CURRENT_KEY);
    return typeof id === 'string' ? id : undefined;
  }

  async setCurrentId(id: string | undefined): Promise<void> {
    await this.storage.update(CURRENT_KEY, id);
  }

  private readIndex(): ChatSummary[] {
    const raw = this.storage.get<unknown>(INDEX_KEY);
    if (!Array.isArray(raw)) {
      return [];
    }
    const summaries = raw.map(parseSummary).filter((summary): summary is ChatSummary => summary !== undefined);
    return summaries.sort((a, b) => b.updatedAt - a.updatedAt);
  }
}
