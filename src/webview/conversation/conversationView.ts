// The list of messages. A delta touches only its own message; the view follows the
// stream to the bottom only while the user is already there.
import { STATE_NEWEST_MESSAGES, type TranscriptMessage, type DeltaMessage, type RetryNotice } from '../../shared/protocol';
import { el, icon, iconButton, onActivate } from '../dom';
import { t } from '../strings';
import { MessageView, type MessageContext } from './messageView';
import { ContextCutMarker, summaryBlock } from './contextMarkers';
import { estimatedHeight, type TextMetrics } from './heightEstimate';

/** Messages rendered at once when a chat opens: its end, which is what the view shows first (and what its state brings). */
const FIRST_MESSAGES = STATE_NEWEST_MESSAGES;
/**
 * Older messages rendered per frame after that, each frame's into a group of their own (`.message-group`):
 * the browser skips a group off screen whole (content-visibility, chat.css), so at the end of a long chat a
 * frame has some 25 groups to track, not 500 messages. (In Chromium, streaming a list below a reopened chat
 * of 500 messages cost the page 2,500–2,503 ms of main thread against 1,411–1,496 in an empty chat, most of
 * it the browser checking every skipped message each frame; with the groups 1,203–1,260: README, page layer
 * runs U and V.) What the reader looks at is held in place as a group comes into view: holdReading.
 */
const MESSAGES_PER_FRAME = 20;

/** How close to the bottom (px) still counts as "at the bottom". */
const BOTTOM_SLACK = 32;

/**
 * How long after the user's wheel, key or touch in the view a scroll up counts as theirs (a wheel
 * turn scrolls smoothly, its scroll events come over some 100–300 ms).
 */
export const USER_SCROLL_MS = 1000;

/**
 * While the page renders behind the stream (an answer arriving faster than frames take it), the
 * view follows it at most this often, not every frame: what a frame adds in between lands below
 * the visible part and the browser skips it (see BEHIND_FRAME_BUDGET_MS). Text that fast is not read
 * as it passes; the view catches up at once when the rendering does.
 */
export const BEHIND_FOLLOW_MS = 250;

/** How long a message opened from a search stays highlighted. */
export const REVEAL_HIGHLIGHT_MS = 2000;

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
  /** When the user last used the wheel, a key or touch in the view (clock ms). */
  private lastUserInput = Number.NEGATIVE_INFINITY;
  /** A pointer is held down on the view (dragging its scrollbar). */
  private pointerHeld = false;
  /** When the view last followed the stream (clock ms). */
  private lastFollow = Number.NEGATIVE_INFINITY;
  /** A follow put off while rendering is behind (a one-shot interval). */
  private owedFollow: unknown;
  /**
   * While the user reads away from the end: what was at the middle of the view at the last scroll (or what the
   * view scrolled to), and where. Kept there as the list changes size: holdReading.
   */
  private reading: { element: Element; top: number } | undefined;
  private readonly cutMarker: ContextCutMarker;
  private readonly summarySlot: HTMLElement;
  /** Called after older messages of a replayed chat were rendered (Find searches them then). */
  onBacklogRendered: (() => void) | undefined;
  /** Asks the host for the messages before `beforeId`, the oldest the view has (they come to addOlder). */
  onOlderWanted: ((beforeId: string) => void) | undefined;
  /** How many messages the chat has that the view has not been sent yet (older than all it has). */
  private older = 0;
  /** The message the view asked for the messages before, while it waits for them. */
  private olderAsked: string | undefined;
  /** The list's width, from the ResizeObserver (0 until it has reported). */
  private listWidth = 0;
  /** What a message's estimated height is worked out from (heightEstimate.ts); read again after a resize. */
  private textMetrics: TextMetrics | undefined;

  constructor(private readonly context: MessageContext) {
    const { doc } = context;
    this.emptyState = el(doc, 'div', { className: 'empty-state' },
      icon(doc, 'comment-discussion'),
      el(doc, 'p', { text: t('emptyConversation') }));
    this.list = el(doc, 'div', { className: 'message-list' });
    this.cutMarker = new ContextCutMarker(doc);
    this.summarySlot = el(doc, 'div', { className: 'chat-summary-slot' });
    // Sticky at the bottom of the scroller: shown while the user has scrolled away from the end.
    this.jumpButton = iconButton(doc, 'arrow-down', t('scrollToLatest'), { className: 'scroll-to-bottom' });
    this.jumpButton.hidden = true;
    onActivate(this.jumpButton, () => {
      this.setPinned(true);
      this.scrollToBottom();
    });
    this.element = el(doc, 'main', { className: 'conversation', attrs: { id: 'conversation', 'aria-label': t('conversation'), tabindex: '0' } },
      this.summarySlot, this.emptyState, this.list, this.jumpButton);
    this.element.addEventListener('scroll', () => this.onScroll(), { passive: true });
    // What the user does that can scroll the view (onScroll: only that unpins it).
    const userInput = (): void => { this.lastUserInput = this.context.clock.now(); };
    for (const type of ['wheel', 'keydown', 'touchmove'] as const) {
      this.element.addEventListener(type, userInput, { passive: true });
    }
    this.element.addEventListener('pointerdown', () => { this.pointerHeld = true; }, { passive: true });
    for (const type of ['pointerup', 'pointercancel'] as const) {
      doc.defaultView?.addEventListener(type, () => { this.pointerHeld = false; }, { passive: true });
    }
    // A chunk or group of code lines the browser has skipped since it was made (content-visibility) counts an
    // estimated height; one that is the first thing on screen when it is laid out, the browser's anchor, then
    // moves everything below it by what it grows. So only those laid out once (data-shown) are anchors (chat.css):
    // one listener, in the capture phase, as the event does not bubble.
    this.element.addEventListener('contentvisibilityautostatechange', (event) => {
      const target = event.target as Element;
      if (!(event as Event & { skipped?: boolean }).skipped && !target.hasAttribute('data-shown')) target.setAttribute('data-shown', '');
    }, { capture: true, passive: true });
    // One delegated handler for every message's own buttons (see MessageView.activate).
    onActivate(this.list, (event) => {
      const button = (event.target as Element | null)?.closest('button');
      const id = button?.closest<HTMLElement>('.message')?.dataset.id;
      if (button && id !== undefined) {
        this.views.get(id)?.activate(button);
      }
    });
    // Follows the stream when the list grows or the view resizes. A ResizeObserver runs after the
    // browser's layout, so reading the height there costs nothing; read in the frame's callback it
    // forced a layout of everything rendered, every frame (issue 8: 10–25 ms of each long task).
    const ResizeObserverClass = doc.defaultView?.ResizeObserver;
    if (ResizeObserverClass) {
      const observer = new ResizeObserverClass((entries) => {
        for (const entry of entries) {
          if (entry.target === this.list) this.listWidth = entry.contentRect.width;
        }
        this.textMetrics = undefined;
        this.holdReading();
        this.followStream();
      });
      observer.observe(this.list);
      observer.observe(this.element);
    }
  }

  /**
   * Replaces the whole conversation (state replay). The last messages, the ones on screen, render
   * at once; older ones follow a batch per frame, so a long chat opens without one long task.
   *
   * A message already shown keeps its view and element (updated to the replayed message): a replay
   * of the same chat (Regenerate and Edit drop the messages after one, another window saved it, a
   * New Chat's state came after the first prompt) then costs what changed, not the whole chat parsed,
   * sanitized and laid out again. Elements stay where they are when the order holds: moving a node
   * makes the browser style and lay all of it out again.
   *
   * `older`: how many messages the chat has before these, asked for (onOlderWanted) once these are shown.
   */
  replace(messages: readonly TranscriptMessage[], older = 0): void {
    this.older = older;
    this.olderAsked = undefined;
    const seen = new Set<string>();
    const unique = messages.filter((message) => !seen.has(message.id) && seen.add(message.id));
    const replayed = new Map(unique.map((message) => [message.id, message]));
    const kept = new Map<string, MessageView>();
    for (const view of this.order) {
      if (replayed.get(view.id)?.role === view.role) {
        kept.set(view.id, view);
      } else {
        view.dispose();
      }
    }
    this.views.clear();
    this.order = [];
    this.cutMarker.set(unique.filter((message) => message.role === 'assistant').at(-1)?.contextCut);
    // Shown now: the last messages, and every older one that still has its view right before them.
    let start = Math.max(0, unique.length - FIRST_MESSAGES);
    while (start > 0 && kept.has(unique[start - 1].id)) start--;
    this.backlog = unique.slice(0, start);
    for (const message of this.backlog) {
      // (Cut off from the shown ones by a message that has no view: rendered again with the backlog.)
      kept.get(message.id)?.dispose();
    }
    // Made (and so rendered) newest first: the frame's rendering budget, which they share, goes first to the
    // messages at the end, the ones on screen. Made oldest first, the newest of a long chat's answers waited
    // for the eleven before it, some five frames in the editor.
    const shown = unique.slice(start).reverse().map((message) => {
      const view = kept.get(message.id);
      if (view === undefined) {
        const created = this.createView(message, false);
        this.estimate(created, message);
        return created;
      }
      view.update(message);
      this.views.set(message.id, view);
      return view;
    }).reverse();
    this.order.push(...shown);
    this.placeInOrder(shown.map((view) => view.element));
    this.setPinned(true);
    this.refresh();
    this.scrollToBottom();
    if (this.backlog.length > 0) {
      this.context.scheduler.schedule(this.renderBacklog);
    }
    if (this.older > 0) {
      // In the frame that renders the newest messages, after them: the older ones' message is decoded on this
      // thread (the workbench's too, in the editor) when it comes, and would hold the newest back.
      this.context.scheduler.schedule(this.askOlder);
    }
  }

  /** True while the chat has older messages the view has not been sent yet. */
  get olderToLoad(): boolean {
    return this.older > 0;
  }

  private readonly askOlder = (): void => {
    const oldest = this.backlog[0]?.id ?? this.order[0]?.id;
    if (this.older === 0 || this.olderAsked !== undefined || oldest === undefined) return;
    this.olderAsked = oldest;
    this.onOlderWanted?.(oldest);
  };

  /**
   * The messages before `beforeId` the view asked for (oldest first), `more` older still; rendered with the
   * backlog, older than all of it. False, and nothing changed, when the view did not ask for them (the chat was
   * replaced since). The next are asked for at once, so they come while these render.
   */
  addOlder(beforeId: string, messages: readonly TranscriptMessage[], more: number): boolean {
    if (this.olderAsked === undefined || this.olderAsked !== beforeId) return false;
    this.olderAsked = undefined;
    const known = new Set<string>([...this.views.keys(), ...this.backlog.map((message) => message.id)]);
    const fresh = messages.filter((message) => !known.has(message.id) && known.add(message.id));
    // (A reply that brings nothing new ends it: asking again would bring the same.)
    this.older = fresh.length > 0 ? more : 0;
    const idle = this.backlog.length === 0;
    this.backlog.unshift(...fresh);
    if (idle && fresh.length > 0) this.context.scheduler.schedule(this.renderBacklog);
    this.askOlder();
    return true;
  }

  /**
   * Makes `elements` the list's messages in this order, moving only those out of place. A message goes
   * in where the next one is, in a group or not; the newest is never in a group (chat.css styles it as the
   * list's last child).
   */
  private placeInOrder(elements: HTMLElement[]): void {
    const wanted = new Set<Node>(elements);
    const present: HTMLElement[] = [];
    for (const element of this.messageElements()) {
      if (wanted.has(element)) present.push(element);
      else element.remove();
    }
    const placed = new Set<Node>();
    let next = 0;
    for (const element of elements) {
      // (A message moved up to its place is passed over where it was. Other nodes, such as the context
      // marker, are placed again by refresh.)
      while (next < present.length && placed.has(present[next])) next++;
      const cursor = present[next];
      if (cursor === element) {
        next++;
      } else if (cursor !== undefined) {
        cursor.before(element);
      } else {
        this.list.append(element);
      }
      placed.add(element);
    }
    const newest = elements.at(-1);
    if (newest !== undefined && newest.parentElement !== this.list) this.list.append(newest);
    for (const group of Array.from(this.list.querySelectorAll(':scope > .message-group'))) {
      if (group.querySelector(':scope > .message') === null) group.remove();
    }
  }

  /** The list's message elements, in order. */
  private messageElements(): HTMLElement[] {
    return Array.from(this.list.querySelectorAll<HTMLElement>(':scope > .message, :scope > .message-group > .message'));
  }

  /** Older messages of a replayed chat, not rendered yet (oldest first). */
  private backlog: TranscriptMessage[] = [];

  private readonly renderBacklog = (): void => {
    const batch = this.backlog.splice(Math.max(0, this.backlog.length - MESSAGES_PER_FRAME));
    let groupHeight = 0;
    const views = batch.map((message) => {
      const view = this.createView(message, false);
      groupHeight += this.estimate(view, message);
      return view;
    });
    const group = el(this.context.doc, 'div', { className: 'message-group' }, ...views.map((view) => view.element));
    // (Its height until the browser first lays it out: chat.css.)
    group.style.setProperty('--group-height', `${groupHeight}px`);
    this.order.unshift(...views);
    // Above what is shown: the browser keeps the visible messages in place (scroll anchoring).
    this.list.prepend(group);
    this.refresh();
    this.onBacklogRendered?.();
    if (this.backlog.length > 0) {
      this.context.scheduler.schedule(this.renderBacklog);
    }
  };

  add(message: TranscriptMessage): void {
    const existing = this.views.get(message.id);
    if (existing) {
      existing.update(message);
      return;
    }
    this.list.append(this.createView(message).element);
    if (message.role === 'assistant') {
      this.cutMarker.set(message.contextCut);
    }
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
    const waiting = this.backlog.findIndex((old) => old.id === message.id);
    if (waiting >= 0) {
      this.backlog[waiting] = message;
      return;
    }
    if (this.views.has(message.id)) {
      this.views.get(message.id)?.update(message);
      this.refresh();
    } else {
      this.add(message);
    }
  }

  /**
   * Scrolls to a message and highlights it briefly (a search hit was opened). An older message not
   * rendered yet is rendered first, with everything after it. False when the chat has no such message.
   */
  reveal(messageId: string): boolean {
    while (!this.views.has(messageId) && this.backlog.some((message) => message.id === messageId)) {
      this.renderBacklog();
    }
    const view = this.views.get(messageId);
    if (!view) {
      return false;
    }
    this.setPinned(false);
    this.scrollToMiddle(view.element);
    view.element.classList.add('revealed');
    this.context.doc.defaultView?.setTimeout(() => view.element.classList.remove('revealed'), REVEAL_HIGHLIGHT_MS);
    return true;
  }

  /** Each rendered message's content, in order (what Find searches). */
  contents(): Element[] {
    return Array.from(this.list.querySelectorAll('.message > .content'));
  }

  /** Scrolls a find match into view (the user then reads there: the view stops following the stream). */
  revealRange(range: Range): void {
    this.setPinned(false);
    const target = range.startContainer.parentElement;
    if (target) this.scrollToMiddle(target);
  }

  /**
   * Scrolls `target` to the middle of the view (unpinned first) and keeps it there (holdReading). Far up a
   * reopened long chat the messages around it have never been laid out and count an estimate (content-visibility,
   * chat.css); they grow as the view comes to them, and the hit was pushed off screen, never drawn (the
   * real-editor test of a reopened long chat).
   */
  private scrollToMiddle(target: Element): void {
    target.scrollIntoView?.({ block: 'center' });
    this.reading = { element: target, top: target.getBoundingClientRect().top };
  }

  showRetry(notice: RetryNotice): void {
    const view = this.views.get(notice.messageId) ?? this.lastAnswer();
    view?.showRetry(notice);
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.refresh();
  }

  /** True while the host is answering (its last `busy`). */
  get answering(): boolean {
    return this.busy;
  }

  /**
   * Gives a replayed message the height it counts until the browser first lays it out (chat.css), estimated
   * from its text (heightEstimate.ts); returns that height.
   */
  private estimate(view: MessageView, message: TranscriptMessage): number {
    const height = estimatedHeight(message.content, this.metrics());
    view.element.style.setProperty('--message-height', `${height}px`);
    return height;
  }

  private metrics(): TextMetrics {
    if (this.textMetrics === undefined) {
      // (The width from the ResizeObserver, which reads it after the browser's layout anyway; before it has reported,
      // read here once. The font sizes are style, not layout.)
      const width = this.listWidth > 0 ? this.listWidth : this.list.clientWidth;
      const style = this.context.doc.defaultView?.getComputedStyle(this.list);
      // (NaN for what is not a length, a line height of "normal": heightEstimate.ts falls back.)
      this.textMetrics = { width, fontSize: Number.parseFloat(style?.fontSize ?? ''), lineHeight: Number.parseFloat(style?.lineHeight ?? '') };
    }
    return this.textMetrics;
  }

  private createView(message: TranscriptMessage, last = true): MessageView {
    const view = new MessageView(this.context, message);
    this.views.set(message.id, view);
    if (last) {
      this.order.push(view);
    }
    return view;
  }

  private lastAnswer(): MessageView | undefined {
    const last = this.order[this.order.length - 1];
    return last?.role === 'assistant' ? last : undefined;
  }

  /** The summary the chat was started from, shown at its top (none: nothing shown). */
  setSummary(summary: string | undefined): void {
    this.summarySlot.replaceChildren(...(summary ? [summaryBlock(this.context.doc, summary)] : []));
  }

  private refresh(): void {
    this.emptyState.hidden = this.order.length > 0;
    this.cutMarker.place((id) => this.views.get(id)?.element);
    const lastAnswer = this.lastAnswer();
    for (const view of this.order) {
      view.setAffordances(view === lastAnswer, this.busy);
    }
  }

  /**
   * Unpins only when the user scrolls up. A scroll event caused by our own scroll to the
   * bottom can arrive after the content grew again; judging it by distance alone would
   * unpin the view by mistake. Nor does the position going up unpin it unless the user did
   * something that scrolls (wheel, key, touch, the scrollbar): the browser moves it up itself when
   * the content shrinks under the end of the view (a block laid out smaller than its estimate), and
   * a reopened long chat, growing above as its older messages render, then stopped following its end.
   */
  private onScroll(): void {
    const top = this.element.scrollTop;
    if (this.distanceFromBottom() <= BOTTOM_SLACK) {
      this.setPinned(true);
    } else if (top < this.lastScrollTop && this.userScrolling()) {
      this.setPinned(false);
    }
    this.lastScrollTop = top;
    this.markReading();
  }

  /** Notes what is at the middle of the view, and where, while the user reads away from the end. */
  private markReading(): void {
    this.reading = undefined;
    if (this.pinnedToBottom) return;
    const view = this.element.getBoundingClientRect();
    const element = this.context.doc.elementFromPoint?.(view.left + view.width / 2, view.top + view.height / 2);
    if (element && this.list.contains(element)) this.reading = { element, top: element.getBoundingClientRect().top };
  }

  /**
   * Called when the list changed size (after the browser's layout): what was at the middle of the view (or
   * scrolled to) goes back where it was. The browser's scroll anchoring does most of that (chat.css:
   * data-reading), but left part of a group of older messages' growth as it came into view (2,000 px); what
   * it leaves, this does, before the frame is drawn.
   */
  private holdReading(): void {
    const reading = this.reading;
    if (reading === undefined || this.pinnedToBottom || !reading.element.isConnected) return;
    const moved = reading.element.getBoundingClientRect().top - reading.top;
    if (Math.abs(moved) >= 1) this.element.scrollTop += moved;
  }

  private userScrolling(): boolean {
    return this.pointerHeld || this.context.clock.now() - this.lastUserInput <= USER_SCROLL_MS;
  }

  /**
   * While the user reads away from the end, the browser keeps what is on screen in place (scroll
   * anchoring: `data-reading` in chat.css). A settled message off screen counts an estimated height
   * until it is first laid out (content-visibility), and is laid out as it comes near the view: without
   * anchoring, scrolling up through a reopened long chat pushed what was on screen down by what each
   * such message grew, and a wheel turn of 600 px skipped several messages. At the end, the view
   * follows the stream itself.
   */
  private setPinned(pinned: boolean): void {
    this.pinnedToBottom = pinned;
    // Written only on a change: the scroll events of following the stream come every frame.
    if (this.jumpButton.hidden !== pinned) {
      this.jumpButton.hidden = pinned;
      this.element.toggleAttribute('data-reading', !pinned);
    }
  }

  private distanceFromBottom(): number {
    return this.element.scrollHeight - this.element.scrollTop - this.element.clientHeight;
  }

  /** Called when the list or the view changed size (after the browser's layout). */
  private followStream(): void {
    const { clock } = this.context;
    if (!this.pinnedToBottom) {
      this.cancelOwedFollow();
      return;
    }
    const waited = clock.now() - this.lastFollow;
    if (this.context.budget.isBehind && waited < BEHIND_FOLLOW_MS) {
      // Owed, not dropped: nothing may change size again once the rendering has caught up.
      this.owedFollow ??= clock.setInterval(() => this.followStream(), BEHIND_FOLLOW_MS - waited);
      return;
    }
    this.scrollToBottom();
  }

  private scrollToBottom(): void {
    this.cancelOwedFollow();
    this.lastFollow = this.context.clock.now();
    this.element.scrollTop = this.element.scrollHeight;
  }

  private cancelOwedFollow(): void {
    if (this.owedFollow !== undefined) {
      this.context.clock.clearInterval(this.owedFollow);
      this.owedFollow = undefined;
    }
  }
}
