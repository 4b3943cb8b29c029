// The journal of a streaming answer: while an answer streams, each save appends only the text that
// arrived since the last one (one JSON line), so saving costs what changed, not the whole chat.
// The chat file itself is written whole when the answer starts and again when it ends (which
// compacts the journal away). After a crash, loading the chat replays the journal onto the answer.
import { isRecord } from '../../util/isRecord';

/** The journal file of a chat file (`chat-<id>.json` → `chat-<id>.journal`). */
export function journalOf(chatFile: string): string {
  return chatFile.replace(/\.json$/, '.journal');
}

/** The chat file a journal file belongs to (the inverse of journalOf); undefined for any other name. */
export function chatFileOfJournal(name: string): string | undefined {
  return name.endsWith('.journal') ? name.replace(/\.journal$/, '.json') : undefined;
}

/** One line: text added to message `messageId` since the previous line. */
export function journalLine(messageId: string, content: string, reasoning: string): string {
  const entry: { m: string; c?: string; r?: string } = { m: messageId };
  if (content) entry.c = content;
  if (reasoning) entry.r = reasoning;
  return `${JSON.stringify(entry)}\n`;
}

/**
 * Replays `journal` onto the raw stored chat `value` (not yet validated): appends each line's
 * text to the message with that id, but only while the file still has it streaming (once the
 * answer was finished and written whole, its journal is stale). A torn or foreign line is skipped.
 */
export function applyJournal(value: unknown, journal: string): void {
  if (!isRecord(value) || !Array.isArray(value.messages)) {
    return;
  }
  const streaming = new Map<string, Record<string, unknown>>();
  for (const message of value.messages) {
    if (isRecord(message) && message.status === 'streaming' && typeof message.id === 'string' && typeof message.content === 'string') {
      streaming.set(message.id, message);
    }
  }
  if (streaming.size === 0) {
    return;
  }
  for (const line of journal.split('\n')) {
    const entry = parseLine(line);
    const message = entry && streaming.get(entry.m);
    if (!entry || !message) {
      continue;
    }
    if (entry.c) message.content = `${message.content as string}${entry.c}`;
    if (entry.r) message.reasoning = `${typeof message.reasoning === 'string' ? message.reasoning : ''}${entry.r}`;
  }
}

function parseLine(line: string): { m: string; c?: string; r?: string } | undefined {
  if (!line) {
    return undefined;
  }
  try {
    const entry = JSON.parse(line) as unknown;
    if (!isRecord(entry) || typeof entry.m !== 'string') {
      return undefined;
    }
    return {
      m: entry.m,
      c: typeof entry.c === 'string' ? entry.c : undefined,
      r: typeof entry.r === 'string' ? entry.r : undefined,
    };
  } catch {
    return undefined;
  }
}
