// Screen readers hear a finished answer once: a polite live region receives "Answer finished: " and
// the start of the answer's text when the answer ends, never while it streams (token-by-token
// announcements would be unusable). The whole answer is one step away with Open Answer in Editor.
import type { TranscriptMessage } from '../shared/protocol';
import { el } from './dom';
import { t } from './strings';

/** How much of the answer's text is read out. */
export const ANNOUNCED_CHARS = 300;
/** Markdown source converted to find that text: enough for ANNOUNCED_CHARS of almost any answer. */
const SOURCE_CHARS = 4 * ANNOUNCED_CHARS;

export class AnswerAnnouncer {
  readonly element: HTMLElement;
  private readonly announced = new Set<string>();

  /** `plainText` turns Markdown into the text a reader would hear (no markup). */
  constructor(doc: Document, private readonly plainText: (markdown: string) => string) {
    this.element = el(doc, 'div', { className: 'visually-hidden', attrs: { id: 'answer-announcement', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  }

  /** Called with every message update: announces an answer the first time it is seen finished. */
  update(message: TranscriptMessage): void {
    if (message.role !== 'assistant' || message.status !== 'done' || this.announced.has(message.id)) {
      return;
    }
    this.announced.add(message.id);
    const text = this.plainText(message.content.slice(0, SOURCE_CHARS)).replace(/\s+/g, ' ').trim();
    const start = text.length > ANNOUNCED_CHARS ? `${text.slice(0, ANNOUNCED_CHARS).trimEnd()}…` : text;
    this.element.textContent = start ? t('answerFinishedWith', start) : t('answerFinished');
  }
}
