// First-run setup: shown while the base URL or the API key is missing, with a button for each step.
import type { ErrorAction } from '../shared/protocol';
import { el, icon, onActivate } from './dom';

interface Step {
  action: ErrorAction;
  name: string;
  label: string;
  done: (config: { hasApiKey: boolean; hasBaseUrl: boolean }) => boolean;
  explanation: string;
}

const STEPS: Step[] = [
  { action: 'setBaseUrl', name: 'Base URL', label: 'Set Base URL', done: (c) => c.hasBaseUrl, explanation: 'The address of your Model Access API, ending in /v1.' },
  { action: 'setApiKey', name: 'API key', label: 'Set API Key', done: (c) => c.hasApiKey, explanation: 'Kept in VS Code secret storage; or set MODEL_ACCESS_API_KEY.' },
];

export class WelcomePanel {
  readonly element: HTMLElement;
  private readonly steps: { step: Step; item: HTMLElement; state: HTMLElement; button: HTMLButtonElement }[];

  constructor(doc: Document, runAction: (action: ErrorAction) => void) {
    this.steps = STEPS.map((step) => {
      const button = el(doc, 'button', { text: step.label, attrs: { type: 'button' } });
      button.dataset.action = step.action;
      onActivate(button, () => runAction(step.action));
      const state = el(doc, 'span', { className: 'step-state' });
      const item = el(doc, 'li', { className: 'welcome-step' },
        el(doc, 'div', { className: 'step-text' }, state, el(doc, 'span', { text: step.explanation })), button);
      return { step, item, state, button };
    });
    this.element = el(doc, 'section', { attrs: { id: 'welcome', 'aria-labelledby': 'welcome-title' } },
      el(doc, 'h2', { attrs: { id: 'welcome-title' } }, icon(doc, 'sparkle'), doc.createTextNode(' Welcome to Model Access')),
      el(doc, 'p', { text: 'Connect to your Model Access API to start chatting.' }),
      el(doc, 'ol', { className: 'welcome-steps' }, ...this.steps.map((s) => s.item)));
    this.element.hidden = true;
  }

  update(config: { hasApiKey: boolean; hasBaseUrl: boolean }): void {
    this.element.hidden = config.hasApiKey && config.hasBaseUrl;
    for (const { step, item, state, button } of this.steps) {
      const done = step.done(config);
      item.classList.toggle('done', done);
      state.textContent = `${step.name}: ${done ? 'set' : 'not set'}. `;
      button.className = done ? 'secondary' : 'primary';
    }
  }
}
