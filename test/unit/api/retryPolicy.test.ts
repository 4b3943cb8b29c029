import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import {
  backoffDelayMs,
  decideRetry,
  isQuotaExhausted,
  MAX_RETRY_AFTER_MS,
  parseRetryAfterMs,
  resolveRetryOptions,
} from '../../../src/api/retryPolicy';

const rateLimited = (fields: { code?: string; type?: string; retryAfterMs?: number } = {}): ApiError =>
  new ApiError('slow down', { status: 429, ...fields });

describe('api/retryPolicy', () => {
  const options = { maxRetries: 3, initialDelayMs: 500 };

  it('defaults to 3 retries starting at 500 ms and refuses nonsense', () => {
    assert.deepEqual(resolveRetryOptions(undefined), { maxRetries: 3, initialDelayMs: 500 });
    assert.deepEqual(resolveRetryOptions({ maxRetries: 0 }), { maxRetries: 0, initialDelayMs: 500 });
    assert.throws(() => resolveRetryOptions({ maxRetries: -1 }), RangeError);
    assert.throws(() => resolveRetryOptions({ initialDelayMs: Number.NaN }), RangeError);
  });

  it('doubles the wait after each attempt: initialDelayMs × 2^n', () => {
    assert.deepEqual([0, 1, 2, 3].map((n) => backoffDelayMs(500, n)), [500, 1000, 2000, 4000]);
    const delays = [0, 1, 2].map((done) => decideRetry(rateLimited(), done, options));
    assert.deepEqual(delays, [500, 1000, 2000].map((delayMs) => ({ retry: true, delayMs })));
  });

  it('never schedules a wait longer than the bound, however many retries or however long the first wait', () => {
    // Timers clamp anything above 2^31-1 ms to 1 ms: an unbounded schedule would turn into a retry storm.
    assert.equal(backoffDelayMs(500, 40), MAX_RETRY_AFTER_MS);
    assert.deepEqual(decideRetry(rateLimited(), 30, { maxRetries: 50, initialDelayMs: 500 }), { retry: true, delayMs: MAX_RETRY_AFTER_MS });
    assert.deepEqual(decideRetry(rateLimited(), 0, { maxRetries: 1, initialDelayMs: 3e9 }), { retry: true, delayMs: MAX_RETRY_AFTER_MS });
  });

  it('stops after maxRetries retries', () => {
    assert.deepEqual(decideRetry(rateLimited(), 3, options), { retry: false, reason: 'retries-used-up' });
    assert.deepEqual(decideRetry(rateLimited(), 0, { maxRetries: 0, initialDelayMs: 500 }), { retry: false, reason: 'retries-used-up' });
  });

  it('retries only 429', () => {
    for (const status of [400, 401, 403, 404, 500, 502, 503, undefined]) {
      assert.deepEqual(decideRetry(new ApiError('x', { status }), 0, options), { retry: false, reason: 'not-429' }, `status ${status}`);
    }
  });

  it('never retries a 429 that says the quota or balance is exhausted', () => {
    for (const fields of [{ code: 'insufficient_quota' }, { type: 'insufficient_quota' }, { code: 'quota_exceeded' }, { code: 'insufficient_balance' }, { code: 'billing_hard_limit_reached' }]) {
      assert.equal(isQuotaExhausted(fields), true, JSON.stringify(fields));
      assert.deepEqual(decideRetry(rateLimited(fields), 0, options), { retry: false, reason: 'quota-exhausted' });
    }
    assert.equal(isQuotaExhausted({ code: 'rate_limit_exceeded', type: 'requests' }), false);
  });

  it('waits what the server asks within the bound, and gives up beyond it', () => {
    assert.deepEqual(decideRetry(rateLimited({ retryAfterMs: 1234 }), 2, options), { retry: true, delayMs: 1234 });
    assert.deepEqual(decideRetry(rateLimited({ retryAfterMs: 0 }), 0, options), { retry: true, delayMs: 0 });
    assert.deepEqual(decideRetry(rateLimited({ retryAfterMs: MAX_RETRY_AFTER_MS }), 0, options), { retry: true, delayMs: MAX_RETRY_AFTER_MS });
    assert.deepEqual(decideRetry(rateLimited({ retryAfterMs: MAX_RETRY_AFTER_MS + 1 }), 0, options), { retry: false, reason: 'retry-after-too-long' });
  });

  describe('parseRetryAfterMs', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');

    it('reads retry-after-ms first', () => {
      assert.equal(parseRetryAfterMs({ 'retry-after-ms': '250', 'retry-after': '9' }, now), 250);
      assert.equal(parseRetryAfterMs({ 'retry-after-ms': '12.2' }, now), 13);
    });

    it('reads Retry-After in seconds, whole or decimal, any header case', () => {
      assert.equal(parseRetryAfterMs({ 'retry-after': '2' }, now), 2000);
      assert.equal(parseRetryAfterMs({ 'Retry-After': '0.5' }, now), 500);
      assert.equal(parseRetryAfterMs({ 'retry-after': ['3', '4'] }, now), 3000);
    });

    it('reads Retry-After as an HTTP date, never negative', () => {
      assert.equal(parseRetryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, now), 5000);
      assert.equal(parseRetryAfterMs({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, now), 0);
    });

    it('ignores absent and unreadable values', () => {
      assert.equal(parseRetryAfterMs({}, now), undefined);
      assert.equal(parseRetryAfterMs({ 'retry-after': 'soon' }, now), undefined);
      assert.equal(parseRetryAfterMs({ 'retry-after': '-5' }, now), undefined);
      assert.equal(parseRetryAfterMs({ 'retry-after-ms': 'x', 'retry-after': '1' }, now), 1000);
    });
  });
});
