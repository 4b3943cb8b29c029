// Past chats: open one or delete it. Shown in place of the conversation; Escape closes it.
import type { ChatSummary } from '../shared/protocol';
import { el, iconButton, onActivate } from './dom';
import { t } from './strings';

export interface HistoryCallbacks {
  open(chatId: string): void;
  delete(chatId: string): void;
  /** Opens the file of a damaged chat (one that cannot be read) in an editor. */
  openFile(chatId: string): void;
  close(): void;
}

function formatWhen(timestamp: number): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export class HistoryPanel {
  readonly element: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly emptyNote: HTMLElement;
  private currentChatId: string | undefined;
  private history: ChatSummary[] = [];

  constructor(private readonly doc: Document, private readonly callbacks: HistoryCallbacks) {
    this.list = el(doc, 'ul', { className: 'history-list', attrs: { 'aria-label': t('pastChats') } });
    this.emptyNote = el(doc, 'p', { className: 'history-empty', text: t('noPastChats') });
    const close = iconButton(doc, 'close', t('closeHistory'), { className: 'close-history' });
    this.element = el(doc, 'section', { className: 'history-panel', attrs: { id: 'history-panel', 'aria-label': t('chatHistory') } },
      el(doc, 'div', { className: 'panel-header' }, el(doc, 'h2', { text: t('history') }), close),
      this.emptyNote, this.list);
    this.element.hidden = true;

    onActivate(close, () => callbacks.close());
    this.element.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        callbacks.close();
      }
    });
    onActivate(this.list, (event) => this.onClick(event));
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  setOpen(open: boolean): void {
    this.element.hidden = !open;
    if (open) {
      (this.list.querySelector<HTMLElement>('.open-chat') ?? this.element.querySelector<HTMLElement>('.close-history'))?.focus();
    }
  }

  setHistory(history: readonly ChatSummary[], currentChatId: string | undefined): void {
    this.history = [...history].sort((a, b) => b.updatedAt - a.updatedAt);
    this.currentChatId = currentChatId;
    this.render();
  }

  setCurrentChat(chatId: string | undefined): void {
    this.currentChatId = chatId;
    this.render();
  }

  private render(): void {
    const { doc } = this;
    const focused = this.focusedButton();
    this.emptyNote.hidden = this.history.length > 0;
    this.list.replaceChildren(...this.history.map((chat) => {
      const messages = chat.messageCount === 1 ? t('messageCountOne') : t('messageCountMany', chat.messageCount);
      const remove = iconButton(doc, 'trash', t('deleteChat', chat.title || t('untitledChat')), { className: 'delete-chat' });
      if (chat.damaged) {
        // It cannot be reopened; the user can look at the file or delete it.
        const label = el(doc, 'div', { className: 'damaged-chat' },
          el(doc, 'span', { className: 'history-title', text: t('damagedChat') }),
          el(doc, 'span', { className: 'history-meta', text: t('damagedChatMeta', formatWhen(chat.updatedAt)) }));
        const openFile = iconButton(doc, 'go-to-file', t('openDamagedFile'), { className: 'open-chat-file' });
        const item = el(doc, 'li', { className: 'history-item damaged' }, label, openFile, remove);
        item.dataset.chatId = chat.id;
        return item;
      }
      const open = el(doc, 'button', { className: 'open-chat', attrs: { type: 'button' } },
        el(doc, 'span', { className: 'history-title', text: chat.title || t('untitledChat') }),
        el(doc, 'span', { className: 'history-meta', text: `${formatWhen(chat.updatedAt)} · ${messages}` }));
      const item = el(doc, 'li', { className: 'history-item' }, open, remove);
      item.dataset.chatId = chat.id;
      if (chat.id === this.currentChatId) {
        open.setAttribute('aria-current', 'true');
        item.classList.add('current');
      }
      return item;
    }));
    if (focused) {
      // The rows were rebuilt: give keyboard focus back to the same button of the same chat.
      const item = Array.from(this.list.children).find((row) => (row as HTMLElement).dataset.chatId === focused.chatId);
      item?.querySelector<HTMLElement>(`.${focused.className}`)?.focus();
    }
  }

  /** Which row button has keyboard focus, if any. */
  private focusedButton(): { chatId: string; className: string } | undefined {
    const active = this.doc.activeElement;
    const chatId = active?.closest<HTMLElement>('.history-item')?.dataset.chatId;
    if (!active || chatId === undefined || !this.list.contains(active)) {
      return undefined;
    }
    const className = ['delete-chat', 'open-chat-file'].find((name) => active.classList.contains(name)) ?? 'open-chat';
    return { chatId, className };
  }

  private onClick(event: Event): void {
    const target = event.target as Element | null;
    const item = target?.closest<HTMLElement>('.history-item');
    const chatId = item?.dataset.chatId;
    if (!item || chatId === undefined) {
      return;
    }
    if (target?.closest('.delete-chat')) {
      // Keep keyboard focus in the list after the row disappears.
      const neighbour = item.nextElementSibling ?? item.previousElementSibling;
      this.callbacks.delete(chatId);
      neighbour?.querySelector<HTMLElement>('.open-chat')?.focus();
      return;
    }
    if (target?.closest('.open-chat-file')) {
      this.callbacks.openFile(chatId);
      return;
    }
    if (!item.classList.contains('damaged')) {
      this.callbacks.open(chatId);
    }
  }
}
