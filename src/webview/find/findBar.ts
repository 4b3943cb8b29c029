// Find in the chat (Ctrl+F / Cmd+F): a bar above the conversation with a count and next/previous.
// Matches are found in the rendered text (findMatches) and shown with highlights that leave the DOM
// alone (findHighlights). New text is searched when the conversation tells the bar it changed
// (refreshSoon): a message added or finished, a chat replayed. An answer still streaming is searched
// as far as it is rendered then, and again once it ends.
import { el, iconButton, onActivate } from '../dom';
import { t } from '../strings';
import { findMatches } from './findMatches';
import { createFindHighlighter, type FindHighlighter } from './findHighlights';

export interface FindBarOptions {
  doc: Document;
  /** The elements to search, in document order (each message's rendered content). */
  containers(): Iterable<Element>;
  /** Runs a task at the next frame (coalesced), after rendering. */
  schedule(task: () => void): void;
  /** Where focus goes when the bar closes. */
  returnFocus(): void;
  /** Brings a match into view. */
  reveal(range: Range): void;
}

export class FindBar {
  readonly element: HTMLElement;
  readonly input: HTMLInputElement;
  private readonly count: HTMLElement;
  private readonly highlighter: FindHighlighter;
  private ranges: Range[] = [];
  private current = 0;
  /** Refreshes done so far (tests count them). */
  refreshes = 0;

  constructor(private readonly options: FindBarOptions) {
    const { doc } = options;
    this.input = el(doc, 'input', { className: 'find-input', attrs: { type: 'text', 'aria-label': t('findInChat'), placeholder: t('findInChat'), spellcheck: 'false' } });
    this.count = el(doc, 'span', { className: 'find-count', attrs: { role: 'status', 'aria-live': 'polite' } });
    const previous = iconButton(doc, 'arrow-up', t('previousMatch'), { className: 'find-previous' });
    const next = iconButton(doc, 'arrow-down', t('nextMatch'), { className: 'find-next' });
    const close = iconButton(doc, 'close', t('closeFind'), { className: 'find-close' });
    this.element = el(doc, 'div', { className: 'find-bar', attrs: { role: 'search', 'aria-label': t('findInChat') } },
      this.input, this.count, previous, next, close);
    this.element.hidden = true;
    this.highlighter = createFindHighlighter(doc.defaultView as Window);

    this.input.addEventListener('input', () => {
      this.current = 0;
      this.refresh(true);
    });
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.isComposing) {
        event.preventDefault();
        this.step(event.shiftKey ? -1 : 1);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
      }
    });
    onActivate(previous, () => this.step(-1));
    onActivate(next, () => this.step(1));
    onActivate(close, () => this.close());
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** The count as shown: "3 of 12", "No results", or nothing without a query. */
  get countText(): string {
    return this.count.textContent ?? '';
  }

  open(): void {
    this.element.hidden = false;
    this.input.focus();
    this.input.select();
    this.refresh(true);
  }

  /** Hides the bar and its highlights; focus goes back to the prompt unless `returnFocus` is false. */
  close(returnFocus = true): void {
    this.element.hidden = true;
    this.ranges = [];
    this.highlighter.clear();
    if (returnFocus) {
      this.options.returnFocus();
    }
  }

  /** The conversation changed: search again at the next frame (once, however many changes). */
  refreshSoon(): void {
    if (this.isOpen) {
      this.options.schedule(this.refreshLater);
    }
  }

  private readonly refreshLater = (): void => {
    if (this.isOpen) this.refresh(false);
  };

  private step(delta: number): void {
    if (this.ranges.length === 0) {
      return;
    }
    this.current = (this.current + delta + this.ranges.length) % this.ranges.length;
    this.show(true);
  }

  /** Finds the matches again; `reveal` scrolls to the current one (not on a background refresh). */
  private refresh(reveal: boolean): void {
    this.refreshes++;
    this.ranges = findMatches(this.options.containers(), this.input.value);
    this.current = Math.min(this.current, Math.max(0, this.ranges.length - 1));
    this.show(reveal);
  }

  private show(reveal: boolean): void {
    const total = this.ranges.length;
    this.count.textContent = !this.input.value.trim() ? '' : total === 0 ? t('noResults') : t('matchPosition', this.current + 1, total);
    this.element.classList.toggle('no-results', total === 0 && this.input.value.trim() !== '');
    if (total === 0) {
      this.highlighter.clear();
      return;
    }
    this.highlighter.show(this.ranges, this.current);
    if (reveal) {
      this.options.reveal(this.ranges[this.current]);
    }
  }
}
