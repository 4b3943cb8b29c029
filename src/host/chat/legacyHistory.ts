// Chats kept in globalState by builds before the history moved to files: moved over once, then removed.
import type { HistoryStore } from './historyStore';
import { parseTranscript } from './transcript';

/** The part of vscode.Memento the move needs. */
export interface LegacyState {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

const INDEX_KEY = 'modelAccess.chat.index';
const CURRENT_KEY = 'modelAccess.chat.current';
const TRANSCRIPT_PREFIX = 'modelAccess.chat.transcript.';

/**
 * Copies the chats found under the old globalState keys into the store, unless it already holds
 * them, then deletes the old keys. The store shows the copies at once (before they are on disk), so
 * a session created right after this call already sees them. Returns how many chats were moved.
 */
export async function moveLegacyHistory(state: LegacyState, store: HistoryStore): Promise<number> {
  const index = state.get<unknown>(INDEX_KEY);
  if (index === undefined) {
    return 0;
  }
  const ids = Array.isArray(index)
    ? index.map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined))
    : [];
  const saves: Promise<void>[] = [];
  let moved = 0;
  const oldKeys = [INDEX_KEY, CURRENT_KEY];
  for (const id of ids) {
    if (typeof id !== 'string') {
      continue;
    }
    oldKeys.push(TRANSCRIPT_PREFIX + id);
    const transcript = parseTranscript(state.get<unknown>(TRANSCRIPT_PREFIX + id));
    if (transcript?.id === id && store.load(id) === undefined) {
      saves.push(store.save(transcript));
      moved++;
    }
  }
  const current = state.get<unknown>(CURRENT_KEY);
  if (typeof current === 'string' && store.currentId() === undefined) {
    saves.push(store.setCurrentId(current));
  }
  // The old keys go only once their chats are safely in files.
  await Promise.all(saves);
  await Promise.all(oldKeys.map((key) => state.update(key, undefined)));
  return moved;
}
