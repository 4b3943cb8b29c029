// The context meter next to the prompt: how full the model's context window is. The host's reading
// (usage the server reported for the last answer, an estimate for what came after, the window) plus
// an estimate of the draft being typed, through the extension's one token estimator.
import type { ContextMeterReading } from '../shared/protocol';
import { estimateMessageTokens } from '../shared/estimateTokens';
import { el } from './dom';
import { t } from './strings';
import type { WebviewStringKey } from '../shared/webviewStrings';

const count = (value: number): string => value.toLocaleString('en-US');

const SOURCES: Record<ContextMeterReading['limitSource'], WebviewStringKey> = {
  server: 'sourceServer',
  setting: 'sourceSetting',
  error: 'sourceError',
  unknown: 'sourceUnknown',
};

/** The meter's text: reported and estimated tokens (the estimate labelled as one) against the window. */
export function formatMeter(reading: ContextMeterReading, draftTokens: number): string {
  const estimated = reading.estimatedTokens + draftTokens;
  const parts: string[] = [];
  if (reading.reportedTokens !== undefined) parts.push(count(reading.reportedTokens));
  if (estimated > 0 || parts.length === 0) parts.push(t('meterEstimate', count(estimated)));
  const used = parts.join(' + ');
  const text = reading.limitTokens === undefined
    ? t('meterUnknownLimit', used)
    : t('meterOfLimit', used, count(reading.limitTokens), percent(reading, draftTokens));
  if (reading.omitted <= 0) return text;
  return reading.omitted === 1 ? t('meterOmittedOne', text) : t('meterOmittedMany', text, reading.omitted);
}

function percent(reading: ContextMeterReading, draftTokens: number): number {
  const total = (reading.reportedTokens ?? 0) + reading.estimatedTokens + draftTokens;
  return reading.limitTokens ? Math.round((total / reading.limitTokens) * 100) : 0;
}

export class ContextMeter {
  readonly element: HTMLElement;
  private readonly bar: HTMLElement;
  private readonly label: HTMLElement;
  private reading: ContextMeterReading | undefined;
  private draftTokens = 0;
  /** The chips above the prompt: the files (and project instructions, when on) the next message would carry. */
  private attachedTokens = 0;

  constructor(doc: Document) {
    this.bar = el(doc, 'div', { className: 'context-meter-fill' });
    this.label = el(doc, 'span', { className: 'context-meter-label' });
    // Not a live region: it changes with every keystroke, which a screen reader would read out each time.
    this.element = el(doc, 'div', { className: 'context-meter', attrs: { 'aria-label': t('contextWindow'), 'aria-live': 'off' } },
      el(doc, 'div', { className: 'context-meter-bar', attrs: { 'aria-hidden': 'true' } }, this.bar), this.label);
    this.element.hidden = true;
  }

  update(reading: ContextMeterReading): void {
    this.reading = reading;
    this.render();
  }

  /** The prompt's text changed: its estimate joins the reading's. */
  setDraft(draft: string): void {
    const tokens = draft.trim() === '' ? 0 : estimateMessageTokens({ content: draft });
    if (tokens !== this.draftTokens) {
      this.draftTokens = tokens;
      this.render();
    }
  }

  /** The chips above the prompt changed: what they add to the next request joins the estimate. */
  setAttached(tokens: number): void {
    if (tokens !== this.attachedTokens) {
      this.attachedTokens = tokens;
      this.render();
    }
  }

  /** What the next request adds that no reading counts yet: the draft and the chips. */
  private pendingTokens(): number {
    return this.draftTokens + this.attachedTokens;
  }

  private render(): void {
    const reading = this.reading;
    if (!reading) return;
    this.element.hidden = false;
    const full = percent(reading, this.pendingTokens());
    this.label.textContent = formatMeter(reading, this.pendingTokens());
    this.bar.style.width = `${Math.min(100, full)}%`;
    const data = this.element.dataset;
    data.reported = reading.reportedTokens === undefined ? '' : String(reading.reportedTokens);
    data.estimated = String(reading.estimatedTokens + this.pendingTokens());
    data.limit = reading.limitTokens === undefined ? '' : String(reading.limitTokens);
    data.limitSource = reading.limitSource;
    data.level = reading.limitTokens === undefined ? 'unknown' : full >= 100 ? 'full' : full >= 80 ? 'high' : 'ok';
    this.element.title = [
      reading.reportedTokens === undefined ? t('noUsageYet') : t('reportedUsage', count(reading.reportedTokens)),
      t('estimatedUsage', count(reading.estimatedTokens + this.pendingTokens())),
      reading.limitTokens === undefined
        ? t('windowSize', t(SOURCES[reading.limitSource]))
        : t('windowSizeTokens', count(reading.limitTokens), t(SOURCES[reading.limitSource])),
    ].join('\n');
  }
}
