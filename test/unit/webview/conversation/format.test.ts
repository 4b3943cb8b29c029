import * as assert from 'node:assert/strict';
import { formatCountdown, formatErrorDetails, formatUsage, secondsUntil } from '../../../../src/webview/conversation/format';

describe('webview/conversation/format', () => {
  it('formats the usage the server reported, and nothing when it reported none', () => {
    assert.equal(formatUsage({ inputTokens: 1234, outputTokens: 5 }), 'Tokens: 1,234 in · 5 out');
    assert.equal(formatUsage({ outputTokens: 7 }), 'Tokens: 7 out');
    assert.equal(formatUsage({ totalTokens: 9 }), 'Tokens: 9 total');
    assert.equal(formatUsage({}), undefined);
    assert.equal(formatUsage(undefined), undefined);
  });

  it('names an error by status, type and code as sent, or as a network error', () => {
    assert.equal(formatErrorDetails({ message: 'm', status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', actions: [] }), 'HTTP 429 · rate_limit_error · rate_limit_exceeded');
    assert.equal(formatErrorDetails({ message: 'm', status: 502, actions: [] }), 'HTTP 502');
    assert.equal(formatErrorDetails({ message: 'socket hang up', actions: ['retry'] }), 'Network error');
  });

  it('counts whole seconds up to the retry, never below zero', () => {
    assert.equal(secondsUntil(10_000, 7_001), 3);
    assert.equal(secondsUntil(10_000, 7_000), 3);
    assert.equal(secondsUntil(10_000, 9_999), 1);
    assert.equal(secondsUntil(10_000, 12_000), 0);
    assert.equal(formatCountdown(3), 'Rate limited — retrying in 3s');
    assert.equal(formatCountdown(0), 'Rate limited — retrying in 0s');
  });
});
