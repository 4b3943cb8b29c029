import * as l10n from '@vscode/l10n';
import { ANSWER_SIZE_LIMIT } from '../../shared/finishReason';
import type { ChatSummary, ContextMeterReading, HostToWebview, SummaryProposalMessage, RetryNotice, Transcript, TranscriptMessage } from '../../shared/protocol';
import type { WireMessage } from '../../api';
import type { ChatClient, ChatLog, ChatRequestOptions, ChatSettings, RetryInfo, StreamEvent, StreamLimits } from './chatTypes';
import { ContextWindowKeeper, type ModelWindowLookup } from '../contextWindow/contextWindowKeeper';
import type { RequestPlan } from '../contextWindow/contextWindow';
import { SummaryWriter } from '../contextWindow/summaryWriter';
import { DeltaBatcher } from './deltaBatcher';
import { isAbortError, NoModelError, toErrorInfo } from './errorInfo';
import { explainParameterRejection, parametersFor } from '../modelOptions/modelOptions';
import type { DeletedChat, HistoryStore } from './historyStore';
import { StreamingFallback } from './streamingFallback';
import { Throttle } from './throttle';
import { realTimers, type Timers } from './timers';
import { adoptStoredMeta, forkTranscript, metaOf, pinRefusal, renameTranscript, setMeta, type ChatMeta, type PinRefusal } from './organize';
import { createTranscript, newId, titleOf } from './transcript';
import { rememberedChoice, type ModelChoice } from './modelChoice';
import { profileModelLabel } from '../profiles/profiles';

/** While an answer streams, the transcript is saved at most this often (and at every status change). */
export const SAVE_INTERVAL_MS = 500;

export interface ChatSessionDeps {
  /** The client of the named endpoint profile (the active one when absent). */
  getClient(profile?: string): Promise<ChatClient>;
  getSettings(): ChatSettings;
  /**
   * The settings for a chat that continues with its own model and profile (see modelChoice.ts);
   * undefined when that profile no longer exists, and the chat then follows the active settings.
   */
  settingsFor?(choice: ModelChoice): ChatSettings | undefined;
  store: HistoryStore;
  /** Posts to the webview (the view drops what it cannot deliver; a state replay catches it up). */
  post(message: HostToWebview): void;
  /** The conversation was replaced or shortened: the view must get a full `state`. */
  onStateReplaced(): void;
  log: ChatLog;
  isStreamingRequiredError(error: unknown): boolean;
  timers?: Timers;
  /** The answer size limit and the data timeouts (modelAccess.maxAnswerChars, …TimeoutSeconds); none when absent. */
  getLimits?(): StreamLimits;
  /** After a delete: offers to undo it; resolves true when the user wants the chat back. */
  offerUndo?(title: string): Promise<boolean>;
  /** Another window deleted the chat this one was answering in: resolves true when the user keeps it. */
  offerKeep?(title: string): Promise<boolean>;
  /** The model's context window as known now (synchronous: the model list as cached); unknown when absent. */
  contextWindow?: ModelWindowLookup;
}

/** What a full `state` message carries from the session. */
export interface SessionState {
  chat: Transcript;
  busy: boolean;
  history: ChatSummary[];
  /** A 429 back-off the client is waiting out now: a page that was reloaded meanwhile shows the countdown again. */
  retrying?: RetryNotice;
  /** Why the last save failed, while the chat is not safely on disk. */
  saveError?: string;
}

interface ActiveAnswer {
  controller: AbortController;
  /** Settles when the answer has ended and been saved. */
  finished: Promise<void>;
}

/**
 * The answer streaming now and how much of it is on disk. Once the chat has been saved whole with
 * the answer in it (`based`), saves append only the new text to the chat's journal.
 */
interface StreamingSave {
  transcript: Transcript;
  answer: TranscriptMessage;
  based: boolean;
  /** The chat itself changed (a rename, a pin): the next save writes it whole. */
  rewrite?: boolean;
  content: number;
  reasoning: number;
}

const copy = (message: TranscriptMessage): TranscriptMessage => structuredClone(message);

/** The profile a message records: only with more than one endpoint, so one-endpoint chats stay as they were. */
function profileField(settings: ChatSettings): { profile?: string } {
  return settings.profile && (settings.profiles?.length ?? 0) > 1 ? { profile: settings.profile.name } : {};
}

/**
 * The longest the session works through a stream's events before it lets the extension host's event loop
 * come round (checked between events: one network read's events, parsed in the client, are one step). The
 * reads of a fast stream that came in together (tens of KB) arrive one after another in one run of promise
 * callbacks, and what the session posts to the view waits for the loop: VS Code writes
 * it in a timer, and in code-server (a browser window on a remote extension host) compresses it in Node's
 * thread pool first, whose result is taken up only when the loop reaches its I/O. Yielding only when a batch of
 * deltas was due (every 50 ms) made each delta wait for the next: in the editor bench, a temporary log of
 * each delta's post and the socket write that carried it (3 runs each of the full-speed mixed answer, list
 * and code block, alternating), post to write p90 67-116 ms, the longest 116-161, against p90 42-57 and
 * the longest 64-108 with this; from the last token to the whole answer shown, medians mixed 494 ms
 * against 393, list 283 against 223, code 198 against 168 (spread from run to run is as large). The
 * extension host is every extension's too: none of them could run in those stretches either.
 */
export const EVENT_LOOP_TURN_MS = 5;

/**
 * One conversation at a time, owned by the host: sends prompts through the client, streams the
 * answer into the transcript, posts batched deltas to the view, and saves as it goes. One request
 * runs at a time; Stop aborts it and keeps the partial answer.
 */
export class ChatSession {
  /**
   * The open chat, read from the history when first needed (the view shows it, a command acts on it),
   * not when the extension activates: a long chat is megabytes of JSON, and reading the open one made
   * activation grow with it (a 4 MB chat: 50–65 ms of activate(), against 5 with none).
   */
  private opened: { transcript: Transcript; choice: ModelChoice | undefined } | undefined;
  private active: ActiveAnswer | undefined;
  private readonly batcher: DeltaBatcher;
  private readonly saver: Throttle;
  private readonly streaming: StreamingFallback;
  private readonly timers: Timers;
  /** The last queued save; settles when everything queued so far is stored. */
  private saved: Promise<void> = Promise.resolve();
  /** Counts the actions that stop the answer in progress; see cancelActive. */
  private cancelTurn = 0;
  /** The back-off announced for the streaming answer, until its first text arrives or it ends. */
  private retryNotice: RetryNotice | undefined;
  /** See StreamingSave; undefined when no answer streams. */
  private streamingSave: StreamingSave | undefined;
  /** Why the last save failed; undefined once a save succeeds again. */
  private saveError: string | undefined;
  /** The context-window budget of each request, and what context-length errors taught. */
  private readonly windows: ContextWindowKeeper;
  /** Failed answers whose context-length error has been learned from (see learnFromContextError). */
  private readonly learnedFrom = new Set<string>();
  /** "New chat with a summary": the summary being written or shown. */
  private readonly summaries: SummaryWriter;
  /**
   * A chat's own fields (name, pin) as this window last read or wrote them: what another window changed
   * since is kept when this window writes the chat whole (see adoptStoredMeta). None: never stored.
   */
  private readonly syncedMeta = new WeakMap<Transcript, ChatMeta>();
  /**
   * Chats another window deleted while this one was writing them (see leaveDeleted): not written
   * again, so the deletion stands, until this window's user acts on the chat or keeps it.
   */
  private readonly deletedElsewhere = new WeakSet<Transcript>();

  constructor(private readonly deps: ChatSessionDeps) {
    this.timers = deps.timers ?? realTimers;
    this.batcher = new DeltaBatcher((delta) => deps.post(delta), this.timers);
    this.saver = new Throttle(() => this.persist(), SAVE_INTERVAL_MS, this.timers);
    // modelAccess.stream is read per request: turning it off or on applies to the next answer.
    this.streaming = new StreamingFallback(deps.isStreamingRequiredError, () => this.settings().stream !== false);
    this.windows = new ContextWindowKeeper(deps.contextWindow);
    this.summaries = new SummaryWriter({
      post: (message) => deps.post(message),
      log: deps.log,
      request: (messages, signal) => this.requestSummary(messages, signal),
    });
  }

  private get transcript(): Transcript {
    return this.open().transcript;
  }

  /** (A chat put in place before the open one was read: that one is not read for nothing.) */
  private set transcript(transcript: Transcript) {
    if (this.opened === undefined) this.opened = { transcript, choice: undefined };
    else this.opened.transcript = transcript;
  }

  /** The model and profile the open chat continues with; undefined: the active settings' (see followActiveModel). */
  private get choice(): ModelChoice | undefined {
    return this.open().choice;
  }

  private set choice(choice: ModelChoice | undefined) {
    this.open().choice = choice;
  }

  /** The open chat: the one the history says was open last, or a new one; read once, on first use. */
  private open(): { transcript: Transcript; choice: ModelChoice | undefined } {
    if (this.opened === undefined) {
      const currentId = this.deps.store.currentId();
      const transcript = this.loaded(currentId ? this.deps.store.load(currentId) : undefined) ?? createTranscript(this.timers.now());
      this.opened = { transcript, choice: rememberedChoice(transcript.messages) };
    }
    return this.opened;
  }

  get chat(): Transcript {
    return this.transcript;
  }

  /** The summary being written or shown ("New chat with a summary"), for a page that reloaded. */
  get summaryProposal(): SummaryProposalMessage | undefined {
    return this.summaries.current;
  }

  get busy(): boolean {
    return this.active !== undefined;
  }

  /**
   * The full state for the view. Text still waiting in the delta batcher is already in the
   * transcript, so it is dropped rather than sent again after the state.
   */
  captureState(): SessionState {
    this.batcher.discard();
    const state: SessionState = {
      chat: structuredClone(this.transcript),
      busy: this.busy,
      history: this.deps.store.list(),
    };
    if (this.retryNotice) {
      state.retrying = { ...this.retryNotice };
    }
    if (this.saveError !== undefined) {
      state.saveError = this.saveError;
    }
    return state;
  }

  history(): ChatSummary[] {
    return this.deps.store.list();
  }

  /** The path of a chat's file on disk (for Open File on a damaged chat). */
  chatFilePath(chatId: string): string | undefined {
    return this.deps.store.locate(chatId);
  }

  /**
   * Appends a user message and streams the answer. Resolves when the answer is finished. `context`:
   * the attachments and project instructions read for this message (recorded on it as sent).
   */
  async send(text: string, context: Pick<TranscriptMessage, 'attachments' | 'instructions'> = {}): Promise<void> {
    if (!text.trim()) {
      return;
    }
    if (this.busy) {
      // The view cleared its prompt when it sent: give the text back instead of dropping it.
      this.deps.log.debug('Chat: a send arrived while an answer is streaming; returned to the prompt.');
      this.deps.post({ type: 'sendRejected', text, reason: l10n.t('An answer is still streaming: send this when it ends, or stop it.') });
      return;
    }
    this.adoptNewerStored();
    const message: TranscriptMessage = {
      id: newId(),
      role: 'user',
      content: text,
      status: 'done',
      model: this.settings().model,
      ...profileField(this.settings()),
      ...(context.attachments?.length ? { attachments: context.attachments } : {}),
      ...(context.instructions ? { instructions: context.instructions } : {}),
      createdAt: this.timers.now(),
    };
    this.transcript.messages.push(message);
    this.transcript.title = titleOf(this.transcript);
    this.deps.post({ type: 'messageAdded', message: copy(message) });
    await this.answer();
  }

  /** The meter's reading for the chat as it is now, against the active model's window. */
  contextReading(): ContextMeterReading {
    const settings = this.settings();
    return this.windows.reading(this.transcript, settings);
  }

  /** Tells the view how full the context window is (after an answer, a settings or model-list change). */
  postContextStatus(): void {
    this.deps.post({ type: 'contextStatus', reading: this.contextReading() });
  }

  /**
   * The error action after a context-length error: the next request leaves out more earlier
   * messages (see learnFromError), then the last user message is answered again.
   */
  async dropEarlierAndRetry(): Promise<void> {
    if (this.busy) return;
    this.adoptNewerStored();
    if (this.lastUserIndex() < 0) return;
    this.learnFromContextError();
    await this.regenerate();
  }

  /**
   * The error action "New chat with a summary": the model writes a summary of the chat (as much of
   * it as fits, so after a context-length error it learns first, as Drop earlier messages does)
   * in a request of its own; the user sees it before anything uses it.
   */
  async summarize(): Promise<void> {
    const lastUser = this.lastUserIndex();
    if (lastUser < 0) return;
    this.learnFromContextError();
    const history = this.transcript.messages.slice(0, lastUser + 1);
    await this.summaries.write(this.windows.summaryRequest(this.transcript, history, this.settings()));
  }

  /**
   * When the last answer failed as too long for the window, the next request must be smaller (see
   * learnFromError). Once per failed answer: summarizing first and then dropping earlier messages
   * for the same error must not shrink the budget twice.
   */
  private learnFromContextError(): void {
    const last = this.transcript.messages[this.transcript.messages.length - 1];
    if (last?.role !== 'assistant' || !last.error?.actions.includes('dropEarlierAndRetry') || this.learnedFrom.has(last.id)) return;
    this.learnedFrom.add(last.id);
    const lastUser = this.lastUserIndex();
    this.windows.learn(this.transcript, this.transcript.messages.slice(0, lastUser + 1), this.settings(), last.error.message);
  }

  /** The user confirmed the summary (as shown, or edited): a new chat starts from it. */
  async startFromSummary(text: string): Promise<void> {
    if (!text.trim() || !(await this.cancelActive())) {
      return;
    }
    this.summaries.close();
    this.transcript = { ...createTranscript(this.timers.now()), summary: text.trim() };
    this.transcript.title = titleOf(this.transcript);
    // A new chat, as New Chat makes it: it follows the active settings.
    this.choice = undefined;
    this.saveNow();
    await this.saved;
    await this.rememberCurrent();
    this.deps.onStateReplaced();
  }

  /** The user dismissed the summary, or stopped it being written. */
  discardSummary(): void {
    this.summaries.close();
  }

  /** Aborts the answer in progress: the socket closes, the text so far stays, marked 'stopped'. */
  stop(): void {
    this.active?.controller.abort();
  }

  /** Answers the last user message again, replacing the answer after it. */
  async regenerate(): Promise<void> {
    if (this.busy) {
      return;
    }
    this.adoptNewerStored();
    const lastUser = this.lastUserIndex();
    if (lastUser < 0) {
      return;
    }
    this.truncateAfter(lastUser);
    await this.answer();
  }

  /** The error action "Retry": resend the last user message (same as regenerating its answer). */
  retry(): Promise<void> {
    return this.regenerate();
  }

  /** Replaces a user message, drops everything after it, and answers it again. */
  async edit(messageId: string, text: string): Promise<void> {
    if (!text.trim()) {
      return;
    }
    this.adoptNewerStored();
    if (!(await this.cancelActive())) {
      return;
    }
    const index = this.transcript.messages.findIndex((message) => message.id === messageId && message.role === 'user');
    if (index < 0) {
      this.deps.log.debug('Chat: edit of an unknown message ignored.');
      return;
    }
    const message = this.transcript.messages[index];
    message.content = text;
    message.model = this.settings().model;
    const { profile } = profileField(this.settings());
    if (profile) message.profile = profile;
    else delete message.profile;
    this.transcript.title = titleOf(this.transcript);
    this.truncateAfter(index);
    await this.answer();
  }

  async newChat(): Promise<void> {
    if (!(await this.cancelActive())) {
      return;
    }
    this.transcript = createTranscript(this.timers.now());
    this.choice = undefined;
    await this.rememberCurrent();
    this.deps.onStateReplaced();
  }

  async openChat(chatId: string): Promise<void> {
    if (chatId === this.transcript.id) {
      if (!this.adoptNewerStored()) {
        this.deps.onStateReplaced();
      }
      return;
    }
    const transcript = this.loaded(this.deps.store.load(chatId));
    if (!transcript) {
      this.deps.log.warn('Chat: the chat to open is no longer stored.');
      this.deps.post({ type: 'history', history: this.history() });
      return;
    }
    if (!(await this.cancelActive())) {
      return;
    }
    this.transcript = transcript;
    this.choice = rememberedChoice(transcript.messages);
    await this.rememberCurrent();
    this.deps.onStateReplaced();
  }

  /** Deletes the chat; with offerUndo, the user can have it back (its files are rewritten as they were). */
  async deleteChat(chatId: string): Promise<void> {
    if (chatId === this.transcript.id) {
      if (!(await this.cancelActive())) {
        return;
      }
      // Switched before the delete is awaited, so nothing can start answering in the deleted chat.
      this.transcript = createTranscript(this.timers.now());
      this.choice = undefined;
      const deleted = await this.deps.store.delete(chatId);
      await this.rememberCurrent();
      this.deps.onStateReplaced();
      this.offerUndo(deleted);
      return;
    }
    const deleted = await this.deps.store.delete(chatId);
    this.deps.post({ type: 'history', history: this.history() });
    this.offerUndo(deleted);
  }

  /**
   * Opens a new chat holding the open conversation up to and including `messageId` (Fork from
   * here). The original is not written. Refused (false) while an answer streams or when the
   * message is not in the open chat.
   */
  async fork(messageId: string): Promise<boolean> {
    if (this.busy) {
      this.deps.log.debug('Chat: fork refused while an answer streams.');
      return false;
    }
    this.adoptNewerStored();
    const fork = forkTranscript(this.transcript, messageId, this.timers.now());
    if (!fork) {
      this.deps.log.debug('Chat: fork at an unknown message ignored.');
      return false;
    }
    this.transcript = fork;
    // The fork goes on with the model (and profile) its messages asked last, as a reopened chat does.
    this.choice = rememberedChoice(fork.messages);
    this.saveNow();
    await this.saved;
    await this.rememberCurrent();
    this.deps.onStateReplaced();
    return true;
  }

  /** Names a chat (an empty name brings back the automatic title); false when the chat is not stored. */
  rename(chatId: string, name: string): Promise<boolean> {
    return this.changeChat(chatId, (transcript) => renameTranscript(transcript, name));
  }

  /** The chat's title, when it is the open chat or a stored one (checked against the store). */
  chatTitle(chatId: string): string | undefined {
    return chatId === this.transcript.id ? this.transcript.title : this.deps.store.load(chatId)?.title;
  }

  /**
   * Pins or unpins a chat. Resolves undefined when done, or why not: too many chats pinned already
   * (see pinRefusal), or the chat is not stored.
   */
  async setPinned(chatId: string, pinned: boolean): Promise<PinRefusal | undefined> {
    if (pinned) {
      const pinnedOthers = this.deps.store.list().filter((summary) => summary.pinned && summary.id !== chatId).length;
      const refusal = pinRefusal(pinnedOthers, this.deps.store.capacity);
      if (refusal) {
        return refusal;
      }
    }
    const changed = await this.changeChat(chatId, (transcript) => {
      if (pinned) transcript.pinned = true;
      else delete transcript.pinned;
    });
    return changed ? undefined : { reason: 'notStored' };
  }

  /**
   * Stops the answer in progress and settles once the chat is on disk: the extension's deactivate
   * returns this, and VS Code waits for it before a reload or shutdown ends the process, so the
   * text of an answer cut off that way is not lost.
   */
  async close(): Promise<void> {
    this.stop();
    await this.active?.finished;
    // What is not on disk yet: a save still waiting, or one that failed (tried once more). A chat only looked at
    // is not written back: that gave it a new "updated" time, and the history list put it first.
    if (this.saveError !== undefined) this.saveNow();
    else this.saver.flush();
    await this.saved;
  }

  /** Stops the answer in progress and writes everything out (the extension is shutting down). */
  dispose(): void {
    this.stop();
    this.summaries.close();
    this.batcher.dispose();
    this.saver.dispose();
  }

  /**
   * The user picked a model (Select Model, the chat's model button, Use for Chat, a settings edit):
   * the open chat continues with the active settings' model and profile from now on.
   */
  followActiveModel(): void {
    this.choice = undefined;
  }

  /** What the chat's model button shows: `model`, or `profile / model` once there are several endpoints. */
  modelLabel(): string | undefined {
    const settings = this.settings();
    return settings.model ? profileModelLabel(settings.profiles?.length ?? 1, settings.profile?.name, settings.model) : undefined;
  }

  // ---------------------------------------------------------------- internals

  /** The settings the open chat's requests use: its own model and profile when it has them, else the active ones. */
  private settings(): ChatSettings {
    return (this.choice && this.deps.settingsFor?.(this.choice)) || this.deps.getSettings();
  }

  private lastUserIndex(): number {
    for (let i = this.transcript.messages.length - 1; i >= 0; i--) {
      if (this.transcript.messages[i].role === 'user') {
        return i;
      }
    }
    return -1;
  }

  /** Drops the messages after `index`; the view cannot remove messages one by one, so it gets a new state. */
  private truncateAfter(index: number): void {
    this.transcript.messages.splice(index + 1);
    this.deps.onStateReplaced();
  }

  /**
   * Stops the answer in progress and waits until it is saved. Resolves false when another action
   * that stops the answer (Edit, New Chat, Open, Delete) was asked for meanwhile: the later one
   * wins and the earlier one gives up, so two of them can never both go on (an Edit starting an
   * answer that a New Chat then leaves streaming, unstoppable, into a chat no longer shown).
   */
  private async cancelActive(): Promise<boolean> {
    const turn = ++this.cancelTurn;
    while (this.active) {
      const active = this.active;
      active.controller.abort();
      await active.finished;
    }
    return turn === this.cancelTurn;
  }

  /**
   * Takes the stored copy of the open chat when it is newer than this one: another window (they
   * share the history) continued the chat. Called before the chat changes, so that saving this
   * copy never drops what the other window added. Only when idle: a streaming answer owns the chat.
   * True when it took the stored copy (the view has been told to replay).
   */
  private adoptNewerStored(): boolean {
    if (this.busy) {
      return false;
    }
    const stored = this.deps.store.load(this.transcript.id);
    if (!stored) {
      // Perhaps another window deleted it: this window's user acts on it now, so it is stored again.
      this.claim(this.transcript);
      return false;
    }
    if (stored.updatedAt <= this.transcript.updatedAt) {
      return false;
    }
    this.transcript = this.loaded(stored);
    this.deps.onStateReplaced();
    return true;
  }

  /**
   * Applies `change` (a rename, a pin) to a chat. The open chat, while this window answers in it, is
   * changed in memory and written whole through the session's queue (so a save in flight cannot write
   * the old title back). Any other chat, and the open one otherwise, is changed in its file alone: its
   * messages stay as stored, since another window may be streaming into it (see
   * HistoryStore.changeStored). False when the chat is neither open nor stored.
   */
  private async changeChat(chatId: string, change: (transcript: Transcript) => void): Promise<boolean> {
    if (chatId === this.transcript.id) {
      // What this window has queued lands first: the change applies to the chat as this window wrote it.
      await this.saved;
    }
    const transcript = this.transcript;
    const open = chatId === transcript.id;
    if (open) {
      // The user changes it here: a deletion in another window no longer stands (see leaveDeleted).
      this.claim(transcript);
    }
    if (open && this.busy) {
      change(transcript);
      // While an answer streams, saves append answer text only: this one must write the chat whole.
      if (this.streamingSave) this.streamingSave.rewrite = true;
      this.saveNow();
      await this.saved;
    } else {
      const written = await this.deps.store.changeStored(chatId, change);
      if (open && transcript === this.transcript) {
        if (written) {
          // The file has the chat's fields now (with what another window changed before): so has this copy.
          setMeta(transcript, written);
          this.syncedMeta.set(transcript, written);
        } else {
          // Not stored yet (a summary not confirmed yet, say): stored whole, as any change to it.
          change(transcript);
          this.saveNow();
          await this.saved;
        }
      } else if (!written) {
        this.deps.log.warn('Chat: the chat to change is no longer stored.');
        this.deps.post({ type: 'history', history: this.history() });
        return false;
      }
    }
    this.deps.post({ type: 'history', history: this.history() });
    return true;
  }

  /**
   * This window's user acts on `transcript` (sends, edits, renames, keeps it): if another window
   * deleted it, its next save stores it again instead of leaving it deleted.
   */
  private claim(transcript: Transcript): void {
    if (this.deletedElsewhere.has(transcript) || (this.syncedMeta.has(transcript) && this.deps.store.isMissing(transcript.id))) {
      this.deletedElsewhere.delete(transcript);
      this.syncedMeta.delete(transcript);
    }
  }

  /**
   * Another window deleted the chat since this one last read or wrote it (its file is gone), and this
   * window was about to write it whole, at the start or end of an answer: that would bring it back.
   * It is not written again, and the journal this window kept for it goes too, unless this window's
   * user acts on it (claim) or keeps it when asked.
   */
  private async leaveDeleted(transcript: Transcript): Promise<void> {
    this.deletedElsewhere.add(transcript);
    this.syncedMeta.delete(transcript);
    await this.deps.store.removeOrphanJournals();
    this.deps.log.info('Chat: another window deleted the chat this window was writing; it is not saved again.');
    this.deps.offerKeep?.(transcript.title)
      .then((keep) => {
        if (!keep || !this.deletedElsewhere.has(transcript)) return;
        this.claim(transcript);
        if (transcript === this.transcript) {
          if (this.streamingSave) this.streamingSave.rewrite = true;
          this.saveNow();
        } else {
          // (Another chat is open now: this one's answer has ended, as switching chats stops it.)
          this.saved = this.saved.then(async () => {
            await this.deps.store.save(transcript);
            this.syncedMeta.set(transcript, metaOf(transcript));
          }).then(() => this.reportSaved(), (error: unknown) => this.reportSaveFailure(error));
        }
        void this.saved.then(() => this.deps.post({ type: 'history', history: this.history() }));
      })
      .catch((error: unknown) => this.deps.log.warn(`Chat: could not offer to keep a deleted chat: ${String(error)}`));
  }

  /** Records a chat read from the store as this window's starting point (see syncedMeta). */
  private loaded<T extends Transcript | undefined>(transcript: T): T {
    if (transcript) this.syncedMeta.set(transcript, metaOf(transcript));
    return transcript;
  }

  private offerUndo(deleted: DeletedChat | undefined): void {
    const offer = this.deps.offerUndo;
    if (!deleted || !offer) {
      return;
    }
    offer(deleted.title)
      .then(async (undo) => {
        if (!undo) {
          return;
        }
        await deleted.restore();
        this.deps.log.info('Chat: a deleted chat was restored (Undo).');
        this.deps.post({ type: 'history', history: this.history() });
      })
      .catch((error: unknown) => this.reportSaveFailure(error));
  }

  private async rememberCurrent(): Promise<void> {
    try {
      await this.deps.store.setCurrentId(this.transcript.id);
    } catch (error) {
      this.deps.log.warn(`Chat: could not remember the current chat: ${String(error)}`);
    }
  }

  private answer(): Promise<void> {
    const settings = this.settings();
    // Planned before the answer shows, so the view gets the "not sent" marker with it.
    const plan = this.windows.plan(this.transcript, this.transcript.messages, settings);
    const answer: TranscriptMessage = {
      id: newId(),
      role: 'assistant',
      content: '',
      status: 'streaming',
      model: settings.model,
      ...profileField(settings),
      ...(plan.cut ? { contextCut: plan.cut } : {}),
      createdAt: this.timers.now(),
    };
    this.transcript.messages.push(answer);
    const controller = new AbortController();
    const active: ActiveAnswer = { controller, finished: Promise.resolve() };
    this.active = active;
    this.deps.post({ type: 'messageAdded', message: copy(answer) });
    this.deps.post({ type: 'busy', busy: true });
    // The question just sent now counts in the meter (estimated until the answer reports usage).
    this.postContextStatus();
    this.streamingSave = { transcript: this.transcript, answer, based: false, content: 0, reasoning: 0 };
    this.saveNow();
    active.finished = this.finishAnswer(answer, plan, settings, controller.signal);
    return active.finished;
  }

  /** Streams the answer to its end (done, stopped or error), then saves and frees the session. */
  private async finishAnswer(answer: TranscriptMessage, plan: RequestPlan, settings: ChatSettings, signal: AbortSignal): Promise<void> {
    try {
      await this.stream(answer, plan, settings, signal);
    } catch (error) {
      this.deps.log.error(`Chat: the answer could not be finished: ${String(error)}`);
    }
    this.retryNotice = undefined;
    // The final save writes the chat whole (folding the journal in), and is on disk before the view
    // shows the answer finished: a page refresh right after 'done' keeps it. When it fails, the view
    // has been told (saveStatus) before it shows the answer finished.
    this.streamingSave = undefined;
    this.saveNow();
    await this.saved;
    this.active = undefined;
    this.deps.post({ type: 'messageUpdated', message: copy(answer) });
    this.deps.post({ type: 'busy', busy: false });
    this.deps.post({ type: 'history', history: this.history() });
    this.postContextStatus();
  }

  private async stream(answer: TranscriptMessage, plan: RequestPlan, settings: ChatSettings, signal: AbortSignal): Promise<void> {
    try {
      const model = settings.model;
      if (!model) {
        throw new NoModelError();
      }
      const parameters = parametersFor(settings.modelOptions, model);
      if (parameters) answer.parameters = parameters;
      const client = await this.deps.getClient(settings.profile?.name);
      signal.throwIfAborted();
      const messages = plan.messages;
      if (plan.cut) {
        this.deps.log.info(`Chat: ${plan.cut.omitted} earlier message(s) left out to fit the context window (budget ${plan.budget ?? '?'} tokens, about ${plan.estimatedTokens} sent).`);
      }
      this.deps.log.info(`Chat: asking ${model} through /${settings.api === 'responses' ? 'responses' : 'chat/completions'} (${messages.length} messages).`);
      this.deps.log.trace(`Chat prompt: ${messages[messages.length - 1]?.content ?? ''}`);
      const options: ChatRequestOptions = { ...this.deps.getLimits?.(), signal, onRetry: (info) => this.announceRetry(answer.id, info) };
      const events = this.streaming.run(model, (stream) => this.request(client, settings, model, messages, stream, options));
      // (setImmediate, not a timer: no minimum delay, and the loop passes its I/O first.)
      let turnStarted = this.timers.now();
      for await (const event of events) {
        this.apply(answer, event);
        if (this.batcher.overdue()) this.batcher.flush();
        if (this.timers.now() - turnStarted >= EVENT_LOOP_TURN_MS) {
          await this.timers.nextTurn();
          turnStarted = this.timers.now();
        }
      }
      answer.status = signal.aborted ? 'stopped' : 'done';
    } catch (error) {
      if (signal.aborted || isAbortError(error)) {
        answer.status = 'stopped';
      } else {
        answer.status = 'error';
        answer.error = explainParameterRejection(toErrorInfo(error), answer.model ?? '', answer.parameters);
        this.deps.log.warn(`Chat: the answer failed: ${answer.error.message}`);
      }
    }
    // Pending text goes out before the status change, so the view never sees text after 'done'.
    this.batcher.flush();
    this.deps.log.trace(`Chat answer (${answer.status}): ${answer.content}`);
  }

  /** The summary request: the active model, its own connection, the text collected whole. */
  private async requestSummary(messages: WireMessage[], signal: AbortSignal): Promise<string> {
    const settings = this.settings();
    const model = settings.model;
    if (!model) {
      throw new NoModelError();
    }
    const client = await this.deps.getClient(settings.profile?.name);
    const options: ChatRequestOptions = { ...this.deps.getLimits?.(), signal };
    let text = '';
    for await (const event of this.streaming.run(model, (stream) => this.request(client, settings, model, messages, stream, options))) {
      if (event.type === 'text') text += event.text;
    }
    return text;
  }

  private request(
    client: ChatClient,
    settings: ChatSettings,
    model: string,
    messages: WireMessage[],
    stream: boolean,
    options: ChatRequestOptions,
  ): AsyncIterable<StreamEvent> {
    const parameters = parametersFor(settings.modelOptions, model);
    if (settings.api === 'responses') {
      return client.respond({ model, input: messages, stream, ...(settings.maxOutputTokens ? { maxOutputTokens: settings.maxOutputTokens } : {}), ...parameters }, options);
    }
    return client.chat({ model, messages, stream, ...(settings.maxOutputTokens ? { maxTokens: settings.maxOutputTokens } : {}), ...parameters }, options);
  }

  private apply(answer: TranscriptMessage, event: StreamEvent): void {
    switch (event.type) {
      case 'text':
        this.retryNotice = undefined;
        answer.content += event.text;
        this.batcher.addContent(answer.id, event.text);
        this.saver.schedule();
        break;
      case 'reasoning':
        this.retryNotice = undefined;
        answer.reasoning = (answer.reasoning ?? '') + event.text;
        this.batcher.addReasoning(answer.id, event.text);
        this.saver.schedule();
        break;
      case 'usage': {
        const usage = { ...answer.usage };
        if (event.inputTokens !== undefined) usage.inputTokens = event.inputTokens;
        if (event.outputTokens !== undefined) usage.outputTokens = event.outputTokens;
        if (event.totalTokens !== undefined) usage.totalTokens = event.totalTokens;
        answer.usage = usage;
        break;
      }
      case 'cutOff':
        // The client closed the connection at the size limit: the text so far is the answer, marked as cut off.
        answer.finishReason = ANSWER_SIZE_LIMIT;
        this.deps.log.warn(`Chat: the answer passed ${event.limit} characters; the connection was closed and the answer cut off there.`);
        break;
      case 'done':
        if (event.finishReason && event.finishReason !== 'stop') {
          // Shown with the answer: a reply cut off at the output limit must not pass for a whole one.
          answer.finishReason = event.finishReason;
          this.deps.log.info(`Chat: the answer ended with finish reason "${event.finishReason}".`);
        }
        break;
    }
  }

  private announceRetry(messageId: string, info: RetryInfo): void {
    this.deps.log.info(`Chat: rate limited; retry ${info.attempt} of ${info.maxRetries} in ${info.delayMs} ms.`);
    const notice: RetryNotice = { messageId, attempt: info.attempt, maxRetries: info.maxRetries, retryAt: info.retryAt, delayMs: info.delayMs };
    this.retryNotice = notice;
    this.deps.post({ type: 'retrying', notice: { ...notice } });
  }

  private saveNow(): void {
    this.saver.schedule();
    this.saver.flush();
  }

  /**
   * Queues a save of the current transcript. Saves run one after another, so two writes of the
   * history index never interleave; each stores the transcript as it is when its turn comes. While
   * an answer streams, a save after the first appends only the answer's new text (see StreamingSave).
   */
  private persist(): void {
    const transcript = this.transcript;
    if (transcript.messages.length === 0 && transcript.summary === undefined) {
      return;
    }
    const streaming = this.streamingSave?.transcript === transcript ? this.streamingSave : undefined;
    if (!streaming?.based) {
      transcript.updatedAt = this.timers.now();
    }
    this.saved = this.saved
      .then(async () => {
        if (this.deletedElsewhere.has(transcript)) {
          return;
        }
        if (streaming?.based && !streaming.rewrite) {
          await this.appendStreamed(streaming);
          return;
        }
        if (streaming) {
          streaming.rewrite = false;
        }
        // A name or pin another window gave the chat meanwhile is kept, not written over.
        const base = this.syncedMeta.get(transcript);
        const stored = base && this.deps.store.storedMeta(transcript.id);
        if (base && !stored && this.deps.store.isMissing(transcript.id)) {
          await this.leaveDeleted(transcript);
          return;
        }
        if (base && stored && adoptStoredMeta(transcript, base, stored)) {
          this.deps.log.info('Chat: kept the name or pin another window gave this chat.');
        }
        // Measured right before save() serializes the chat: that much of the answer is then on disk.
        const content = streaming?.answer.content.length ?? 0;
        const reasoning = streaming?.answer.reasoning?.length ?? 0;
        await this.deps.store.save(transcript);
        this.syncedMeta.set(transcript, metaOf(transcript));
        if (streaming) {
          Object.assign(streaming, { based: true, content, reasoning });
        }
        if (transcript === this.transcript && this.deps.store.currentId() !== transcript.id) {
          await this.rememberCurrent();
        }
      })
      .then(() => this.reportSaved(), (error: unknown) => this.reportSaveFailure(error));
  }

  /** Appends the text the answer got since the last save to the journal. */
  private async appendStreamed(streaming: StreamingSave): Promise<void> {
    const { answer } = streaming;
    const content = answer.content.slice(streaming.content);
    const reasoning = (answer.reasoning ?? '').slice(streaming.reasoning);
    if (!content && !reasoning) {
      return;
    }
    await this.deps.store.appendAnswer(streaming.transcript.id, answer.id, content, reasoning);
    streaming.content += content.length;
    streaming.reasoning += reasoning.length;
  }

  private reportSaved(): void {
    if (this.saveError !== undefined) {
      this.saveError = undefined;
      this.deps.log.info('Chat: saving works again.');
      this.deps.post({ type: 'saveStatus' });
    }
  }

  /** A failed save is shown in the chat (and stays shown until a save succeeds): nothing is lost silently. */
  private reportSaveFailure(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.deps.log.warn(`Chat: could not save the chat: ${reason}`);
    if (this.saveError !== reason) {
      this.saveError = reason;
      this.deps.post({ type: 'saveStatus', error: reason });
    }
  }
}
