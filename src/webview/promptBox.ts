// The prompt: a multi-line textarea (Enter sends, Shift+Enter new line, IME-safe), Send,
// and Stop while an answer streams. The draft survives the view being hidden.
import { el, icon, onActivate } from './dom';
import { isSendKey } from './keys';
import { t } from './strings';

export interface PromptCallbacks {
  send(text: string): void;
  stop(): void;
  draftChanged(draft: string): void;
}

export class PromptBox {
  readonly element: HTMLElement;
  readonly textarea: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private busy = false;

  constructor(doc: Document, private readonly callbacks: PromptCallbacks, draft: string) {
    this.textarea = el(doc, 'textarea', {
      attrs: { id: 'prompt', rows: '2', 'aria-label': t('prompt'), placeholder: t('promptPlaceholder') },
    });
    this.textarea.value = draft;
    this.sendButton = el(doc, 'button', { className: 'primary', attrs: { id: 'send', type: 'button', 'aria-label': t('send'), title: t('sendTitle') } },
      icon(doc, 'send'));
    this.stopButton = el(doc, 'button', { className: 'primary', attrs: { id: 'stop', type: 'button', 'aria-label': t('stop'), title: t('stopTitle') } },
      icon(doc, 'debug-stop'));
    this.stopButton.hidden = true;
    this.element = el(doc, 'footer', { className: 'composer' },
      this.textarea, el(doc, 'div', { className: 'composer-actions' }, this.sendButton, this.stopButton));

    this.textarea.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.textarea.addEventListener('input', () => this.onInput());
    onActivate(this.sendButton, () => this.submit());
    onActivate(this.stopButton, () => this.callbacks.stop());
    this.updateSendButton();
  }

  setBusy(busy: boolean): void {
    const stopHadFocus = this.stopButton.ownerDocument.activeElement === this.stopButton;
    this.busy = busy;
    this.sendButton.hidden = busy;
    this.stopButton.hidden = !busy;
    this.updateSendButton();
    if (stopHadFocus && !busy) {
      // Don't strand keyboard focus on a button that just disappeared.
      this.textarea.focus();
    }
  }

  /** Text from the host (Send Selection): appended below the draft or replacing it. */
  setInput(text: string, mode: 'append' | 'replace'): void {
    const current = this.textarea.value;
    this.textarea.value = mode === 'replace' || current.trim() === '' ? text : `${current.replace(/\s+$/, '')}\n\n${text}`;
    this.onInput();
    this.focus();
    const end = this.textarea.value.length;
    this.textarea.setSelectionRange(end, end);
  }

  setModel(model: string | undefined): void {
    this.textarea.placeholder = model
      ? t('promptPlaceholderModel', model)
      : t('promptPlaceholder');
  }

  focus(): void {
    this.textarea.focus();
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (!isSendKey(event)) {
      return;
    }
    event.preventDefault();
    this.submit();
  }

  private onInput(): void {
    this.updateSendButton();
    this.callbacks.draftChanged(this.textarea.value);
  }

  private submit(): void {
    const text = this.textarea.value;
    if (this.busy || text.trim() === '') {
      return;
    }
    this.callbacks.send(text);
    this.textarea.value = '';
    this.onInput();
    // Sent with the Send button: it hides while the answer streams, so keep typing focus here.
    this.textarea.focus();
  }

  private updateSendButton(): void {
    this.sendButton.disabled = this.textarea.value.trim() === '';
  }
}
