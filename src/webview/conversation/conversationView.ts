// The list of messages. A delta touches only its own message; the view follows the
// stream to the bottom only while the user is already there.
import type { TranscriptMessage, DeltaMessage, RetryNotice } from '../../shared/protocol';
import { el, icon, iconButton } from '../dom';
import { MessageView, type MessageContext } from './messageView';

/** How close to the bottom (px) still counts as "at the bottom". */
const BOTTOM_SLACK = 32;

export class ConversationView {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly emptyState: HTMLElement;
  private readonly jumpButton: HTMLButtonElement;
  private readonly views = new Map<string, MessageView>();
  private order: MessageView[] = [];
  private busy = false;
  private pinnedToBottom = true;
  private lastScrollTop = 0;

  constructor(private readonly context: MessageContext) {
    const { doc } = context;
    this.emptyState = el(doc, 'div', { className: 'empty-state' },
      icon(doc, 'comment-discussion'),
      el(doc, 'p', { text: 'Ask a question, or send code from the editor with "Send Selection to Chat".' }));
    this.list = el(doc, 'div', { className: 'message-list' });
    // Sticky at the bottom of the scroller: shown while the user has scrolled away from the end.
    this.jumpButton = iconButton(doc, 'arrow-down', 'Scroll to the latest message', { className: 'scroll-to-bottom' });
    this.jumpButton.hidden = true;
    this.jumpButton.addEventListener('click', () => {
      this.setPinned(true);
      this.scrollToBottom();
    });
    this.element = el(doc, 'main', { className: 'conversation', attrs: { id: 'conversation', 'aria-label': 'Conversation', tabindex: '0' } },
      this.emptyState, this.list, this.jumpButton);
    this.element.addEventListener('scroll', () => this.onScroll(), { passive: true });
    context.scheduler.onAfterFrame(() => this.followStream());
    // Late layout changes (a font arriving, a details element opening) move the bottom too.
    const ResizeObserverClass = doc.defaultView?.ResizeObserver;
    if (ResizeObserverClass) {
      new ResizeObserverClass(() => this.followStream()).observe(this.list);
    }
  }

  /** Replaces the whole conversation (state replay). */
  replace(messages: readonly TranscriptMessage[]): void {
    for (const view of this.order) {
      view.dispose();
    }
    this.views.clear();
    this.order = [];
    const fragment = this.context.doc.createDocumentFragment();
    for (const message of messages) {
      if (!this.views.has(message.id)) {
        fragment.append(this.createView(message).element);
      }
    }
    this.list.replaceChildren(fragment);
    this.setPinned(true);
    this.refresh();
    this.scrollToBottom();
  }

  add(message: TranscriptMessage): void {
    const existing = this.views.get(message.id);
    if (existing) {
      existing.update(message);
      return;
    }
    this.list.append(this.createView(message).element);
    if (message.role === 'user') {
      // The user just sent something: show it and follow the answer.
      this.setPinned(true);
    }
    this.refresh();
  }

  appendDelta(delta: DeltaMessage): void {
    this.views.get(delta.messageId)?.appendDelta(delta.content, delta.reasoning);
  }

  update(message: TranscriptMessage): void {
    if (this.views.has(message.id)) {
      this.views.get(message.id)?.update(message);
      this.refresh();
    } else {
      this.add(message);
    }
  }

  showRetry(notice: RetryNotice): void {
    const view = this.views.get(notice.messageId) ?? this.lastAnswer();
    view?.showRetry(notice);
    this.context.scheduler.ensureFrame();
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.refresh();
  }

  private createView(message: TranscriptMessage): MessageView {
    const view = new MessageView(this.context, message);
    this.views.set(message.id, view);
    this.order.push(view);
    return view;
  }

  private lastAnswer(): MessageView | undefined {
    const last = this.order[this.order.length - 1];
    return last?.role === 'assistant' ? last : undefined;
  }

  private refresh(): void {
    this.emptyState.hidden = this.order.length > 0;
    const lastAnswer = this.lastAnswer();
    for (const view of this.order) {
      view.setAffordances(view === lastAnswer, this.busy);
    }
    this.context.scheduler.ensureFrame();
  }

  /**
   * Unpins only when the user scrolls up. A scroll event caused by our own scroll to the
   * bottom can arrive after the content grew again; judging it by distance alone would
   * unpin the view by mistake.
   */
  private onScroll(): void {
    const top = this.element.scrollTop;
    if (this.distanceFromBottom() <= BOTTOM_SLACK) {
      this.setPinned(true);
    } else if (top < this.lastScrollTop) {
      this.setPinned(false);
    }
    this.lastScrollTop = top;
  }

  private setPinned(pinned: boolean): void {
    this.pinnedToBottom = pinned;
    this.jumpButton.hidden = pinned;
  }

  private distanceFromBottom(): number {
    return this.element.scrollHeight - this.element.scrollTop - this.element.clientHeight;
  }

  private followStream(): void {
    if (this.pinnedToBottom) {
      this.scrollToBottom();
    }
  }

  private scrollToBottom(): void {
    this.element.scrollTop = this.element.scrollHeight;
  }
}
