// The chat webview: builds the layout and applies host messages to it. Everything it needs
// from the browser is passed in, so tests run it in jsdom with fake host, clock and frames.
import type { HostToWebview, StateMessage, TranscriptMessage } from '../shared/protocol';
import { isErrorAction } from '../shared/protocol';
import { ConversationView } from './conversation/conversationView';
import { MessageView } from './conversation/messageView';
import { retryDeadline, type Clock } from './conversation/retryCountdown';
import { secondsUntil } from './conversation/format';
import { el, isPrimaryClick } from './dom';
import { FindBar } from './find/findBar';
import { FrameBudget } from './frameBudget';
import { FrameScheduler, type RequestFrame } from './frameScheduler';
import { HistoryPanel } from './historyPanel';
import { NoticeBar } from './noticeBar';
import type { HostChannel, ViewStateStore } from './hostChannel';
import { createMarkdownEngine } from './markdown/markdownEngine';
import { ALWAYS_WARM, GrammarWarmth, type Warmth } from './markdown/grammarWarmth';
import { warmUp, type RequestIdle } from './markdown/warmUp';
import { MarkdownView } from './markdown/markdownView';
import { createSanitizer } from './markdown/sanitizer';
import { StreamingMarkdownRenderer } from './markdown/streamingRenderer';
import { ALWAYS_NEAR, ObservedNearScreen } from './nearScreen';
import { PromptBox } from './promptBox';
import { AttachmentBar } from './attachmentBar';
import { Toolbar } from './toolbar';
import { t } from './strings';
import { AnswerAnnouncer } from './answerAnnouncer';
import { WelcomePanel } from './welcomePanel';
import { ContextMeter } from './contextMeter';
import { SummaryPanel } from './summaryPanel';

export interface ChatAppOptions {
  root: HTMLElement;
  window: Window;
  host: HostChannel;
  viewState: ViewStateStore;
  requestFrame: RequestFrame;
  clock: Clock;
  /** Idle callbacks, to warm the renderer up before the first answer (absent: no warm-up). */
  requestIdle?: RequestIdle;
  /** Background tasks, for the warm-up's next step (warmUp.ts: `requestTask`; absent: idle callbacks). */
  requestTask?: (callback: () => void) => void;
}

export class ChatApp {
  readonly scheduler: FrameScheduler;
  private readonly budget: FrameBudget;
  private readonly conversation: ConversationView;
  private readonly prompt: PromptBox;
  private readonly attachments: AttachmentBar;
  private readonly toolbar: Toolbar;
  private readonly history: HistoryPanel;
  private readonly welcome: WelcomePanel;
  private readonly notices: NoticeBar;
  private readonly meter: ContextMeter;
  private readonly summaryPanel: SummaryPanel;
  private readonly status: HTMLElement;
  private readonly answerAnnouncer: AnswerAnnouncer;
  private readonly host: HostChannel;
  private readonly clock: Clock;
  private readonly root: HTMLElement;
  private chatId: string | undefined;
  readonly find: FindBar;
  /** The id of the last search posted: older answers are dropped. */
  private searchRequest = 0;
  /** A message to reveal once the state that holds it arrives (a search hit opened another chat). */
  private pendingReveal: string | undefined;

  constructor(options: ChatAppOptions) {
    const { root, host, viewState } = options;
    const doc = root.ownerDocument;
    this.host = host;
    this.clock = options.clock;
    this.root = root;
    this.scheduler = new FrameScheduler(options.requestFrame);
    const md = createMarkdownEngine();
    const sanitize = createSanitizer(options.window);
    // One budget for all the page's rendering in a frame, however many messages render in it.
    this.budget = new FrameBudget(() => options.clock.now());
    this.scheduler.onBeforeFrame(() => this.budget.startFrame());
    this.scheduler.onAfterFrame(() => this.budget.endFrame());

    // With a warm-up, code in a grammar it has not yet warmed is shown plain until it has (grammarWarmth.ts).
    let warmth: Warmth = ALWAYS_WARM;
    if (options.requestIdle) {
      const grammars = new GrammarWarmth();
      warmth = grammars;
      // Streamed in pieces, as an answer arrives: the paths that grow lists, tables and code blocks run too.
      warmUp({
        requestIdle: options.requestIdle,
        ...(options.requestTask ? { requestTask: options.requestTask } : {}),
        render: (markdown) => {
          const view = new MarkdownView(doc.createElement('div'), new StreamingMarkdownRenderer(md), sanitize);
          for (let start = 0; start < markdown.length; start += 64) {
            view.append(markdown.slice(start, start + 64));
            view.update(false);
          }
          view.update(true);
        },
        layOut: (markdown, index) => {
          // A message as the page shows one (MessageView: header, icons, content, status note, usage,
          // actions), a user's and an answer in turn, so the same rules pick its fonts; hidden
          // (media/chat.css) and gone within this idle callback, once reading its size has laid it out.
          // Its own scheduler and budget, never run: a final message renders whole in its constructor.
          const sample = new MessageView({
            doc,
            scheduler: new FrameScheduler(() => undefined),
            clock: options.clock,
            host: { post: () => undefined },
            createMarkdownView: (container) => new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize),
            budget: new FrameBudget(),
            caughtUp: () => undefined,
          }, fontSampleMessage(markdown, index % 2 === 0 ? 'user' : 'assistant'));
          const box = el(doc, 'div', { className: 'font-warm-up', attrs: { 'aria-hidden': 'true' } }, sample.element);
          doc.body.append(box);
          void box.offsetHeight;
          box.remove();
        },
        // Nor while the host answers (its `busy`, which the conversation keeps): between an answer's frames the page
        // was idle often enough for a step to run (a grammar built or run on a cold page: tens of ms), and that step
        // held up the next delta's frame. In the editor bench, the full-speed mixed answer as the first thing in a
        // fresh editor, alternating, 10 runs each: its text shown 416–791 ms after its last token (median 514) against
        // 403–890 (661), 17,800–30,300 tokens/s (median 25,900) against 18,400–25,900 (20,500), tasks over 50 ms 17 in
        // all against 21, the longest of each run much the same. The steps it holds back run once the answer ends.
        rendering: () => this.scheduler.pending || this.conversation.answering,
        warmth: grammars,
      });
    }
    // Code shown plain is highlighted as it comes near the conversation's screen (nearScreen.ts); where the
    // window has no IntersectionObserver (jsdom), at once.
    const Observer = (options.window as Window & { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
    const nearScreen = Observer ? new ObservedNearScreen(() => this.conversation.element, Observer) : ALWAYS_NEAR;
    this.conversation = new ConversationView({
      doc,
      host,
      scheduler: this.scheduler,
      clock: options.clock,
      createMarkdownView: (container) => new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, this.budget, nearScreen, warmth),
      budget: this.budget,
      // Find searched a message still rendering: search again.
      caughtUp: () => this.find.refreshSoon(),
    });
    this.toolbar = new Toolbar(doc, { pickModel: () => host.post({ type: 'pickModel' }) });
    this.history = new HistoryPanel(doc, {
      open: (chatId) => {
        host.post({ type: 'openChat', chatId });
        this.setHistoryOpen(false);
      },
      // Deleting the open chat shows a new one: the list stays open, as a state never closes it.
      delete: (chatId) => host.post({ type: 'deleteChat', chatId }),
      openFile: (chatId) => host.post({ type: 'openChatFile', chatId }),
      close: () => {
        this.setHistoryOpen(false);
        this.prompt.focus();
      },
      rename: (chatId) => host.post({ type: 'renameChat', chatId }),
      pin: (chatId, pinned) => host.post({ type: 'pinChat', chatId, pinned }),
      search: (query) => host.post({ type: 'searchChats', query, requestId: ++this.searchRequest }),
      openHit: (chatId, messageId) => {
        host.post({ type: 'openChat', chatId, ...(messageId !== undefined ? { messageId } : {}) });
        this.setHistoryOpen(false);
      },
    });
    this.find = new FindBar({
      doc,
      containers: () => this.conversation.contents(),
      schedule: (task) => this.scheduler.schedule(task),
      returnFocus: () => this.prompt.focus(),
      reveal: (range) => this.conversation.revealRange(range),
    });
    this.conversation.onBacklogRendered = () => this.find.refreshSoon();
    this.conversation.onOlderWanted = (beforeId) => {
      if (this.chatId !== undefined) host.post({ type: 'loadOlder', chatId: this.chatId, beforeId });
    };
    this.welcome = new WelcomePanel(doc, (action) => host.post({ type: 'runAction', action }));
    this.attachments = new AttachmentBar(doc, {
      remove: (id) => host.post({ type: 'removeAttachment', id }),
      setInstructions: (on) => host.post({ type: 'setInstructions', on }),
    });
    this.prompt = new PromptBox(doc, {
      // The chips shown now go with the text: the host reads exactly those, at this moment.
      send: (text) => {
        const attachmentIds = this.attachments.ids();
        host.post({ type: 'send', text, ...(attachmentIds.length > 0 ? { attachmentIds } : {}) });
      },
      attach: (via) => host.post({ type: 'pickAttachments', via }),
      stop: () => host.post({ type: 'stop' }),
      draftChanged: (draft) => {
        viewState.save({ draft });
        this.meter.setDraft(draft);
      },
    }, viewState.load().draft);
    this.meter = new ContextMeter(doc);
    this.meter.setDraft(this.prompt.textarea.value);
    this.summaryPanel = new SummaryPanel(doc, {
      start: (text) => host.post({ type: 'startFromSummary', text }),
      discard: () => host.post({ type: 'discardSummary' }),
    });
    this.notices = new NoticeBar(doc);
    this.status = el(doc, 'div', { className: 'visually-hidden', attrs: { id: 'status', role: 'status', 'aria-live': 'polite' } });
    // The rendered Markdown's text, from a parsed document that is never shown (its images never load).
    this.answerAnnouncer = new AnswerAnnouncer(doc, (markdown) =>
      new (options.window as Window & typeof globalThis).DOMParser().parseFromString(md.render(markdown), 'text/html').body.textContent ?? '');

    root.replaceChildren(this.toolbar.element, this.welcome.element, this.history.element, this.find.element, this.conversation.element, this.summaryPanel.element, this.notices.element, this.meter.element, this.attachments.element, this.prompt.element, this.status, this.answerAnnouncer.element);
    root.classList.add('chat');
    // Links and code buttons live inside sanitized markdown, so they are handled by delegation.
    root.addEventListener('click', (event) => this.onClick(event));
    // Ctrl+F / Cmd+F anywhere in the view opens Find (the webview has no find of its own).
    doc.addEventListener('keydown', (event) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        this.setHistoryOpen(false);
        this.find.open();
      }
    });
    // A middle click on a link would navigate or open a window: it does nothing instead.
    root.addEventListener('auxclick', (event) => {
      if ((event.target as Element | null)?.closest('a')) {
        event.preventDefault();
        event.stopPropagation();
      }
    });
  }

  /** Focus goes to the prompt unless the user is already somewhere in the view. */
  focusPromptIfIdle(): void {
    const doc = this.prompt.textarea.ownerDocument;
    if (doc.activeElement === null || doc.activeElement === doc.body) {
      this.prompt.focus();
    }
  }

  handle(message: HostToWebview): void {
    // A message is a task of its own: what it renders at once has a frame's budget.
    this.budget.startFrame();
    const hadFocus = this.hasFocus();
    this.apply(message);
    if (hadFocus && !this.hasFocus()) {
      // A replay or list refresh removed the focused element (Regenerate, Edit, Retry), or an
      // answer starting disabled it: without this, keyboard focus would fall out to the page.
      this.prompt.focus();
    }
  }

  /** True while a usable element of the view has keyboard focus. */
  private hasFocus(): boolean {
    const doc = this.root.ownerDocument;
    // The page keeps its active element while the user is in the workbench (an editor, the command palette); a
    // `focus()` then could take the focus back from there (in code-server the page is a same-origin frame).
    if (!doc.hasFocus()) return false;
    const active = doc.activeElement;
    if (active === null || active === doc.body || !this.root.contains(active)) {
      return false;
    }
    // A button just disabled or hidden (Edit and Regenerate while an answer streams) keeps the
    // focus for a moment in Chromium, then drops it to the page: count it as lost already.
    return !(active as Partial<HTMLButtonElement>).disabled && active.closest('[hidden]') === null;
  }

  private apply(message: HostToWebview): void {
    this.applyMessage(message);
    if (message.type === 'state' || message.type === 'messageAdded' || message.type === 'messageUpdated') {
      // Find searches the rendered text: look again once this change is rendered.
      this.find.refreshSoon();
    }
  }

  private applyMessage(message: HostToWebview): void {
    switch (message.type) {
      case 'state':
        return this.applyState(message);
      case 'olderMessages':
        if (message.chatId === this.chatId && this.conversation.addOlder(message.beforeId, message.messages, message.more)) {
          this.revealPending();
        }
        return;
      case 'messageAdded':
        this.conversation.add(message.message);
        if (message.message.role === 'assistant' && message.message.status === 'streaming') {
          this.announce(t('answerStarted'));
        }
        return;
      case 'delta':
        return this.conversation.appendDelta(message);
      case 'messageUpdated':
        this.conversation.update(message.message);
        this.answerAnnouncer.update(message.message);
        return this.announceOutcome(message.message.status, message.message.error?.message);
      case 'retrying': {
        const { notice } = message;
        this.conversation.showRetry(notice);
        const now = this.clock.now();
        const seconds = secondsUntil(retryDeadline(notice, now), now);
        return this.announce(seconds === 1
          ? t('rateLimitedOne', notice.attempt, notice.maxRetries)
          : t('rateLimitedMany', seconds, notice.attempt, notice.maxRetries));
      }
      case 'busy':
        return this.setBusy(message.busy);
      case 'modelChanged':
        return this.setModel(message.model);
      case 'history':
        return this.history.setHistory(message.history, this.chatId);
      case 'config':
        return this.welcome.update(message);
      case 'setInput':
        this.setHistoryOpen(false);
        return this.prompt.setInput(message.text, message.mode);
      case 'showHistory':
        return this.setHistoryOpen(true);
      case 'showConversation':
        return this.setHistoryOpen(false);
      case 'saveStatus':
        return this.notices.setSaveError(message.error);
      case 'searchResults':
        if (message.requestId === this.searchRequest) {
          this.history.showResults(message.hits, message.total);
        }
        return;
      case 'revealMessage':
        this.setHistoryOpen(false);
        if (!this.conversation.reveal(message.messageId)) {
          this.pendingReveal = message.messageId;
        }
        return;
      case 'sendRejected':
        // The prompt was cleared on send: the text goes back, below anything typed since.
        this.prompt.setInput(message.text, 'append');
        return this.notices.showNote(t('notSent', message.reason));
      case 'attachments':
        // The meter counts what the chips would add to the next request (estimates, like the chips').
        this.meter.setAttached(message.chips.reduce((sum, chip) => sum + chip.tokens, 0) + (message.instructions?.on ? message.instructions.tokens : 0));
        return this.attachments.update(message.chips, message.instructions);
      case 'pickClosed':
        return this.prompt.pickClosed(message.added);
      case 'contextStatus':
        return this.meter.update(message.reading);
      case 'summaryProposal':
        return this.summaryPanel.show(message);
    }
  }

  private applyState(state: StateMessage): void {
    // The history list stays as it is: the page closes it when the user opens a chat from it, the
    // host (showConversation) when the user asked for a new chat elsewhere. A state alone may come
    // from another window saving, or from deleting the open chat in the list.
    this.chatId = state.chat.id;
    this.conversation.replace(Array.isArray(state.chat.messages) ? state.chat.messages : [], state.olderMessages ?? 0);
    this.conversation.setSummary(typeof state.chat.summary === 'string' ? state.chat.summary : undefined);
    this.setModel(state.model);
    this.setBusy(state.busy);
    this.welcome.update(state);
    this.history.setHistory(state.history, state.chat.id);
    this.notices.setSaveError(state.saveError);
    this.revealPending();
  }

  /** Shows the message a search hit asked for, once the page has it; given up when the chat has no more to come. */
  private revealPending(): void {
    const reveal = this.pendingReveal;
    if (reveal !== undefined && (this.conversation.reveal(reveal) || !this.conversation.olderToLoad)) {
      this.pendingReveal = undefined;
    }
  }

  private setModel(model: string | undefined): void {
    this.toolbar.setModel(model);
    this.prompt.setModel(model);
  }

  private setBusy(busy: boolean): void {
    this.conversation.setBusy(busy);
    this.prompt.setBusy(busy);
  }

  private setHistoryOpen(open: boolean): void {
    this.history.setOpen(open);
    this.conversation.element.hidden = open;
    if (open && this.find.isOpen) {
      // Find belongs to the conversation the history replaces.
      this.find.close(false);
    }
  }

  private announce(text: string): void {
    this.status.textContent = text;
  }

  private announceOutcome(status: string, errorMessage: string | undefined): void {
    // A finished answer is announced by answerAnnouncer, with its text.
    if (status === 'stopped') this.announce(t('answerStopped'));
    else if (status === 'error') this.announce(t('answerError', errorMessage ?? t('requestFailed')));
  }

  private onClick(event: MouseEvent): void {
    const target = event.target as Element | null;
    if (!target) {
      return;
    }
    const link = target.closest('a');
    if (link) {
      // Never navigate inside the webview: the host checks the scheme and opens it. Nor may the
      // click reach the workbench's own link handler (on the frame's window), which would open
      // the link a second time.
      event.preventDefault();
      event.stopPropagation();
      const href = link.getAttribute('href');
      if (href && isPrimaryClick(event)) {
        this.host.post({ type: 'openLink', href });
      }
      return;
    }
    const button = target.closest('button');
    if (!button || !isPrimaryClick(event)) {
      return;
    }
    const code = button.closest('.code-block')?.querySelector('code')?.textContent;
    if (button.classList.contains('copy-code') && code != null) {
      this.host.post({ type: 'copyText', text: code });
      flash(button);
      this.announce(t('copied'));
    } else if (button.classList.contains('copy-message')) {
      // Posted by the message itself; the host confirms only in the status bar, which is not read out.
      this.announce(t('copied'));
    } else if (button.classList.contains('insert-code') && code != null) {
      this.host.post({ type: 'insertCode', code: code.replace(/\n$/, '') });
    } else if (button.closest('.message .error')) {
      const action = button.dataset.action;
      if (isErrorAction(action)) {
        this.host.post({ type: 'runAction', action });
      }
    }
  }
}

/** Brief "done" feedback on a copy button. */
function flash(button: HTMLElement): void {
  const iconElement = button.querySelector('.codicon');
  iconElement?.classList.replace('codicon-copy', 'codicon-check');
  button.ownerDocument.defaultView?.setTimeout(() => iconElement?.classList.replace('codicon-check', 'codicon-copy'), 1200);
}

/** A font sample's message: stopped (a status note) with a model and usage, so each part has text. */
function fontSampleMessage(content: string, role: 'user' | 'assistant'): TranscriptMessage {
  return { id: 'font-warm-up', role, content, status: 'stopped', model: t('assistant'), usage: { inputTokens: 1, outputTokens: 2 }, createdAt: 0 };
}
