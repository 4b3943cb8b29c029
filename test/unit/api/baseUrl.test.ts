import assert from 'node:assert/strict';
import { checkBaseUrl } from '../../../src/api/baseUrl';

function warnings(text: string): string[] {
  const check = checkBaseUrl(text);
  assert.ok(check.ok, `refused: ${check.ok ? '' : check.reason}`);
  return check.warnings;
}

function refusal(text: string): string {
  const check = checkBaseUrl(text);
  assert.ok(!check.ok, `${text} was accepted`);
  return check.reason;
}

describe('base URL check (the one rule for client, settings and Set Base URL)', () => {
  it('accepts URLs ending in /v1, with or without a trailing slash, and gives the URL without it', () => {
    assert.deepEqual(warnings('https://api.example.com/v1'), []);
    assert.deepEqual(warnings('http://127.0.0.1:8787/v1/'), []);
    assert.deepEqual(warnings('  https://gw.example.com/proxy/v1  '), []);
    const check = checkBaseUrl('http://127.0.0.1:8787/v1/');
    assert.ok(check.ok);
    assert.equal(check.url.href, 'http://127.0.0.1:8787/v1');
  });

  it('warns, without refusing, when the version segment is missing', () => {
    for (const url of ['https://api.example.com', 'https://api.example.com/v2', 'https://api.example.com/v1/chat/completions']) {
      assert.match(warnings(url).join(' '), /\/v1/, url);
    }
  });

  it('refuses what is not an absolute http(s) URL', () => {
    assert.match(refusal(''), /empty/);
    assert.match(refusal('api.example.com/v1'), /not an absolute URL/);
    assert.match(refusal('ftp://example.com/v1'), /http/);
  });

  it('warns when the key would travel unencrypted to another machine (http:// off loopback)', () => {
    assert.match(warnings('http://api.example.com/v1').join(' '), /unencrypted/);
    assert.match(warnings('http://10.0.0.5:8080/v1').join(' '), /unencrypted/);
    for (const url of ['http://localhost:8787/v1', 'http://127.0.0.2/v1', 'http://[::1]:8787/v1', 'https://api.example.com/v1']) {
      assert.deepEqual(warnings(url), [], url);
    }
  });

  it('refuses user:pass@ credentials with the reason, never repeating them', () => {
    for (const url of ['https://user:s3cret-pw@example.com/v1', 'https://s3cret-pw@example.com/v1', 'https://:s3cret-pw@example.com/v1']) {
      const reason = refusal(url);
      assert.match(reason, /user name or password.*API key/);
      assert.ok(!reason.includes('s3cret-pw') && !reason.includes('user'.concat(':')), reason);
    }
  });

  it('refuses a query string or fragment, even an empty one', () => {
    assert.match(refusal('https://example.com/v1?api_key=s3cret'), /query/);
    assert.ok(!refusal('https://example.com/v1?api_key=s3cret').includes('s3cret'));
    assert.match(refusal('https://example.com/v1?'), /query/);
    assert.match(refusal('https://example.com/v1#token=s3cret'), /fragment/);
    assert.match(refusal('https://example.com/v1#'), /fragment/);
  });

  it('never repeats an unparsable URL, which may hold a password', () => {
    assert.ok(!refusal('https://user:pa ss@exa mple.com/v1').includes('pa ss'));
  });
});
