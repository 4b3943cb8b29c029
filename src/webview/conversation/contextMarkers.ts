// Markers in the conversation about what the model sees: "N earlier messages are not sent" before
// the first message the latest request sent (from the latest answer's contextCut, kept with the
// chat, so it is back after a reload), and the summary a chat was started from, at its top.
import type { ContextCut } from '../../shared/protocol';
import { cutMarkerText } from '../../shared/contextCutText';
import { el, icon } from '../dom';
import { strings, t } from '../strings';

export class ContextCutMarker {
  readonly element: HTMLElement;
  private readonly text: HTMLElement;
  private cut: ContextCut | undefined;

  constructor(doc: Document) {
    this.text = el(doc, 'span');
    this.element = el(doc, 'div', { className: 'context-cut', attrs: { role: 'note' } }, icon(doc, 'fold-up'), this.text);
    this.element.title = t('cutMarkerTitle');
  }

  /** The latest answer's cut (undefined: everything was sent). */
  set(cut: ContextCut | undefined): void {
    this.cut = cut;
    if (cut) {
      this.text.textContent = cutMarkerText(cut.omitted, strings());
      this.element.dataset.omitted = String(cut.omitted);
    }
  }

  /** Puts the marker before the message it names, once that is rendered; removes it otherwise. */
  place(find: (messageId: string) => HTMLElement | undefined): void {
    const target = this.cut ? find(this.cut.resumeAt) : undefined;
    if (target) {
      if (target.previousElementSibling !== this.element) target.before(this.element);
    } else {
      this.element.remove();
    }
  }
}

/** The summary a chat was started from ("New chat with a summary"), collapsed at the top. */
export function summaryBlock(doc: Document, summary: string): HTMLElement {
  const details = el(doc, 'details', { className: 'chat-summary' },
    el(doc, 'summary', { text: t('summaryStarted') }),
    el(doc, 'div', { className: 'chat-summary-text', text: summary }));
  return details;
}
