import * as assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { contentSecurityPolicy, createNonce, renderWebviewHtml } from '../../../../src/host/chat/webviewHtml';
import { WEBVIEW_STRINGS } from '../../../../src/shared/webviewStrings';

describe('webview HTML', () => {
  const parts = {
    cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
    nonce: 'abc123',
    scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
    styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.css',
    strings: { ...WEBVIEW_STRINGS },
    language: 'en',
  };

  it('has exactly the CSP the issue asks for', () => {
    assert.equal(
      contentSecurityPolicy(parts.cspSource, 'N'),
      `default-src 'none'; style-src ${parts.cspSource}; font-src ${parts.cspSource}; img-src ${parts.cspSource} data:; script-src 'nonce-N'; base-uri 'none'; form-action 'none'`,
    );
  });

  it('loads the bundle by nonce and the stylesheet, with a root element', () => {
    const html = renderWebviewHtml(parts);
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; `));
    assert.ok(html.includes(`<script nonce="abc123" src="${parts.scriptUri}"></script>`));
    assert.ok(html.includes(`<link rel="stylesheet" href="${parts.styleUri}">`));
    assert.ok(html.includes('<div id="root" data-strings="'));
    assert.ok(html.includes('<html lang="en">'));
    assert.equal(html.match(/<script/g)?.length, 1, 'one script, no inline code');
  });

  it('carries the strings table in the display language as data, never as markup or code', () => {
    // A translation is text like any other: quotes and tags in it must come back as written.
    const strings = { ...WEBVIEW_STRINGS, send: 'Senden', stop: '"></div><script>alert(1)</script>' };
    const html = renderWebviewHtml({ ...parts, strings, language: 'de' });
    assert.equal(html.match(/<script/g)?.length, 1, 'the table adds no script element');
    const { document } = new JSDOM(html).window;
    assert.equal(document.documentElement.lang, 'de');
    assert.deepEqual(JSON.parse(document.getElementById('root')?.dataset.strings ?? ''), strings);
  });

  it('makes a fresh unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    assert.equal(nonces.size, 50);
    for (const nonce of nonces) {
      assert.ok(nonce.length >= 22 && /^[A-Za-z0-9+/=]+$/.test(nonce), nonce);
    }
  });
});
