// Notices above the prompt that the user must not miss: a chat that could not be saved (shown
// until a save succeeds again), and a prompt the host did not take (its text is back in the box).
import { el, iconButton } from './dom';
import { t } from './strings';

export class NoticeBar {
  readonly element: HTMLElement;
  private readonly saveError: HTMLElement;
  private readonly note: HTMLElement;
  private readonly noteText: HTMLElement;

  constructor(doc: Document) {
    this.saveError = el(doc, 'div', { className: 'notice save-error', attrs: { role: 'alert' } });
    this.saveError.hidden = true;
    this.noteText = el(doc, 'span');
    const dismiss = iconButton(doc, 'close', t('dismiss'), { className: 'dismiss-notice' });
    this.note = el(doc, 'div', { className: 'notice send-rejected', attrs: { role: 'status' } }, this.noteText, dismiss);
    this.note.hidden = true;
    dismiss.addEventListener('click', () => (this.note.hidden = true));
    this.element = el(doc, 'div', { className: 'notices' }, this.saveError, this.note);
  }

  /** `reason` set: the chat is not safely on disk; undefined: saving works (again). */
  setSaveError(reason: string | undefined): void {
    this.saveError.hidden = reason === undefined;
    this.saveError.textContent = reason === undefined
      ? ''
      : t('saveFailed', reason);
  }

  showNote(text: string): void {
    this.noteText.textContent = text;
    this.note.hidden = false;
  }
}
