import assert from 'node:assert/strict';
import { redact } from '../../../../src/host/logging/redact';

describe('redaction', () => {
  const key = 'sk-live-0123456789abcdef';

  it('removes every occurrence of a known secret', () => {
    const text = redact(`key=${key}; again ${key}.`, [key]);
    assert.ok(!text.includes(key));
    assert.ok(!text.includes('0123456789'));
    assert.equal(text.match(/\[redacted\]/g)?.length, 2);
  });

  it('removes bearer credentials and key-like pairs even when the secret is unknown', () => {
    const text = redact('Authorization: Bearer abc.def-123 sent; {"api_key":"zzz-999"} x-api-key=qqq', []);
    assert.ok(!text.includes('abc.def-123'));
    assert.ok(!text.includes('zzz-999'));
    assert.ok(!text.includes('qqq'));
    assert.match(text, /Bearer \[redacted\]/);
  });

  it('removes user:pass@ credentials from URLs, keeping the host', () => {
    const text = redact('GET https://planted-user:s3cret@api.example.com/v1/models and http://token@10.0.0.1/v1', []);
    assert.ok(!text.includes('s3cret') && !text.includes('planted-user') && !text.includes('token@'), text);
    assert.match(text, /https:\/\/\[redacted\]@api\.example\.com\/v1\/models/);
    assert.equal(redact('mail me at someone@example.com', []), 'mail me at someone@example.com');
  });

  it('treats regular-expression characters in a secret literally', () => {
    const odd = 'a.b*c+(d)';
    assert.equal(redact(`x ${odd} y aXbbc`, [odd]), 'x [redacted] y aXbbc');
  });

  it('removes the longer secret whole when one contains another', () => {
    assert.equal(redact('abcdef', ['abc', 'abcdef']), '[redacted]');
  });

  it('ignores empty and missing secrets and leaves other text alone', () => {
    assert.equal(redact('GET /models → 200 in 12 ms', ['', '   ', undefined]), 'GET /models → 200 in 12 ms');
  });

  it('matches a secret given with surrounding whitespace', () => {
    assert.equal(redact('k=secret-value-1', ['  secret-value-1\n']), 'k=[redacted]');
  });
});
