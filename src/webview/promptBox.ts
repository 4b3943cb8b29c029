// The prompt: a multi-line textarea (Enter sends, Shift+Enter new line, IME-safe), Send,
// and Stop while an answer streams. The draft survives the view being hidden.
import { el, icon, onActivate } from './dom';
import { isSendKey } from './keys';
import { t } from './strings';

export interface PromptCallbacks {
  send(text: string): void;
  stop(): void;
  draftChanged(draft: string): void;
  /** Opens the host's file picker (`hash`: a `#` typed at the start of a word) or its Add to Chat menu. */
  attach?(via: 'hash' | 'menu'): void;
}

export class PromptBox {
  readonly element: HTMLElement;
  readonly textarea: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private busy = false;
  /** Where the `#` that opened the file picker was typed, until the picker closes. */
  private hashAt: number | undefined;

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
    const attachButton = el(doc, 'button', { className: 'secondary', attrs: { id: 'attach', type: 'button', 'aria-label': t('addToChat'), title: t('addToChatTitle') } },
      icon(doc, 'attach'));
    attachButton.hidden = callbacks.attach === undefined;
    this.element = el(doc, 'footer', { className: 'composer' },
      this.textarea, el(doc, 'div', { className: 'composer-actions' }, attachButton, this.sendButton, this.stopButton));
    onActivate(attachButton, () => this.callbacks.attach?.('menu'));
    this.textarea.addEventListener('input', (event) => this.onHash(event as InputEvent));

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

  /** The file picker a `#` opened has closed: when it added files, the `#` is taken out of the prompt. */
  pickClosed(added: boolean): void {
    const at = this.hashAt;
    this.hashAt = undefined;
    if (!added || at === undefined || this.textarea.value[at] !== '#') {
      return;
    }
    const value = this.textarea.value;
    this.textarea.value = value.slice(0, at) + value.slice(at + 1);
    this.onInput();
    this.focus();
    this.textarea.setSelectionRange(at, at);
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

  /** A `#` typed at the start of the prompt or after a space or line break opens the file picker. */
  private onHash(event: InputEvent): void {
    if (event.data !== '#' || this.callbacks.attach === undefined || event.isComposing) {
      return;
    }
    const at = this.textarea.selectionStart - 1;
    const before = at > 0 ? this.textarea.value[at - 1] : '';
    if (this.textarea.value[at] === '#' && (before === '' || /\s/.test(before))) {
      this.hashAt = at;
      this.callbacks.attach('hash');
    }
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
