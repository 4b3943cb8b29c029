// Pure helpers over transcripts: creation, titles, summaries, and the checks that make data read
// back from storage trustworthy (it may come from an older version, or a crash mid-answer).
import type { TranscriptMessage, ChatSummary, ContextCut, ErrorAction, ErrorInfo, ForkOrigin, MessageStatus, Transcript, Usage } from '../../shared/protocol';
import { isErrorAction } from '../../shared/protocol';
import { parseModelParameters } from '../../shared/modelParameters';
import { isRecord } from '../../util/isRecord';
import { parseAttachments, parseInstructions } from '../attachments/storedAttachments';

export const TITLE_MAX_LENGTH = 60;
/**
 * The title of a chat without one: empty, so no English word is stored; each view shows its own word for
 * it in the display language (`untitledChat` in src/shared/webviewStrings.ts).
 */
export const UNTITLED = '';

export function newId(): string {
  // Required here, on the first id, not at import: loading node:crypto costs a fresh Node 4–8 ms, most of
  // what activation took (test/unit/build/activation.test.ts); activation makes no id.
  return (require('node:crypto') as typeof import('node:crypto')).randomUUID();
}

export function createTranscript(now: number = Date.now(), id: string = newId()): Transcript {
  return { id, title: UNTITLED, createdAt: now, updatedAt: now, messages: [] };
}

/** The title of a chat: its first user message on one line, trimmed and shortened. */
export function titleFromText(text: string, maxLength = TITLE_MAX_LENGTH): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (!oneLine) {
    return UNTITLED;
  }
  return oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1).trimEnd()}…` : oneLine;
}

/** The chat's title: the user's name for it once renamed, otherwise its first prompt. */
export function titleOf(transcript: Transcript): string {
  if (transcript.renamed) {
    return transcript.title;
  }
  const firstUser = transcript.messages.find((message) => message.role === 'user');
  if (!firstUser && transcript.summary) return titleFromText(`Summary: ${transcript.summary}`);
  return firstUser ? titleFromText(firstUser.content) : UNTITLED;
}

export function toSummary(transcript: Transcript): ChatSummary {
  return {
    id: transcript.id,
    title: transcript.title,
    updatedAt: transcript.updatedAt,
    messageCount: transcript.messages.length,
    ...(transcript.pinned ? { pinned: true } : {}),
    ...(transcript.forkedFrom ? { forkedFrom: { ...transcript.forkedFrom } } : {}),
  };
}

/**
 * A message still 'streaming' in storage was cut off by a reload or crash of a previous run:
 * nothing will ever finish it, so it is shown as stopped with the text that was saved.
 */
export function recoverInterrupted(transcript: Transcript): Transcript {
  if (!transcript.messages.some((message) => message.status === 'streaming')) {
    return transcript;
  }
  return {
    ...transcript,
    messages: transcript.messages.map((message) => (message.status === 'streaming' ? { ...message, status: 'stopped' } : message)),
  };
}

// ---------------------------------------------------------------- validation of stored data

const STATUSES: readonly MessageStatus[] = ['streaming', 'done', 'stopped', 'error'];

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const optionalNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function parseUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) {
    return undefined;
  }
  const usage: Usage = {};
  const inputTokens = optionalNumber(value.inputTokens);
  const outputTokens = optionalNumber(value.outputTokens);
  const totalTokens = optionalNumber(value.totalTokens);
  if (inputTokens !== undefined) usage.inputTokens = inputTokens;
  if (outputTokens !== undefined) usage.outputTokens = outputTokens;
  if (totalTokens !== undefined) usage.totalTokens = totalTokens;
  return Object.keys(usage).length > 0 ? usage : undefined;
}

function parseError(value: unknown): ErrorInfo | undefined {
  if (!isRecord(value) || typeof value.message !== 'string') {
    return undefined;
  }
  const actions: ErrorAction[] = Array.isArray(value.actions) ? value.actions.filter(isErrorAction) : [];
  const error: ErrorInfo = { message: value.message, actions };
  const status = optionalNumber(value.status);
  const type = optionalString(value.type);
  const code = optionalString(value.code);
  if (status !== undefined) error.status = status;
  if (type !== undefined) error.type = type;
  if (code !== undefined) error.code = code;
  return error;
}

function parseContextCut(value: unknown): ContextCut | undefined {
  if (!isRecord(value) || typeof value.resumeAt !== 'string') return undefined;
  const omitted = optionalNumber(value.omitted);
  return omitted !== undefined && Number.isInteger(omitted) && omitted > 0 ? { omitted, resumeAt: value.resumeAt } : undefined;
}

export function parseMessage(value: unknown): TranscriptMessage | undefined {
  if (!isRecord(value)) {
    return undefined;
  }
  const { id, role, content, status } = value;
  if (typeof id !== 'string' || (role !== 'user' && role !== 'assistant') || typeof content !== 'string') {
    return undefined;
  }
  const message: TranscriptMessage = {
    id,
    role,
    content,
    status: STATUSES.includes(status as MessageStatus) ? (status as MessageStatus) : 'done',
    createdAt: optionalNumber(value.createdAt) ?? 0,
  };
  const reasoning = optionalString(value.reasoning);
  const model = optionalString(value.model);
  const finishReason = optionalString(value.finishReason);
  const usage = parseUsage(value.usage);
  const error = parseError(value.error);
  if (reasoning) message.reasoning = reasoning;
  if (model) message.model = model;
  const profile = optionalString(value.profile);
  if (profile) message.profile = profile;
  if (usage) message.usage = usage;
  if (error) message.error = error;
  if (finishReason) message.finishReason = finishReason;
  const parameters = parseModelParameters(value.parameters);
  if (Object.keys(parameters).length > 0) message.parameters = parameters;
  const attachments = role === 'user' ? parseAttachments(value.attachments) : undefined;
  if (attachments) message.attachments = attachments;
  const instructions = role === 'user' ? parseInstructions(value.instructions) : undefined;
  if (instructions) message.instructions = instructions;
  const contextCut = parseContextCut(value.contextCut);
  if (contextCut) message.contextCut = contextCut;
  return message;
}

/** A chat read back from storage (see parseStoredTranscript), an answer cut off by a crash marked stopped (see recoverInterrupted). */
export function parseTranscript(value: unknown): Transcript | undefined {
  const transcript = parseStoredTranscript(value);
  return transcript && recoverInterrupted(transcript);
}

/**
 * A transcript from storage, checked field by field; undefined when it is not one. Malformed messages are
 * dropped. An answer still 'streaming' stays so (it may be streaming in another window right now): for
 * changing the chat's own fields in its file only.
 */
export function parseStoredTranscript(value: unknown): Transcript | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || !Array.isArray(value.messages)) {
    return undefined;
  }
  const messages = value.messages.map(parseMessage).filter((message): message is TranscriptMessage => message !== undefined);
  const createdAt = optionalNumber(value.createdAt) ?? 0;
  const transcript: Transcript = {
    id: value.id,
    title: typeof value.title === 'string' && value.title.trim() ? value.title : UNTITLED,
    createdAt,
    updatedAt: optionalNumber(value.updatedAt) ?? createdAt,
    messages,
  };
  if (typeof value.summary === 'string' && value.summary.trim()) transcript.summary = value.summary;
  // Fields added later (rename, pin, fork): a file written before them simply has none.
  if (value.renamed === true) transcript.renamed = true;
  if (value.pinned === true) transcript.pinned = true;
  const forkedFrom = parseForkOrigin(value.forkedFrom);
  if (forkedFrom) transcript.forkedFrom = forkedFrom;
  return transcript;
}

function parseForkOrigin(value: unknown): ForkOrigin | undefined {
  if (!isRecord(value) || typeof value.chatId !== 'string' || typeof value.title !== 'string' || typeof value.messageId !== 'string') {
    return undefined;
  }
  return { chatId: value.chatId, title: value.title, messageId: value.messageId };
}
