// The hits of a search across all chats, shown in the history panel: title, date, and the text
// around the match (the match marked). Everything goes in as text, never as HTML.
import type { SearchHit } from '../../shared/protocol';
import { el, onActivate } from '../dom';
import { t } from '../strings';
import { formatWhen } from '../../shared/dates';


/** Where in the chat the words were found. */
function where(role: SearchHit['role']): string {
  return role === 'user' ? t('whereYourMessage') : role === 'assistant' ? t('whereAnswer') : t('whereTitle');
}

export class SearchResultsList {
  readonly element: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly summary: HTMLElement;

  constructor(private readonly doc: Document, open: (chatId: string, messageId: string | undefined) => void) {
    this.summary = el(doc, 'p', { className: 'search-summary', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.list = el(doc, 'ul', { className: 'search-results', attrs: { 'aria-label': t('searchResults') } });
    this.element = el(doc, 'div', { className: 'search-results-panel' }, this.summary, this.list);
    this.element.hidden = true;
    onActivate(this.list, (event) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>('.open-hit');
      const chatId = button?.dataset.chatId;
      if (button && chatId !== undefined) {
        open(chatId, button.dataset.messageId);
      }
    });
  }

  show(hits: readonly SearchHit[], total: number): void {
    const { doc } = this;
    this.element.hidden = false;
    this.summary.textContent = total === 0 ? t('noMessageContains')
      : total > hits.length ? t('matchesFirstShown', total, hits.length) : total === 1 ? t('matchOne') : t('matchMany', total);
    this.list.replaceChildren(...hits.map((hit) => {
      const snippet = el(doc, 'span', { className: 'search-snippet' },
        doc.createTextNode(hit.snippet.before), el(doc, 'mark', { text: hit.snippet.match }), doc.createTextNode(hit.snippet.after));
      const button = el(doc, 'button', { className: 'open-hit', attrs: { type: 'button' } },
        el(doc, 'span', { className: 'history-title', text: hit.title || t('untitledChat') }),
        el(doc, 'span', { className: 'history-meta', text: `${formatWhen(hit.updatedAt)} · ${where(hit.role)}` }),
        snippet);
      button.dataset.chatId = hit.chatId;
      if (hit.messageId !== undefined) button.dataset.messageId = hit.messageId;
      return el(doc, 'li', { className: 'search-hit' }, button);
    }));
  }

  clear(): void {
    this.element.hidden = true;
    this.list.replaceChildren();
    this.summary.textContent = '';
  }
}
