// Pure rules for organizing chats: fork a conversation at a message, rename a chat, pin it.
import type { Transcript } from '../../shared/protocol';
import { createTranscript, newId, titleOf, TITLE_MAX_LENGTH } from './transcript';

/** A longer name is cut here; history rows show one line. */
export const RENAMED_TITLE_MAX_LENGTH = 2 * TITLE_MAX_LENGTH;

/**
 * A new chat holding a copy of `source`'s messages up to and including `messageId`; undefined when
 * the message is not in it. The source is only read: the fork shares no object with it.
 */
export function forkTranscript(source: Transcript, messageId: string, now: number, id: string = newId()): Transcript | undefined {
  const index = source.messages.findIndex((message) => message.id === messageId);
  if (index < 0) {
    return undefined;
  }
  const fork = createTranscript(now, id);
  fork.messages = structuredClone(source.messages.slice(0, index + 1));
  // A chat started from a summary goes on from it: the fork's requests carry it too.
  if (source.summary !== undefined) fork.summary = source.summary;
  if (source.renamed) {
    fork.renamed = true;
    fork.title = source.title;
  } else {
    fork.title = titleOf(fork);
  }
  fork.forkedFrom = { chatId: source.id, title: source.title, messageId };
  return fork;
}

/**
 * Names the chat: `name` on one line, shortened. An empty name gives the chat its automatic title
 * back (the first prompt). Changes `transcript` in place.
 */
export function renameTranscript(transcript: Transcript, name: string): void {
  const oneLine = name.replace(/\s+/g, ' ').trim();
  if (!oneLine) {
    delete transcript.renamed;
    transcript.title = titleOf(transcript);
    return;
  }
  transcript.renamed = true;
  transcript.title = oneLine.length > RENAMED_TITLE_MAX_LENGTH ? `${oneLine.slice(0, RENAMED_TITLE_MAX_LENGTH - 1).trimEnd()}…` : oneLine;
}

/**
 * At most this many of `maxChats` stored chats may be pinned: one place always stays free for the
 * chat being written, or saving it would have to drop a pinned chat or exceed the cap.
 */
export function maxPinnedChats(maxChats: number): number {
  return Math.max(0, maxChats - 1);
}

/** Why a chat was not pinned: the host turns it into a sentence for the user. */
export type PinRefusal = { reason: 'tooMany'; limit: number; capacity: number } | { reason: 'notStored' };

/** Refuses pinning one more chat when `pinnedNow` already reach the limit (see maxPinnedChats). */
export function pinRefusal(pinnedNow: number, maxChats: number): PinRefusal | undefined {
  const limit = maxPinnedChats(maxChats);
  return pinnedNow >= limit ? { reason: 'tooMany', limit, capacity: maxChats } : undefined;
}

/** What renaming and pinning change: the chat's own fields, not its messages. */
export interface ChatMeta {
  title: string;
  renamed: boolean;
  pinned: boolean;
}

export function metaOf(transcript: Transcript): ChatMeta {
  return { title: transcript.title, renamed: transcript.renamed === true, pinned: transcript.pinned === true };
}

/** Gives `transcript` these fields (in place). */
export function setMeta(transcript: Transcript, meta: ChatMeta): void {
  transcript.title = meta.title;
  if (meta.renamed) transcript.renamed = true;
  else delete transcript.renamed;
  if (meta.pinned) transcript.pinned = true;
  else delete transcript.pinned;
}

/**
 * Another window may rename or pin a chat this window has open (or is streaming into): writing this
 * window's copy whole would undo that. A three-way merge: each field that the stored chat changed since
 * `base` (what this window last read or wrote) and this copy did not is taken from the stored chat.
 * True when something was taken. Changes `transcript` in place.
 */
export function adoptStoredMeta(transcript: Transcript, base: ChatMeta, stored: ChatMeta): boolean {
  const ours = metaOf(transcript);
  const merged = { ...ours };
  // A name and whether it was given by the user go together; a name the user gave beats a title this copy
  // made up from its first prompt meanwhile.
  const oursChanged = ours.title !== base.title || ours.renamed !== base.renamed;
  if ((stored.title !== base.title || stored.renamed !== base.renamed) && (!oursChanged || (stored.renamed && !ours.renamed))) {
    merged.title = stored.title;
    merged.renamed = stored.renamed;
  }
  if (stored.pinned !== base.pinned && ours.pinned === base.pinned) {
    merged.pinned = stored.pinned;
  }
  if (merged.title === ours.title && merged.renamed === ours.renamed && merged.pinned === ours.pinned) {
    return false;
  }
  setMeta(transcript, merged);
  return true;
}
