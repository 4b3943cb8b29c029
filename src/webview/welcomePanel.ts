// First-run setup: shown while the base URL or the API key is missing, with a button for each step.
import type { ErrorAction } from '../shared/protocol';
import { el, icon, onActivate } from './dom';
import { t } from './strings';

interface Step {
  action: ErrorAction;
  name: () => string;
  label: () => string;
  done: (config: { hasApiKey: boolean; hasBaseUrl: boolean }) => boolean;
  explanation: () => string;
}

const STEPS: Step[] = [
  { action: 'setBaseUrl', name: () => t('stepBaseUrl'), label: () => t('actionSetBaseUrl'), done: (c) => c.hasBaseUrl, explanation: () => t('stepBaseUrlExplanation') },
  { action: 'setApiKey', name: () => t('stepApiKey'), label: () => t('actionSetApiKey'), done: (c) => c.hasApiKey, explanation: () => t('stepApiKeyExplanation') },
];

export class WelcomePanel {
  readonly element: HTMLElement;
  private readonly steps: { step: Step; item: HTMLElement; state: HTMLElement; button: HTMLButtonElement }[];

  constructor(doc: Document, runAction: (action: ErrorAction) => void) {
    this.steps = STEPS.map((step) => {
      const button = el(doc, 'button', { text: step.label(), attrs: { type: 'button' } });
      button.dataset.action = step.action;
      onActivate(button, () => runAction(step.action));
      const state = el(doc, 'span', { className: 'step-state' });
      const item = el(doc, 'li', { className: 'welcome-step' },
        el(doc, 'div', { className: 'step-text' }, state, el(doc, 'span', { text: step.explanation() })), button);
      return { step, item, state, button };
    });
    this.element = el(doc, 'section', { attrs: { id: 'welcome', 'aria-labelledby': 'welcome-title' } },
      el(doc, 'h2', { attrs: { id: 'welcome-title' } }, icon(doc, 'sparkle'), doc.createTextNode(` ${t('welcomeTitle')}`)),
      el(doc, 'p', { text: t('welcomeText') }),
      el(doc, 'ol', { className: 'welcome-steps' }, ...this.steps.map((s) => s.item)));
    this.element.hidden = true;
  }

  update(config: { hasApiKey: boolean; hasBaseUrl: boolean }): void {
    this.element.hidden = config.hasApiKey && config.hasBaseUrl;
    for (const { step, item, state, button } of this.steps) {
      const done = step.done(config);
      item.classList.toggle('done', done);
      state.textContent = `${t(done ? 'stepSet' : 'stepNotSet', step.name())} `;
      button.className = done ? 'secondary' : 'primary';
    }
  }
}
