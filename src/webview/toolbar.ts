// The row above the conversation: the model in use (click to switch). New Chat, History and Export
// are the view's title actions (VS Code's convention, package.json `menus.view/title`) and commands,
// not buttons here: a narrow sidebar showed them twice, and the space belongs to the conversation.
import { el, icon, onActivate } from './dom';
import { t } from './strings';

export interface ToolbarCallbacks {
  pickModel(): void;
}

export class Toolbar {
  readonly element: HTMLElement;
  private readonly modelButton: HTMLButtonElement;
  private readonly modelName: HTMLElement;

  constructor(doc: Document, callbacks: ToolbarCallbacks) {
    this.modelName = el(doc, 'span', { className: 'model-name' });
    // The button's text is exactly the model id: the icons are empty spans.
    this.modelButton = el(doc, 'button', { className: 'model-picker', attrs: { id: 'model-picker', type: 'button' } },
      icon(doc, 'sparkle'), this.modelName, icon(doc, 'chevron-down'));
    this.element = el(doc, 'header', { className: 'toolbar', attrs: { 'aria-label': t('chatModel') } }, this.modelButton);

    onActivate(this.modelButton, () => callbacks.pickModel());
    this.setModel(undefined);
  }

  setModel(model: string | undefined): void {
    this.modelName.textContent = model ?? t('selectModel');
    const label = model ? t('modelChange', model) : t('selectModel');
    this.modelButton.setAttribute('aria-label', label);
    this.modelButton.title = label;
  }
}
