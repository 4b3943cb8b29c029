import assert from 'node:assert/strict';
import { formatRequestLogEntry } from '../../../../src/host/logging/formatRequest';

describe('request log lines', () => {
  it('shows method, path, status and timing of a reply', () => {
    assert.deepEqual(
      formatRequestLogEntry({ kind: 'response', method: 'GET', path: '/models', status: 200, durationMs: 12.4, attempt: 1 }),
      { level: 'info', text: 'GET /models → 200 in 12 ms' },
    );
    assert.match(formatRequestLogEntry({ kind: 'response', method: 'POST', path: '/chat/completions', status: 200, durationMs: 5, attempt: 3 }).text, /\(attempt 3\)$/);
  });

  it('logs a retry decision as a warning with the wait and the reason', () => {
    assert.deepEqual(
      formatRequestLogEntry({ kind: 'retry', method: 'POST', path: '/chat/completions', attempt: 2, delayMs: 1000, reason: 'HTTP 429, Retry-After 1 s' }),
      { level: 'warn', text: 'POST /chat/completions: retry 2 in 1000 ms (HTTP 429, Retry-After 1 s)' },
    );
  });

  it('logs failures as errors with status and code when known', () => {
    assert.deepEqual(
      formatRequestLogEntry({ kind: 'error', method: 'POST', path: '/responses', message: 'Invalid API key', status: 401, code: 'invalid_api_key' }),
      { level: 'error', text: 'POST /responses failed: Invalid API key (HTTP 401, invalid_api_key)' },
    );
    assert.equal(formatRequestLogEntry({ kind: 'error', method: 'GET', path: '/models', message: 'cancelled by the caller' }).text, 'GET /models failed: cancelled by the caller');
  });
});
