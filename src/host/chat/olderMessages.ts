// A long chat reaches the page in parts: its state carries the newest messages, the page asks for the
// older ones after it has shown those (loadOlder), a page of text at a time. The page is a same-origin
// frame of the workbench: before it saw a 479 KB state, the workbench decoded and relayed all of it
// (~180 ms of the renderer's main thread in a profile of a 500-message chat opened in a fresh editor),
// and the newest message waited for the oldest.
import { STATE_NEWEST_MESSAGES, type TranscriptMessage } from '../../shared/protocol';

/** The most text (characters) one olderMessages reply carries; always at least one message. */
export const OLDER_PAGE_CHARS = 64_000;

/** What a message weighs on the way to the page: its text (the rest of its fields are small). */
function textSize(message: TranscriptMessage): number {
  let size = message.content.length + (message.reasoning?.length ?? 0);
  for (const attachment of message.attachments ?? []) size += attachment.text.length;
  return size;
}

/**
 * Where the state of a chat the page does not show yet starts: the newest STATE_NEWEST_MESSAGES messages, and
 * back to the last answer (whose context-cut marker the view shows); 0, the whole chat, when what is older
 * would fit in one page anyway.
 */
export function stateStart(messages: readonly TranscriptMessage[]): number {
  let start = Math.max(0, messages.length - STATE_NEWEST_MESSAGES);
  let lastAnswer = messages.length - 1;
  while (lastAnswer >= 0 && messages[lastAnswer].role !== 'assistant') lastAnswer--;
  if (lastAnswer >= 0) start = Math.min(start, lastAnswer);
  let older = 0;
  for (let i = 0; i < start && older <= OLDER_PAGE_CHARS; i++) older += textSize(messages[i]);
  return older <= OLDER_PAGE_CHARS ? 0 : start;
}

export interface OlderPage {
  /** Oldest first, ending right before the message asked about. */
  messages: TranscriptMessage[];
  /** How many messages are older still. */
  more: number;
}

/**
 * The messages right before `beforeId`, newest back, up to OLDER_PAGE_CHARS of text (at least one); undefined
 * when the chat has no message `beforeId` (the page's request is stale, or not the page's).
 */
export function olderPage(messages: readonly TranscriptMessage[], beforeId: string): OlderPage | undefined {
  const end = messages.findIndex((message) => message.id === beforeId);
  if (end < 0) return undefined;
  let start = end;
  let size = 0;
  while (start > 0 && (start === end || size + textSize(messages[start - 1]) <= OLDER_PAGE_CHARS)) {
    start--;
    size += textSize(messages[start]);
  }
  return { messages: messages.slice(start, end), more: start };
}
