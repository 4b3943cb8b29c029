import assert from 'node:assert/strict';
import { validateBaseUrl } from '../../../../src/host/config/baseUrl';

describe('base URL validation', () => {
  it('accepts URLs ending in /v1, with or without a trailing slash', () => {
    assert.equal(validateBaseUrl('https://api.example.com/v1'), undefined);
    assert.equal(validateBaseUrl('http://127.0.0.1:8787/v1/'), undefined);
    assert.equal(validateBaseUrl('  https://gw.example.com/proxy/v1  '), undefined);
  });

  it('warns when the version segment is missing', () => {
    assert.match(validateBaseUrl('https://api.example.com') ?? '', /\/v1/);
    assert.match(validateBaseUrl('https://api.example.com/v2') ?? '', /\/v1/);
    assert.match(validateBaseUrl('https://api.example.com/v1/chat/completions') ?? '', /\/v1/);
  });

  it('refuses what is not an http(s) URL', () => {
    assert.match(validateBaseUrl('') ?? '', /empty/);
    assert.match(validateBaseUrl('api.example.com/v1') ?? '', /not a valid URL/);
    assert.match(validateBaseUrl('ftp://example.com/v1') ?? '', /http/);
  });

  it('warns when the key would travel unencrypted to another machine (http:// off loopback)', () => {
    assert.match(validateBaseUrl('http://api.example.com/v1') ?? '', /unencrypted/);
    assert.match(validateBaseUrl('http://10.0.0.5:8080/v1') ?? '', /unencrypted/);
    assert.equal(validateBaseUrl('http://localhost:8787/v1'), undefined);
    assert.equal(validateBaseUrl('http://127.0.0.2/v1'), undefined);
    assert.equal(validateBaseUrl('http://[::1]:8787/v1'), undefined);
    assert.equal(validateBaseUrl('https://api.example.com/v1'), undefined);
  });

  it('warns about credentials, queries and fragments', () => {
    assert.match(validateBaseUrl('https://user:secret@example.com/v1') ?? '', /credentials/);
    assert.ok(!(validateBaseUrl('https://user:secret@example.com/v1') ?? '').includes('secret'));
    assert.match(validateBaseUrl('https://example.com/v1?key=1') ?? '', /query/);
  });
});
