// The visible 429 back-off: "Rate limited — retrying in Ns", ticking each second to retryAt.
import type { RetryNotice } from '../../shared/protocol';
import { el } from '../dom';
import { formatCountdown, secondsUntil } from './format';
import { t } from '../strings';

/** When the next attempt starts: retryAt is the host's clock; fall back to the delay if it is missing or absurd. */
export function retryDeadline(notice: RetryNotice, now: number): number {
  const validRetryAt = Number.isFinite(notice.retryAt) && notice.retryAt > 0;
  return validRetryAt ? notice.retryAt : now + (Number(notice.delayMs) || 0);
}

export interface Clock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export class RetryCountdown {
  readonly element: HTMLElement;
  private readonly text: HTMLElement;
  private readonly attempt: HTMLElement;
  private timer: unknown;
  private retryAt = 0;

  constructor(doc: Document, private readonly clock: Clock) {
    this.text = el(doc, 'span', { className: 'retry-countdown' });
    this.attempt = el(doc, 'span', { className: 'retry-attempt' });
    // Not a live region: a screen reader would read every tick. #status announces the back-off once.
    this.element = el(doc, 'div', { className: 'retry-notice' }, this.text, this.attempt);
    this.element.hidden = true;
  }

  start(notice: RetryNotice): void {
    this.stop();
    this.retryAt = retryDeadline(notice, this.clock.now());
    this.attempt.textContent = t('retryAttempt', notice.attempt, notice.maxRetries);
    this.element.hidden = false;
    this.tick();
    this.timer = this.clock.setInterval(() => this.tick(), 1000);
  }

  stop(): void {
    if (this.timer !== undefined) {
      this.clock.clearInterval(this.timer);
      this.timer = undefined;
    }
    this.element.hidden = true;
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  private tick(): void {
    const seconds = secondsUntil(this.retryAt, this.clock.now());
    this.text.textContent = formatCountdown(seconds);
    if (seconds === 0 && this.timer !== undefined) {
      // Stay visible (at 0s) until the next attempt reports back.
      this.clock.clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
