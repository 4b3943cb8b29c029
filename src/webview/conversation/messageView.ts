// One message of the conversation. Its markdown is rendered through the frame scheduler,
// so any number of deltas between two frames cost one render; other messages are untouched.
import type { TranscriptMessage, ErrorInfo, MessageStatus, RetryNotice } from '../../shared/protocol';
import { el, icon, iconButton, onActivate } from '../dom';
import type { FrameScheduler } from '../frameScheduler';
import type { FrameBudget } from '../frameBudget';
import type { HostChannel } from '../hostChannel';
import type { MarkdownView } from '../markdown/markdownView';
import { isSendKey } from '../keys';
import { finishReasonNote } from '../../shared/finishReason';
import { formatModelParameters } from '../../shared/modelParameters';
import type { WebviewStringKey } from '../../shared/webviewStrings';
import { strings, t } from '../strings';
import { ACTION_LABELS, formatErrorDetails, formatUsage } from './format';
import { RetryCountdown, type Clock } from './retryCountdown';
import { renderSentContext } from './sentContext';

/** What a message view needs from its surroundings. */
export interface MessageContext {
  doc: Document;
  scheduler: FrameScheduler;
  clock: Clock;
  host: HostChannel;
  createMarkdownView(container: HTMLElement): MarkdownView;
  /** The page's frame budget, shared by every view (see frameBudget.ts). */
  budget: FrameBudget;
  /**
   * A message's view caught up with work that took it more than a frame: text is all in (a search before
   * missed some), or code shown plain meanwhile is highlighted (its text nodes replaced: ranges into them,
   * Find's, are stale).
   */
  caughtUp(): void;
}

const STATUS_NOTES: Partial<Record<MessageStatus, WebviewStringKey>> = {
  stopped: 'stopped',
};

export class MessageView {
  readonly element: HTMLElement;
  private message: TranscriptMessage;
  private readonly content: HTMLElement;
  private readonly contentView: MarkdownView;
  /** Created when the first reasoning text arrives. */
  private reasoning: { details: HTMLDetailsElement; summary: HTMLElement; view: MarkdownView } | undefined;
  private readonly modelLabel: HTMLElement;
  private readonly statusNote: HTMLElement;
  private readonly errorBlock: HTMLElement;
  private readonly usage: HTMLElement;
  private readonly actions: HTMLElement;
  /** Created at the first 429 back-off. */
  private countdown: RetryCountdown | undefined;
  private regenerateButton: HTMLButtonElement | undefined;
  private editButton: HTMLButtonElement | undefined;
  private forkButton: HTMLButtonElement | undefined;
  /** The last render left text, or code shown plain to highlight, for the next frames. */
  private behind = false;
  private highlighting = false;
  private editor: HTMLElement | undefined;
  /**
   * A frame's rendering of this view. While the page is behind a streaming answer, a message that did
   * not stream (an echoed long prompt) waits: the answer is what the reader watches, and every frame
   * the prompt grew also moved the answer below it and took the frame's time from it. Only while
   * behind: an answer that keeps up leaves the frame's budget to the rest, so a long paste is never
   * held back by a slow model; once the answer has caught up, the prompt renders on.
   */
  private readonly flush = (): void => {
    if (!this.streamed && this.context.budget.isBehind) {
      this.scheduleRender();
      return;
    }
    this.render();
  };
  /**
   * This answer streamed in this page (not only replayed): only its rendering left behind puts the
   * page in its behind mode (FrameBudget.leaveText), which is for text arriving faster than frames
   * take it. A long prompt and a reopened chat's messages also render over several frames, at the
   * normal budget and followed every frame, as before.
   */
  private streamed: boolean;
  /** The instructions and attachments a user message carried (see sentContext.ts). */
  private sentContext: HTMLElement | undefined;
  /** What `sentContext` shows, as JSON; unset until first shown. */
  private sentContextKey: string | undefined;

  constructor(private readonly context: MessageContext, message: TranscriptMessage) {
    const { doc } = context;
    this.message = { ...message };
    this.streamed = message.status === 'streaming';
    const isUser = message.role === 'user';
    this.modelLabel = el(doc, 'span', { className: 'message-model' });
    const header = el(doc, 'div', { className: 'message-header' },
      icon(doc, isUser ? 'account' : 'sparkle'),
      el(doc, 'span', { className: 'author', text: isUser ? t('you') : t('assistant') }),
      this.modelLabel);
    this.content = el(doc, 'div', { className: 'content' });
    this.contentView = context.createMarkdownView(this.content);
    this.contentView.onHighlightDue = this.highlightDue;
    this.statusNote = el(doc, 'div', { className: 'status-note' });
    // Not role=alert: a replayed conversation would announce every old error; #status announces new ones.
    this.errorBlock = el(doc, 'div', { className: 'error' });
    this.usage = el(doc, 'div', { className: 'usage' });
    this.actions = el(doc, 'div', { className: 'message-actions' });
    this.element = el(doc, 'article', { className: 'message', attrs: { 'aria-label': isUser ? t('yourMessage') : t('answer') } },
      header, this.content, this.statusNote, this.errorBlock, this.usage, this.actions);
    this.element.dataset.id = message.id;
    this.element.dataset.role = message.role;
    this.buildActions();
    this.showSentContext();
    this.contentView.setText(message.content);
    if (message.reasoning) {
      this.ensureReasoning().view.setText(message.reasoning);
    }
    this.applyMeta();
    this.render();
  }

  get id(): string {
    return this.message.id;
  }

  get role(): TranscriptMessage['role'] {
    return this.message.role;
  }

  appendDelta(content: string | undefined, reasoning: string | undefined): void {
    if (content) {
      this.message.content += content;
      this.contentView.append(content);
      this.countdown?.stop();
    }
    if (reasoning) {
      this.message.reasoning = (this.message.reasoning ?? '') + reasoning;
      this.ensureReasoning().view.append(reasoning);
      this.countdown?.stop();
    }
    this.scheduleRender();
  }

  /** Final (or replayed) state from the host: the full text, status, usage, error. */
  update(message: TranscriptMessage): void {
    this.message = { ...message };
    this.streamed ||= message.status === 'streaming';
    this.showSentContext();
    this.contentView.setText(message.content);
    if (message.reasoning) {
      this.ensureReasoning().view.setText(message.reasoning);
    } else if (this.reasoning) {
      // (A replayed chat's message may come without the reasoning this view showed.)
      this.reasoning.details.remove();
      this.reasoning.view.dispose();
      this.reasoning = undefined;
    }
    this.applyMeta();
    if (message.status === 'streaming') {
      this.scheduleRender();
      return;
    }
    // Final: render now, so the status attribute and the final text appear together.
    this.countdown?.stop();
    this.render();
  }

  showRetry(notice: RetryNotice): void {
    if (this.countdown === undefined) {
      this.countdown = new RetryCountdown(this.context.doc, this.context.clock);
      this.statusNote.after(this.countdown.element);
    }
    this.countdown.start(notice);
  }

  /** Only the last answer offers Regenerate, and nothing is offered while an answer streams. */
  setAffordances(isLastAnswer: boolean, busy: boolean): void {
    if (this.regenerateButton) {
      this.regenerateButton.hidden = !isLastAnswer || busy;
    }
    if (this.editButton) {
      this.editButton.disabled = busy;
    }
    if (this.forkButton) {
      this.forkButton.disabled = busy;
    }
  }

  dispose(): void {
    this.countdown?.stop();
    this.contentView.dispose();
    this.reasoning?.view.dispose();
    this.element.remove();
  }

  /**
   * Code shown plain came near the screen (nearScreen.ts): it is highlighted in the next frame, maybe in that frame
   * alone; highlighting it replaces its text nodes, so the render that ends it tells the page (`caughtUp`: Find
   * searches again), as for code highlighted after the page caught up.
   */
  private readonly highlightDue = (): void => {
    this.highlighting = true;
    this.scheduleRender();
  };

  /** A streaming answer renders first in its frame: it is what the reader watches. */
  private scheduleRender(): void {
    this.context.scheduler.schedule(this.flush, this.message.status === 'streaming');
  }

  private render(): void {
    this.content.classList.toggle('empty', this.message.content === '');
    const final = this.message.status !== 'streaming';
    const contentBehind = this.contentView.update(final);
    const reasoningBehind = this.reasoning?.view.update(final) ?? false;
    // More text than one frame takes: the rest renders in the next frames, and the final status
    // shows only once all of the final text is in the DOM.
    const behind = contentBehind || reasoningBehind;
    if (behind && this.streamed) {
      this.context.budget.leaveText();
    }
    this.setStatus(behind ? 'streaming' : this.message.status);
    // Once, when it happens (the attribute restyles the whole message).
    if (!this.element.hasAttribute('data-long') && (this.contentView.long || (this.reasoning?.view.long ?? false))) {
      this.element.setAttribute('data-long', '');
    }
    // Code shown plain while the page was behind is highlighted in the next frames (openCodeBlock.ts).
    const highlighting = this.contentView.highlighting || (this.reasoning?.view.highlighting ?? false);
    if (behind || highlighting) {
      this.scheduleRender();
    }
    if ((this.behind && !behind) || (this.highlighting && !highlighting)) {
      this.context.caughtUp();
    }
    this.behind = behind;
    this.highlighting = highlighting;
  }

  /**
   * The status attributes, written only when they change: every write restyles the whole message
   * (selectors test them), once per frame while an answer streams.
   */
  private setStatus(status: MessageStatus): void {
    if (this.element.dataset.status === status) return;
    this.element.dataset.status = status;
    this.element.setAttribute('aria-busy', String(status === 'streaming'));
  }

  private showSentContext(): void {
    // A replay keeps this view: what was sent stays as it is (a block the user opened stays open)
    // unless it changed.
    const key = this.message.role === 'user' ? JSON.stringify([this.message.instructions, this.message.attachments]) : '';
    if (key === this.sentContextKey) return;
    this.sentContextKey = key;
    this.sentContext?.remove();
    this.sentContext = this.message.role === 'user' ? renderSentContext(this.context.doc, this.message) : undefined;
    if (this.sentContext) this.content.before(this.sentContext);
  }

  private ensureReasoning(): NonNullable<MessageView['reasoning']> {
    if (this.reasoning === undefined) {
      const { doc } = this.context;
      const summary = el(doc, 'summary', { text: t('reasoning') });
      const container = el(doc, 'div', { className: 'reasoning-content' });
      const details = el(doc, 'details', { className: 'reasoning' }, summary, container);
      this.content.before(details);
      this.reasoning = { details, summary, view: this.context.createMarkdownView(container) };
      this.reasoning.view.onHighlightDue = this.highlightDue;
      this.applyMeta();
    }
    return this.reasoning;
  }

  private applyMeta(): void {
    const { message } = this;
    this.setStatus(message.status);
    const model = message.model ?? '';
    this.modelLabel.textContent = message.role === 'assistant' ? (message.profile && model ? `${message.profile} / ${model}` : model) : '';
    if (this.reasoning) {
      this.reasoning.summary.textContent = message.status === 'streaming' && !message.content ? t('thinking') : t('reasoning');
    }
    const noteKey = STATUS_NOTES[message.status];
    const note = noteKey ? t(noteKey) : message.finishReason ? finishReasonNote(message.finishReason, strings()) : undefined;
    this.statusNote.textContent = note ?? '';
    this.statusNote.hidden = note === undefined;
    this.renderError(message.error);
    // The footer: token usage, then the parameters the request carried (when the user set any).
    const parameters = formatModelParameters(message.parameters, strings());
    const footer = [formatUsage(message.usage), parameters === undefined ? undefined : t('parameters', parameters)].filter((part) => part !== undefined);
    this.usage.textContent = footer.join(' — ');
    this.usage.hidden = footer.length === 0;
  }

  private renderError(error: ErrorInfo | undefined): void {
    const { doc } = this.context;
    this.errorBlock.hidden = error === undefined;
    if (error === undefined) {
      this.errorBlock.replaceChildren();
      return;
    }
    const buttons = error.actions.filter((action) => action in ACTION_LABELS).map((action) => {
      const button = el(doc, 'button', { text: t(ACTION_LABELS[action]), attrs: { type: 'button' } });
      button.dataset.action = action;
      return button;
    });
    this.errorBlock.replaceChildren(
      el(doc, 'div', { className: 'error-title' }, icon(doc, 'error'), el(doc, 'span', { className: 'error-message', text: error.message })),
      el(doc, 'div', { className: 'error-details', text: formatErrorDetails(error) }),
      el(doc, 'div', { className: 'error-actions' }, ...buttons),
    );
  }

  private buildActions(): void {
    const { doc } = this.context;
    // No listeners here: the conversation delegates clicks to `activate`, so a long history
    // holds no live handler per message (issue 8: settled messages cost nothing to keep).
    // A new chat with the conversation up to here; the original stays as it is.
    this.forkButton = iconButton(doc, 'repo-forked', t('forkFromHere'), { className: 'fork' });
    if (this.message.role === 'user') {
      this.editButton = iconButton(doc, 'edit', t('editAndResend'), { className: 'edit' });
      this.actions.append(this.editButton, this.forkButton);
      return;
    }
    const copyButton = iconButton(doc, 'copy', t('copyAnswer'), { className: 'copy-message' });
    this.regenerateButton = iconButton(doc, 'refresh', t('regenerate'), { className: 'regenerate' });
    this.regenerateButton.hidden = true;
    this.actions.append(copyButton, this.regenerateButton, this.forkButton);
    // Open Answer in Editor: the answer as plain Markdown in an editor (screen readers, search).
    this.actions.append(iconButton(doc, 'go-to-file', t('openAnswerInEditor'), { className: 'open-in-editor' }));
  }

  /** Runs the action of one of this message's own buttons (a primary click delegated by the conversation). */
  activate(button: HTMLButtonElement): void {
    if (!this.actions.contains(button)) {
      return;
    }
    if (button === this.editButton) {
      this.startEditing();
    } else if (button.classList.contains('copy-message')) {
      this.context.host.post({ type: 'copyText', text: this.message.content });
    } else if (button === this.regenerateButton) {
      this.context.host.post({ type: 'regenerate' });
    } else if (button.classList.contains('open-in-editor')) {
      this.context.host.post({ type: 'openAnswerInEditor', messageId: this.message.id });
    } else if (button === this.forkButton) {
      this.context.host.post({ type: 'forkChat', messageId: this.message.id });
    }
  }

  /** Inline editor in place of the message; sending it posts `edit` and the host resends from here. */
  private startEditing(): void {
    if (this.editor !== undefined) {
      return;
    }
    const { doc } = this.context;
    const input = el(doc, 'textarea', { className: 'edit-input', attrs: { 'aria-label': t('editMessage'), rows: '3' } });
    input.value = this.message.content;
    const send = el(doc, 'button', { className: 'edit-send primary', text: t('send'), attrs: { type: 'button' } });
    const cancel = el(doc, 'button', { className: 'edit-cancel secondary', text: t('cancel'), attrs: { type: 'button' } });
    const submit = (): void => {
      const text = input.value;
      if (text.trim() === '') {
        return;
      }
      this.context.host.post({ type: 'edit', messageId: this.message.id, text });
      this.stopEditing();
    };
    onActivate(send, submit);
    onActivate(cancel, () => this.stopEditing());
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.stopEditing();
      } else if (isSendKey(event)) {
        event.preventDefault();
        submit();
      }
    });
    this.editor = el(doc, 'div', { className: 'message-editor' }, input, el(doc, 'div', { className: 'editor-actions' }, send, cancel));
    this.content.hidden = true;
    this.actions.hidden = true;
    this.content.after(this.editor);
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  private stopEditing(): void {
    this.editor?.remove();
    this.editor = undefined;
    this.content.hidden = false;
    this.actions.hidden = false;
    this.editButton?.focus();
  }
}
