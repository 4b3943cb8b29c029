// Texts shown around messages, kept apart from the DOM so they are easy to test.
import type { ErrorAction, ErrorInfo, Usage } from '../../shared/protocol';
import type { WebviewStringKey } from '../../shared/webviewStrings';
import { t } from '../strings';

/** The key of each action's button label. */
export const ACTION_LABELS: Record<ErrorAction, WebviewStringKey> = {
  setApiKey: 'actionSetApiKey',
  setBaseUrl: 'actionSetBaseUrl',
  refreshModels: 'actionRefreshModels',
  retry: 'actionRetry',
  selectModel: 'actionSelectModel',
  dropEarlierAndRetry: 'actionDropEarlierAndRetry',
  newChatWithSummary: 'actionNewChatWithSummary',
};

const count = (value: number): string => value.toLocaleString('en-US');

/** "Tokens: 12 in · 345 out", or undefined when the server reported nothing usable. */
export function formatUsage(usage: Usage | undefined): string | undefined {
  if (usage === undefined) {
    return undefined;
  }
  const parts: string[] = [];
  if (typeof usage.inputTokens === 'number') parts.push(t('tokensIn', count(usage.inputTokens)));
  if (typeof usage.outputTokens === 'number') parts.push(t('tokensOut', count(usage.outputTokens)));
  if (parts.length === 0 && typeof usage.totalTokens === 'number') parts.push(t('tokensTotal', count(usage.totalTokens)));
  return parts.length === 0 ? undefined : t('tokens', parts.join(' · '));
}

/** "HTTP 429 · rate_limit_error · rate_limit_exceeded": what identifies the error, as the server sent it. */
export function formatErrorDetails(error: ErrorInfo): string {
  const parts: string[] = [];
  parts.push(error.status === undefined ? t('networkError') : `HTTP ${error.status}`);
  if (error.type) parts.push(error.type);
  if (error.code) parts.push(error.code);
  return parts.join(' · ');
}

/** Whole seconds left until `retryAt`, never negative. */
export function secondsUntil(retryAt: number, now: number): number {
  return Math.max(0, Math.ceil((retryAt - now) / 1000));
}

/** The DOM contract's text, kept to the letter (E2E tests match it) even at 0 s. */
export function formatCountdown(seconds: number): string {
  return t('retryCountdown', seconds);
}
