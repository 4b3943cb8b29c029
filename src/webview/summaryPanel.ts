// "New chat with a summary", in the view: the model's summary is shown (and can be edited) before
// anything uses it; only Start New Chat sends it back to the host, which starts the new chat from it.
import type { SummaryProposalMessage } from '../shared/protocol';
import { el, onActivate } from './dom';
import { t } from './strings';

export interface SummaryPanelCallbacks {
  start(text: string): void;
  discard(): void;
}

export class SummaryPanel {
  readonly element: HTMLElement;
  private readonly status: HTMLElement;
  private readonly text: HTMLTextAreaElement;
  private readonly startButton: HTMLButtonElement;
  private readonly discardButton: HTMLButtonElement;

  constructor(doc: Document, callbacks: SummaryPanelCallbacks) {
    this.status = el(doc, 'div', { className: 'summary-status', attrs: { role: 'status' } });
    this.text = el(doc, 'textarea', { className: 'summary-text', attrs: { rows: '8', 'aria-label': t('summaryForNewChat') } });
    this.startButton = el(doc, 'button', { className: 'primary start-from-summary', text: t('startFromSummary'), attrs: { type: 'button' } });
    this.discardButton = el(doc, 'button', { className: 'discard-summary', text: t('cancel'), attrs: { type: 'button' } });
    this.element = el(doc, 'section', { className: 'summary-panel', attrs: { 'aria-label': t('actionNewChatWithSummary') } },
      this.status, this.text, el(doc, 'div', { className: 'summary-actions' }, this.startButton, this.discardButton));
    this.element.hidden = true;
    onActivate(this.startButton, () => {
      if (this.text.value.trim()) callbacks.start(this.text.value);
    });
    onActivate(this.discardButton, () => callbacks.discard());
    this.text.addEventListener('input', () => (this.startButton.disabled = this.text.value.trim() === ''));
  }

  show(proposal: SummaryProposalMessage): void {
    this.element.hidden = proposal.state === 'closed';
    this.element.dataset.state = proposal.state;
    const ready = proposal.state === 'ready';
    this.text.hidden = !ready;
    this.startButton.hidden = !ready;
    this.startButton.disabled = !ready;
    if (ready) this.text.value = proposal.text;
    this.discardButton.textContent = proposal.state === 'failed' ? t('close') : t('cancel');
    this.status.textContent = proposal.state === 'writing'
      ? t('summaryWriting')
      : ready
        ? t('summaryCheck')
        : proposal.state === 'failed' ? t('summaryFailed', proposal.error ?? t('requestFailed')) : '';
  }
}
