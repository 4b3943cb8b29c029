// The row above the conversation: the model in use (click to switch), New Chat, History.
import { el, icon, iconButton, onActivate } from './dom';
import { t } from './strings';

export interface ToolbarCallbacks {
  pickModel(): void;
  newChat(): void;
  toggleHistory(): void;
}

export class Toolbar {
  readonly element: HTMLElement;
  readonly historyButton: HTMLButtonElement;
  private readonly modelButton: HTMLButtonElement;
  private readonly modelName: HTMLElement;

  constructor(doc: Document, callbacks: ToolbarCallbacks) {
    this.modelName = el(doc, 'span', { className: 'model-name' });
    // The button's text is exactly the model id: the icons are empty spans.
    this.modelButton = el(doc, 'button', { className: 'model-picker', attrs: { id: 'model-picker', type: 'button' } },
      icon(doc, 'sparkle'), this.modelName, icon(doc, 'chevron-down'));
    const newChat = iconButton(doc, 'add', t('newChat'), { attrs: { id: 'new-chat' } });
    this.historyButton = iconButton(doc, 'history', t('chatHistory'), { attrs: { id: 'history', 'aria-expanded': 'false', 'aria-controls': 'history-panel' } });
    this.element = el(doc, 'header', { className: 'toolbar', attrs: { 'aria-label': t('chatActions') } },
      this.modelButton, el(doc, 'span', { className: 'spacer' }), newChat, this.historyButton);

    onActivate(this.modelButton, () => callbacks.pickModel());
    onActivate(newChat, () => callbacks.newChat());
    onActivate(this.historyButton, () => callbacks.toggleHistory());
    this.setModel(undefined);
  }

  setModel(model: string | undefined): void {
    this.modelName.textContent = model ?? t('selectModel');
    const label = model ? t('modelChange', model) : t('selectModel');
    this.modelButton.setAttribute('aria-label', label);
    this.modelButton.title = label;
  }

  setHistoryOpen(open: boolean): void {
    this.historyButton.setAttribute('aria-expanded', String(open));
  }
}
