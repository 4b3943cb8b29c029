// Past chats: open, rename, pin or delete one, or search them all. Shown in place of the
// conversation; Escape closes it.
import type { ChatSummary, SearchHit } from '../shared/protocol';
import { el, iconButton, onActivate } from './dom';
import { t } from './strings';
import { SearchResultsList } from './find/searchResultsList';
import { formatWhen } from '../shared/dates';

export interface HistoryCallbacks {
  open(chatId: string): void;
  delete(chatId: string): void;
  /** Opens the file of a damaged chat (one that cannot be read) in an editor. */
  openFile(chatId: string): void;
  close(): void;
  rename(chatId: string): void;
  pin(chatId: string, pinned: boolean): void;
  /** Searches every chat; the answer comes back through showResults. */
  search(query: string): void;
  /** Opens a search hit: its chat, scrolled to its message. */
  openHit(chatId: string, messageId: string | undefined): void;
}


export class HistoryPanel {
  readonly element: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly emptyNote: HTMLElement;
  private currentChatId: string | undefined;
  private history: ChatSummary[] = [];
  readonly searchInput: HTMLInputElement;
  private readonly results: SearchResultsList;

  constructor(private readonly doc: Document, private readonly callbacks: HistoryCallbacks) {
    this.list = el(doc, 'ul', { className: 'history-list', attrs: { 'aria-label': t('pastChats') } });
    this.emptyNote = el(doc, 'p', { className: 'history-empty', text: t('noPastChats') });
    const close = iconButton(doc, 'close', t('closeHistory'), { className: 'close-history' });
    this.searchInput = el(doc, 'input', {
      className: 'history-search',
      attrs: { type: 'search', 'aria-label': t('searchAllChats'), placeholder: t('searchAllChats'), spellcheck: 'false' },
    });
    this.results = new SearchResultsList(doc, (chatId, messageId) => callbacks.openHit(chatId, messageId));
    this.element = el(doc, 'section', { className: 'history-panel', attrs: { id: 'history-panel', 'aria-label': t('chatHistory') } },
      el(doc, 'div', { className: 'panel-header' }, el(doc, 'h2', { text: t('history') }), close),
      this.searchInput, this.results.element, this.emptyNote, this.list);
    this.element.hidden = true;
    this.searchInput.addEventListener('input', () => this.onSearchInput());
    // An empty search tells the host a search is coming: it builds its index meanwhile.
    this.searchInput.addEventListener('focus', () => {
      if (!this.searchInput.value.trim()) callbacks.search('');
    });

    onActivate(close, () => callbacks.close());
    this.element.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && event.target === this.searchInput && this.searchInput.value) {
        // The first Escape clears the search, the next closes the panel.
        event.preventDefault();
        this.searchInput.value = '';
        this.onSearchInput();
      } else if (event.key === 'Escape') {
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

  /** Hits for the query now in the search box (older answers are dropped by the caller). */
  showResults(hits: readonly SearchHit[], total: number): void {
    if (this.searchInput.value.trim()) {
      this.results.show(hits, total);
    }
  }

  private onSearchInput(): void {
    const query = this.searchInput.value;
    const searching = query.trim() !== '';
    this.list.hidden = searching;
    this.emptyNote.hidden = searching || this.history.length > 0;
    if (searching) {
      this.callbacks.search(query);
    } else {
      this.results.clear();
    }
  }

  setHistory(history: readonly ChatSummary[], currentChatId: string | undefined): void {
    // Pinned chats first, then by recency.
    this.history = [...history].sort((a, b) => Number(b.pinned ?? false) - Number(a.pinned ?? false) || b.updatedAt - a.updatedAt);
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
    this.emptyNote.hidden = this.history.length > 0 || this.list.hidden;
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
      const title = chat.title || t('untitledChat');
      const meta = el(doc, 'span', { className: 'history-meta', text: `${formatWhen(chat.updatedAt)} · ${messages}` });
      const open = el(doc, 'button', { className: 'open-chat', attrs: { type: 'button' } },
        el(doc, 'span', { className: 'history-title', text: title }), meta);
      if (chat.forkedFrom) {
        // The origin's name now (it may have been renamed since), or the one it had when forked if it is gone.
        const { chatId: originId, title: originTitle } = chat.forkedFrom;
        const origin = this.history.find((other) => other.id === originId)?.title ?? originTitle;
        open.append(el(doc, 'span', { className: 'history-meta forked-from', text: t('forkedFrom', origin || t('untitledChat')) }));
      }
      const rename = iconButton(doc, 'edit', t('renameChat', title), { className: 'rename-chat' });
      const pin = iconButton(doc, chat.pinned ? 'pinned' : 'pin', chat.pinned ? t('unpinChat', title) : t('pinChat', title), { className: 'pin-chat' });
      pin.setAttribute('aria-pressed', String(chat.pinned === true));
      const item = el(doc, 'li', { className: `history-item${chat.pinned ? ' pinned' : ''}` }, open, pin, rename, remove);
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
    const className = ['delete-chat', 'open-chat-file', 'rename-chat', 'pin-chat'].find((name) => active.classList.contains(name)) ?? 'open-chat';
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
    if (target?.closest('.rename-chat')) {
      this.callbacks.rename(chatId);
      return;
    }
    if (target?.closest('.pin-chat')) {
      this.callbacks.pin(chatId, !this.history.find((chat) => chat.id === chatId)?.pinned);
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
