// The one contract between the extension host and the chat webview.
// Both sides import this file and nothing else of each other (ESLint enforces it).
// Every message is a discriminated union member with its own `is…()` guard, because
// postMessage data is untyped at runtime and must be checked before it is trusted.
import type { ModelParameters } from './modelParameters';
import { isRecord } from '../util/isRecord';

export type { ModelParameters };
// ---------------------------------------------------------------- shared shapes

export type Role = 'user' | 'assistant';

/** Where an answer stands; user messages are always 'done'. */
export type MessageStatus = 'streaming' | 'done' | 'stopped' | 'error';

/** What the user can do about an error, rendered as a button in the conversation. */
export type ErrorAction = 'setApiKey' | 'setBaseUrl' | 'refreshModels' | 'retry' | 'selectModel'
  // The request was too long for the model's context window (see src/api/contextLength.ts).
  | 'dropEarlierAndRetry' | 'newChatWithSummary';

export interface ErrorInfo {
  message: string;
  /** HTTP status; undefined for a network-level failure. */
  status?: number;
  type?: string;
  code?: string;
  actions: ErrorAction[];
}

export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

/** One message of a chat as the user sees and the history keeps it (the host sends the API only WireMessages). */
export interface TranscriptMessage {
  id: string;
  role: Role;
  content: string;
  /** Reasoning text streamed alongside the answer, shown collapsed. */
  reasoning?: string;
  status: MessageStatus;
  /** Model that produced (assistant) or was asked (user). */
  model?: string;
  /** The endpoint profile asked, recorded only while there is more than one (see profiles.ts). */
  profile?: string;
  usage?: Usage;
  error?: ErrorInfo;
  /** Why the model ended the answer, when not a normal end (e.g. 'length': the output-token limit). */
  finishReason?: string;
  /** The per-model parameters the request carried (assistant), when any was set. */
  parameters?: ModelParameters;
  /** The files the user attached (user messages), as they were sent; see src/host/attachments. */
  attachments?: SentAttachment[];
  /** Project instructions sent as a system message with this message's request, when the user had them on. */
  instructions?: SentInstructions;
  /** On an answer: earlier messages left out of its request because the context window was full. */
  contextCut?: ContextCut;
  createdAt: number;
}

/** A file (or a file's problems) attached to a user message, exactly as it went into the message's content. */
export interface SentAttachment {
  /** Workspace-relative path (an untitled editor's name), as the fence's info string names it. */
  path: string;
  /** What it is: a file, or the diagnostics of a file. */
  kind: 'file' | 'problems';
  /** The exact text added to the user message's content: a fenced block (and a cut marker). Empty when refused. */
  text: string;
  /** Estimated tokens of `text` (src/shared/estimateTokens.ts). */
  tokens: number;
  /** Set when the file was larger than the budget and cut: characters sent of the file's total. */
  cut?: { sentChars: number; totalChars: number };
  /** Why it was not sent (a binary file, a file that could not be read). */
  refused?: string;
}

/** Project instructions (AGENTS.md, .github/copilot-instructions.md) as sent in a system message. */
export interface SentInstructions {
  /** The files they came from, workspace-relative. */
  paths: string[];
  /** The exact system message text. */
  text: string;
  tokens: number;
}

/** `omitted` earlier messages were not sent; the first message sent after them is `resumeAt` (a message id). */
export interface ContextCut {
  omitted: number;
  resumeAt: string;
}

export interface ChatSummary {
  id: string;
  title: string;
  updatedAt: number;
  messageCount: number;
  /** The chat's file cannot be read (corrupt or unknown shape): it can be opened as a file or deleted, not reopened. */
  damaged?: boolean;
  /** Kept however many chats follow (eviction skips it). */
  pinned?: boolean;
  /** The chat this one was forked from (see ForkOrigin). */
  forkedFrom?: ForkOrigin;
}

/** Where a forked chat came from: the chat (its title then) and the message it was forked at. */
export interface ForkOrigin {
  chatId: string;
  title: string;
  messageId: string;
}

export interface Transcript {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: TranscriptMessage[];
  /** The chat was started from this summary of an earlier one (sent as a system message, before the messages). */
  summary?: string;
  /** The user named the chat: its title no longer follows the first prompt. */
  renamed?: boolean;
  /** Eviction never removes a pinned chat. */
  pinned?: boolean;
  forkedFrom?: ForkOrigin;
}

/** A 429 back-off in progress: the webview counts down to `retryAt`. */
export interface RetryNotice {
  messageId: string;
  attempt: number;
  maxRetries: number;
  /** Epoch milliseconds at which the next attempt starts. */
  retryAt: number;
  delayMs: number;
}

// ---------------------------------------------------------------- host → webview

/**
 * A chat the page does not show yet comes in its state with this many newest messages (what the view shows
 * first; more when its last answer is further back), when it has more than a page of older text: the page asks
 * for the older ones (loadOlder) once it has shown these.
 */
export const STATE_NEWEST_MESSAGES = 12;

/** Full state, sent after `ready` and whenever the conversation is replaced. */
export interface StateMessage {
  type: 'state';
  /** The chat; its `messages` are the newest ones when `olderMessages` is set. */
  chat: Transcript;
  /** How many messages the chat has before `chat.messages` (the page asks for them: loadOlder). */
  olderMessages?: number;
  model: string | undefined;
  /** True while an answer streams (Send becomes Stop). */
  busy: boolean;
  hasApiKey: boolean;
  hasBaseUrl: boolean;
  history: ChatSummary[];
  /** Set while the chat could not be saved (see SaveStatusMessage). */
  saveError?: string;
}

/** A message was appended (the user's prompt, or an empty assistant answer about to stream). */
export interface MessageAddedMessage {
  type: 'messageAdded';
  message: TranscriptMessage;
}

/** Text appended to a streaming answer since the previous delta (batched, never per token). */
export interface DeltaMessage {
  type: 'delta';
  messageId: string;
  content?: string;
  reasoning?: string;
}

/** An answer's final state: status, usage, error. Content is the full text. */
export interface MessageUpdatedMessage {
  type: 'messageUpdated';
  message: TranscriptMessage;
}

/** The messages of chat `chatId` right before `beforeId` (oldest first), in reply to loadOlder; `more` are older still. */
export interface OlderMessagesMessage {
  type: 'olderMessages';
  chatId: string;
  beforeId: string;
  messages: TranscriptMessage[];
  more: number;
}

export interface RetryingMessage {
  type: 'retrying';
  notice: RetryNotice;
}

export interface BusyMessage {
  type: 'busy';
  busy: boolean;
}

export interface ModelChangedMessage {
  type: 'modelChanged';
  model: string | undefined;
}

export interface HistoryMessage {
  type: 'history';
  history: ChatSummary[];
}

export interface ConfigMessage {
  type: 'config';
  hasApiKey: boolean;
  hasBaseUrl: boolean;
}

/** Puts text into the prompt box (Send Selection), optionally replacing what is there. */
export interface SetInputMessage {
  type: 'setInput';
  text: string;
  mode: 'append' | 'replace';
}

/** Opens the history list in the webview. */
export interface ShowHistoryMessage {
  type: 'showHistory';
}

/**
 * Shows the conversation in place of the history list: the user asked for another chat outside the
 * page (New Chat in the view's title). A state alone never closes the list: states also come from
 * deleting the open chat in the list, or from another window saving.
 */
export interface ShowConversationMessage {
  type: 'showConversation';
}

/**
 * Whether the chat is safely on disk: `error` says why the last save failed (the view shows it
 * until a later save succeeds, which sends this without `error`).
 */
export interface SaveStatusMessage {
  type: 'saveStatus';
  error?: string;
}

/** A send the host did not take (an answer is still streaming): the text goes back into the prompt. */
export interface SendRejectedMessage {
  type: 'sendRejected';
  text: string;
  reason: string;
}

/** How full the model's context window is, for the meter next to the prompt. */
export interface ContextMeterReading {
  /** The window in tokens, when known; `limitSource` says from where. */
  limitTokens?: number;
  limitSource: 'server' | 'setting' | 'error' | 'unknown';
  /** Input plus output tokens the server reported for the last answer. */
  reportedTokens?: number;
  /** Estimated tokens of what the report does not cover (all of the next request when nothing was reported). */
  estimatedTokens: number;
  /** Earlier messages the next request will leave out (the window is full). */
  omitted: number;
}

export interface ContextStatusMessage {
  type: 'contextStatus';
  reading: ContextMeterReading;
}

/** The summary for "New chat with a summary": being written, ready for the user to check, or failed. */
export interface SummaryProposalMessage {
  type: 'summaryProposal';
  state: 'writing' | 'ready' | 'failed' | 'closed';
  text: string;
  error?: string;
}

/** One hit of Search Chats: a message (or the title when messageId is absent), with its snippet in three parts. */
export interface SearchHit {
  chatId: string;
  title: string;
  updatedAt: number;
  messageId?: string;
  role?: Role;
  snippet: { before: string; match: string; after: string };
}

/** The answer to a SearchChatsMessage (`requestId` lets the view drop answers to older queries). */
export interface SearchResultsMessage {
  type: 'searchResults';
  requestId: number;
  hits: SearchHit[];
  /** How many hits there are in all (hits holds the first ones). */
  total: number;
}

/** Scrolls the conversation to a message and highlights it briefly (a search hit was opened). */
export interface RevealMessageMessage {
  type: 'revealMessage';
  messageId: string;
}

/** A file waiting above the prompt to be attached to the next message; its content is read on send. */
export interface AttachmentChip {
  id: string;
  /** What the chip shows: the file name (and "Problems in …" for diagnostics). */
  label: string;
  path: string;
  kind: 'file' | 'problems';
  /** Estimated tokens as it would be sent now. */
  tokens: number;
  /** True when it is larger than the budget and would be cut. */
  cut?: boolean;
}

/** Project instructions the workspace offers; `on` only after the user turned them on. */
export interface InstructionsOffer {
  paths: string[];
  on: boolean;
  tokens: number;
}

/** The chips above the prompt (sent after `ready` and whenever they change). */
export interface AttachmentsMessage {
  type: 'attachments';
  chips: AttachmentChip[];
  /** Absent when the workspace has no instructions file. */
  instructions?: InstructionsOffer;
}

/** The file picker a `#` in the prompt opened has closed: `added` says whether the `#` became chips. */
export interface PickClosedMessage {
  type: 'pickClosed';
  added: boolean;
}

export type HostToWebview =
  | StateMessage
  | OlderMessagesMessage
  | MessageAddedMessage
  | DeltaMessage
  | MessageUpdatedMessage
  | RetryingMessage
  | BusyMessage
  | ModelChangedMessage
  | HistoryMessage
  | ConfigMessage
  | SetInputMessage
  | ShowHistoryMessage
  | ShowConversationMessage
  | SaveStatusMessage
  | SendRejectedMessage
  | ContextStatusMessage
  | SummaryProposalMessage
  | SearchResultsMessage
  | RevealMessageMessage
  | AttachmentsMessage
  | PickClosedMessage;

// ---------------------------------------------------------------- webview → host

/** Sent once the webview's script has run; the host posts nothing before it. */
export interface ReadyMessage { type: 'ready' }
/** `attachmentIds`: the chips shown when the user sent; only those are read and sent. */
export interface SendMessage { type: 'send'; text: string; attachmentIds?: string[] }
export interface StopMessage { type: 'stop' }
/** Answer the last user message again, replacing the last answer. */
export interface RegenerateMessage { type: 'regenerate' }
/** Replace user message `messageId` with `text`, drop everything after it, and resend. */
export interface EditMessage { type: 'edit'; messageId: string; text: string }
/** Opens a past chat; with `messageId` (a search hit), scrolled to that message. */
export interface OpenChatMessage { type: 'openChat'; chatId: string; messageId?: string }
/** Asks for the messages of the open chat `chatId` before `beforeId`, the oldest the page has (see StateMessage). */
export interface LoadOlderMessage { type: 'loadOlder'; chatId: string; beforeId: string }
export interface DeleteChatMessage { type: 'deleteChat'; chatId: string }
/** Opens the file of a damaged chat in an editor, so the user can see what is in it. */
export interface OpenChatFileMessage { type: 'openChatFile'; chatId: string }
/** Opens the model quick pick. */
export interface PickModelMessage { type: 'pickModel' }
/** Runs the action attached to an error (or a welcome button). */
export interface RunActionMessage { type: 'runAction'; action: ErrorAction }
/** A link in model output was clicked; the host checks the scheme before opening. */
export interface OpenLinkMessage { type: 'openLink'; href: string }
export interface CopyTextMessage { type: 'copyText'; text: string }
export interface InsertCodeMessage { type: 'insertCode'; code: string }
/** Opens the host's file picker (`hash`: a `#` typed in the prompt) or the menu of what can be attached (`menu`). */
export interface PickAttachmentsMessage { type: 'pickAttachments'; via: 'hash' | 'menu' }
export interface RemoveAttachmentMessage { type: 'removeAttachment'; id: string }
/** The user turned the project instructions chip on or off. */
export interface SetInstructionsMessage { type: 'setInstructions'; on: boolean }
/** Open Answer in Editor on answer `messageId` (the host checks it is an answer of the open chat). */
export interface OpenAnswerInEditorMessage { type: 'openAnswerInEditor'; messageId: string }
/** A new chat with the current conversation up to and including `messageId`. */
export interface ForkChatMessage { type: 'forkChat'; messageId: string }
/** Asks the host for a new title (it shows an input box). */
export interface RenameChatMessage { type: 'renameChat'; chatId: string }
export interface PinChatMessage { type: 'pinChat'; chatId: string; pinned: boolean }
/** Search every stored chat for `query` (words, never a pattern). */
export interface SearchChatsMessage { type: 'searchChats'; query: string; requestId: number }

/** The user confirmed the (possibly edited) summary: a new chat starts from it. */
export interface StartFromSummaryMessage { type: 'startFromSummary'; text: string }
/** The user dismissed the summary (or stopped it being written). */
export interface DiscardSummaryMessage { type: 'discardSummary' }

export type WebviewToHost =
  | ReadyMessage
  | SendMessage
  | StopMessage
  | RegenerateMessage
  | EditMessage
  | OpenChatMessage
  | LoadOlderMessage
  | DeleteChatMessage
  | OpenChatFileMessage
  | PickModelMessage
  | RunActionMessage
  | OpenLinkMessage
  | CopyTextMessage
  | InsertCodeMessage
  | StartFromSummaryMessage
  | DiscardSummaryMessage
  | OpenAnswerInEditorMessage
  | ForkChatMessage
  | RenameChatMessage
  | PinChatMessage
  | SearchChatsMessage
  | PickAttachmentsMessage
  | RemoveAttachmentMessage
  | SetInstructionsMessage;

// ---------------------------------------------------------------- guards

const ERROR_ACTIONS: readonly ErrorAction[] = ['setApiKey', 'setBaseUrl', 'refreshModels', 'retry', 'selectModel', 'dropEarlierAndRetry', 'newChatWithSummary'];


function hasType<T extends string>(value: unknown, type: T): value is Record<string, unknown> & { type: T } {
  return isRecord(value) && value.type === type;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function isErrorAction(value: unknown): value is ErrorAction {
  return isString(value) && (ERROR_ACTIONS as readonly string[]).includes(value);
}

export const isReady = (m: unknown): m is ReadyMessage => hasType(m, 'ready');
export const isSend = (m: unknown): m is SendMessage =>
  hasType(m, 'send') && isString(m.text) && (m.attachmentIds === undefined || (Array.isArray(m.attachmentIds) && m.attachmentIds.every(isString)));
export const isStop = (m: unknown): m is StopMessage => hasType(m, 'stop');
export const isRegenerate = (m: unknown): m is RegenerateMessage => hasType(m, 'regenerate');
export const isEdit = (m: unknown): m is EditMessage => hasType(m, 'edit') && isString(m.messageId) && isString(m.text);
export const isOpenChat = (m: unknown): m is OpenChatMessage =>
  hasType(m, 'openChat') && isString(m.chatId) && (m.messageId === undefined || isString(m.messageId));
export const isLoadOlder = (m: unknown): m is LoadOlderMessage => hasType(m, 'loadOlder') && isString(m.chatId) && isString(m.beforeId);
export const isDeleteChat = (m: unknown): m is DeleteChatMessage => hasType(m, 'deleteChat') && isString(m.chatId);
export const isOpenChatFile = (m: unknown): m is OpenChatFileMessage => hasType(m, 'openChatFile') && isString(m.chatId);
export const isPickModel = (m: unknown): m is PickModelMessage => hasType(m, 'pickModel');
export const isRunAction = (m: unknown): m is RunActionMessage => hasType(m, 'runAction') && isErrorAction(m.action);
export const isOpenLink = (m: unknown): m is OpenLinkMessage => hasType(m, 'openLink') && isString(m.href);
export const isCopyText = (m: unknown): m is CopyTextMessage => hasType(m, 'copyText') && isString(m.text);
export const isInsertCode = (m: unknown): m is InsertCodeMessage => hasType(m, 'insertCode') && isString(m.code);
export const isStartFromSummary = (m: unknown): m is StartFromSummaryMessage => hasType(m, 'startFromSummary') && isString(m.text);
export const isDiscardSummary = (m: unknown): m is DiscardSummaryMessage => hasType(m, 'discardSummary');
export const isOpenAnswerInEditor = (m: unknown): m is OpenAnswerInEditorMessage => hasType(m, 'openAnswerInEditor') && isString(m.messageId);
export const isForkChat = (m: unknown): m is ForkChatMessage => hasType(m, 'forkChat') && isString(m.messageId);
export const isRenameChat = (m: unknown): m is RenameChatMessage => hasType(m, 'renameChat') && isString(m.chatId);
export const isPinChat = (m: unknown): m is PinChatMessage => hasType(m, 'pinChat') && isString(m.chatId) && typeof m.pinned === 'boolean';
export const isSearchChats = (m: unknown): m is SearchChatsMessage =>
  hasType(m, 'searchChats') && isString(m.query) && typeof m.requestId === 'number' && Number.isFinite(m.requestId);

export const isPickAttachments = (m: unknown): m is PickAttachmentsMessage => hasType(m, 'pickAttachments') && (m.via === 'hash' || m.via === 'menu');
export const isRemoveAttachment = (m: unknown): m is RemoveAttachmentMessage => hasType(m, 'removeAttachment') && isString(m.id);
export const isSetInstructions = (m: unknown): m is SetInstructionsMessage => hasType(m, 'setInstructions') && typeof m.on === 'boolean';

const webviewGuards = [
  isPickAttachments, isRemoveAttachment, isSetInstructions,
  isReady, isSend, isStop, isRegenerate, isEdit, isOpenChat, isLoadOlder, isDeleteChat, isOpenChatFile,
  isPickModel, isRunAction, isOpenLink, isCopyText, isInsertCode,
  isStartFromSummary, isDiscardSummary,
  isOpenAnswerInEditor,
  isForkChat, isRenameChat, isPinChat, isSearchChats,
];

/** True when `m` is any well-formed webview → host message. */
export function isWebviewToHost(m: unknown): m is WebviewToHost {
  return webviewGuards.some((guard) => guard(m));
}

export const isState = (m: unknown): m is StateMessage => hasType(m, 'state') && isRecord(m.chat) && Array.isArray(m.history)
  && (m.olderMessages === undefined || isCount(m.olderMessages));
export const isOlderMessages = (m: unknown): m is OlderMessagesMessage =>
  hasType(m, 'olderMessages') && isString(m.chatId) && isString(m.beforeId) && Array.isArray(m.messages) && m.messages.every(isRecord) && isCount(m.more);
export const isMessageAdded = (m: unknown): m is MessageAddedMessage => hasType(m, 'messageAdded') && isRecord(m.message);
export const isDelta = (m: unknown): m is DeltaMessage =>
  hasType(m, 'delta') && isString(m.messageId) && (m.content === undefined || isString(m.content)) && (m.reasoning === undefined || isString(m.reasoning));
export const isMessageUpdated = (m: unknown): m is MessageUpdatedMessage => hasType(m, 'messageUpdated') && isRecord(m.message);
export const isRetrying = (m: unknown): m is RetryingMessage => hasType(m, 'retrying') && isRecord(m.notice);
export const isBusy = (m: unknown): m is BusyMessage => hasType(m, 'busy') && typeof m.busy === 'boolean';
export const isModelChanged = (m: unknown): m is ModelChangedMessage => hasType(m, 'modelChanged') && (m.model === undefined || isString(m.model));
export const isHistory = (m: unknown): m is HistoryMessage => hasType(m, 'history') && Array.isArray(m.history);
export const isConfig = (m: unknown): m is ConfigMessage => hasType(m, 'config') && typeof m.hasApiKey === 'boolean' && typeof m.hasBaseUrl === 'boolean';
export const isSetInput = (m: unknown): m is SetInputMessage => hasType(m, 'setInput') && isString(m.text) && (m.mode === 'append' || m.mode === 'replace');
export const isShowHistory = (m: unknown): m is ShowHistoryMessage => hasType(m, 'showHistory');
export const isShowConversation = (m: unknown): m is ShowConversationMessage => hasType(m, 'showConversation');
export const isSaveStatus = (m: unknown): m is SaveStatusMessage => hasType(m, 'saveStatus') && (m.error === undefined || isString(m.error));
export const isSendRejected = (m: unknown): m is SendRejectedMessage => hasType(m, 'sendRejected') && isString(m.text) && isString(m.reason);
export const isContextStatus = (m: unknown): m is ContextStatusMessage =>
  hasType(m, 'contextStatus') && isRecord(m.reading) && typeof m.reading.estimatedTokens === 'number' && typeof m.reading.omitted === 'number';
export const isSummaryProposal = (m: unknown): m is SummaryProposalMessage =>
  hasType(m, 'summaryProposal') && ['writing', 'ready', 'failed', 'closed'].includes(m.state as string) && isString(m.text);
export const isSearchResults = (m: unknown): m is SearchResultsMessage =>
  hasType(m, 'searchResults') && typeof m.requestId === 'number' && Array.isArray(m.hits) && typeof m.total === 'number';
export const isRevealMessage = (m: unknown): m is RevealMessageMessage => hasType(m, 'revealMessage') && isString(m.messageId);

export const isAttachments = (m: unknown): m is AttachmentsMessage => hasType(m, 'attachments') && Array.isArray(m.chips);
export const isPickClosed = (m: unknown): m is PickClosedMessage => hasType(m, 'pickClosed') && typeof m.added === 'boolean';

const hostGuards = [
  isAttachments, isPickClosed,
  isState, isOlderMessages, isMessageAdded, isDelta, isMessageUpdated, isRetrying, isBusy, isModelChanged,
  isHistory, isConfig, isSetInput, isShowHistory, isShowConversation, isSaveStatus, isSendRejected,
  isContextStatus, isSummaryProposal,
  isSearchResults, isRevealMessage,
];

/** True when `m` is any well-formed host → webview message. */
export function isHostToWebview(m: unknown): m is HostToWebview {
  return hostGuards.some((guard) => guard(m));
}

/** The webview's words, carried in the page (`#root[data-strings]`), not in a message: see webviewStrings.ts. */
export { isWebviewStrings, webviewStringsFrom, type WebviewStrings } from './webviewStrings';
