import type { ApiError } from './errors';

export interface RetryOptions {
  /** Further attempts after the first one; default 3 (the spec's typical setting). */
  maxRetries?: number;
  /** Wait before the first retry; doubled after each attempt. Default 500 ms. */
  initialDelayMs?: number;
}

export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_INITIAL_DELAY_MS = 500;
/** The most retries a user may configure: beyond that a limit that will not lift is only waited out longer. */
export const MAX_RETRIES_LIMIT = 10;

/**
 * The longest server-requested wait the client honours. A longer Retry-After means the limit
 * will not lift while a user watches a spinner, so the client gives up at once and reports the
 * 429 (its `retryAfterMs` tells the caller how long the server asked for).
 */
export const MAX_RETRY_AFTER_MS = 60_000;

export interface ResolvedRetryOptions {
  maxRetries: number;
  initialDelayMs: number;
}

export function resolveRetryOptions(options: RetryOptions | undefined): ResolvedRetryOptions {
  const maxRetries = options?.maxRetries ?? DEFAULT_MAX_RETRIES;
  const initialDelayMs = options?.initialDelayMs ?? DEFAULT_INITIAL_DELAY_MS;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) throw new RangeError('retry.maxRetries must be an integer ≥ 0.');
  if (!Number.isFinite(initialDelayMs) || initialDelayMs < 0) throw new RangeError('retry.initialDelayMs must be a number ≥ 0.');
  return { maxRetries, initialDelayMs };
}

/**
 * The scheduled wait before retry number `retryIndex` (0-based): initialDelayMs × 2^retryIndex,
 * at most MAX_RETRY_AFTER_MS (timers turn a wait above 2^31-1 ms into 1 ms: a retry storm).
 */
export function backoffDelayMs(initialDelayMs: number, retryIndex: number): number {
  return Math.min(initialDelayMs * 2 ** retryIndex, MAX_RETRY_AFTER_MS);
}

type HeaderValue = string | string[] | undefined;

function firstHeader(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The wait a reply asks for, in ms: `retry-after-ms` (OpenAI's header) first, then `Retry-After`
 * as delta-seconds or an HTTP date. Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfterMs(headers: Record<string, HeaderValue>, nowMs: number = Date.now()): number | undefined {
  const lower: Record<string, HeaderValue> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;

  const msText = firstHeader(lower['retry-after-ms'])?.trim();
  if (msText && /^\d+(\.\d+)?$/.test(msText)) return Math.ceil(Number(msText));

  const text = firstHeader(lower['retry-after'])?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  // An HTTP date always names its month; anything else Date.parse accepts ("-5") is noise.
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Codes and types that mean waiting will not help: the quota or balance is used up. */
const EXHAUSTED_PATTERN = /quota|balance|billing|credit/i;

export function isQuotaExhausted(error: Pick<ApiError, 'code' | 'type'>): boolean {
  return [error.code, error.type].some((value) => typeof value === 'string' && EXHAUSTED_PATTERN.test(value));
}

export type RetryDecision =
  | { retry: true; delayMs: number }
  | { retry: false; reason: 'not-429' | 'quota-exhausted' | 'retries-used-up' | 'retry-after-too-long' };

/**
 * Whether a failed attempt is tried again and after how long. Only a 429 reply is retried
 * (the caller decides about every other status), and only before any of its body was used:
 * the client calls this only for replies it has not started to stream.
 */
export function decideRetry(
  error: Pick<ApiError, 'status' | 'code' | 'type' | 'retryAfterMs'>,
  retriesDone: number,
  options: ResolvedRetryOptions,
): RetryDecision {
  if (error.status !== 429) return { retry: false, reason: 'not-429' };
  if (isQuotaExhausted(error)) return { retry: false, reason: 'quota-exhausted' };
  if (retriesDone >= options.maxRetries) return { retry: false, reason: 'retries-used-up' };
  if (error.retryAfterMs !== undefined) {
    if (error.retryAfterMs > MAX_RETRY_AFTER_MS) return { retry: false, reason: 'retry-after-too-long' };
    return { retry: true, delayMs: error.retryAfterMs };
  }
  return { retry: true, delayMs: backoffDelayMs(options.initialDelayMs, retriesDone) };
}
