// Pure (no vscode): how attached files become the text of a user message. The spec's `content` is a
// string, so every attachment is a fenced block inside it; this file is the only place that says how.
// ctxwin's context budget counts the newest user message with `userWireContent` and never drops it.
import type { SentAttachment, TranscriptMessage } from '../../shared/protocol';
import { estimateTokens, CHARS_PER_TOKEN } from '../../shared/estimateTokens';
import { fenceFor, infoPart } from '../selection/formatSelection';

/** Estimated tokens one attached file may take; a larger file is cut there, with a marker saying so. */
export const ATTACHMENT_BUDGET_TOKENS = 16_000;
export const ATTACHMENT_BUDGET_CHARS = ATTACHMENT_BUDGET_TOKENS * CHARS_PER_TOKEN;

/** What is known of a file when the message is sent: its text, or why it has none. */
export type FileContent =
  | { path: string; languageId: string; text: string }
  | { path: string; refused: string };

/**
 * A file's bytes as text, or why they are not text: a NUL byte (what git and grep take for binary)
 * or bytes that are not UTF-8. A leading byte-order mark is dropped.
 */
export function decodeText(bytes: Uint8Array): { text: string } | { refused: string } {
  if (bytes.includes(0)) {
    return { refused: 'binary file (it contains NUL bytes)' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { refused: 'not UTF-8 text' };
  }
}

function countLines(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}

/**
 * Where a text longer than `budget` characters is cut: at the last line break within the budget,
 * so no line is sent half (unless the first line alone is longer than the budget).
 */
export function cutPoint(text: string, budget: number): number {
  if (text.length <= budget) return text.length;
  const lineEnd = text.lastIndexOf('\n', budget);
  return lineEnd > 0 ? lineEnd : budget;
}

/**
 * One attachment as sent: ```` ```typescript src/app.ts ```` … ```` ``` ```` with a fence longer
 * than any backtick run in the file, and, when the file was larger than the budget, a marker line
 * after the block that says how much of it was sent.
 */
export function formatAttachment(content: FileContent, kind: SentAttachment['kind'] = 'file', budget = ATTACHMENT_BUDGET_CHARS): SentAttachment {
  if ('refused' in content) {
    return { path: content.path, kind, text: '', tokens: 0, refused: content.refused };
  }
  const whole = content.text.replace(/\r\n/g, '\n').replace(/\n$/, '');
  const end = cutPoint(whole, budget);
  const code = whole.slice(0, end);
  const fence = fenceFor(code);
  let text = `${fence}${infoPart(content.languageId || 'text')} ${infoPart(content.path)}\n${code}\n${fence}`;
  const attachment: SentAttachment = { path: content.path, kind, text, tokens: 0 };
  if (end < whole.length) {
    text += `\n[Cut: only the first ${countLines(code)} of ${countLines(whole)} lines (${code.length} of ${whole.length} characters) of ${content.path} were sent; the limit is ${budget} characters per file.]`;
    attachment.text = text;
    attachment.cut = { sentChars: code.length, totalChars: whole.length };
  }
  attachment.tokens = estimateTokens(text);
  return attachment;
}

/**
 * The `content` string of a user message on the wire: its attachments' blocks first, then what the
 * user typed (the question reads last, after the code it is about). Refused attachments send nothing.
 */
export function userWireContent(message: Pick<TranscriptMessage, 'content' | 'attachments'>): string {
  const blocks = (message.attachments ?? []).filter((attachment) => !attachment.refused && attachment.text).map((attachment) => attachment.text);
  return blocks.length > 0 ? `${blocks.join('\n\n')}\n\n${message.content}` : message.content;
}
