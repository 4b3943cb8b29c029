// Pure (no vscode): the attachments and instructions of a stored chat, checked field by field. A chat
// saved before attachments existed has neither field; an entry that is not well formed is dropped
// (the rest of the message is kept), as the history reader does with every other field.
import type { SentAttachment, SentInstructions } from '../../shared/protocol';
import { isRecord } from '../../util/isRecord';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function parseAttachment(value: unknown): SentAttachment | undefined {
  if (!isRecord(value) || typeof value.path !== 'string' || !value.path || typeof value.text !== 'string' || !isCount(value.tokens)) {
    return undefined;
  }
  const kind = value.kind === 'problems' ? 'problems' : value.kind === 'file' ? 'file' : undefined;
  if (!kind) return undefined;
  const attachment: SentAttachment = { path: value.path, kind, text: value.text, tokens: value.tokens };
  if (isRecord(value.cut) && isCount(value.cut.sentChars) && isCount(value.cut.totalChars)) {
    attachment.cut = { sentChars: value.cut.sentChars, totalChars: value.cut.totalChars };
  }
  if (typeof value.refused === 'string' && value.refused) attachment.refused = value.refused;
  return attachment;
}

/** The stored `attachments` of a message; undefined when absent or when no entry is valid. */
export function parseAttachments(value: unknown): SentAttachment[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const attachments = value.map(parseAttachment).filter((attachment): attachment is SentAttachment => attachment !== undefined);
  return attachments.length > 0 ? attachments : undefined;
}

/** The stored `instructions` of a message; undefined when absent or malformed. */
export function parseInstructions(value: unknown): SentInstructions | undefined {
  if (!isRecord(value) || typeof value.text !== 'string' || !value.text || !isCount(value.tokens) || !Array.isArray(value.paths)) {
    return undefined;
  }
  const paths = value.paths.filter((path): path is string => typeof path === 'string');
  return { paths, text: value.text, tokens: value.tokens };
}
