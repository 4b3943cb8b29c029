import * as assert from 'node:assert/strict';
import { contentSecurityPolicy, createNonce, renderWebviewHtml } from '../../../../src/host/chat/webviewHtml';

describe('webview HTML', () => {
  const parts = {
    cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
    nonce: 'abc123',
    scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
    styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.css',
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
    assert.ok(html.includes('<div id="root"></div>'));
    assert.equal(html.match(/<script/g)?.length, 1, 'one script, no inline code');
  });

  it('makes a fresh unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    assert.equal(nonces.size, 50);
    for (const nonce of nonces) {
      assert.ok(nonce.length >= 22 && /^[A-Za-z0-9+/=]+$/.test(nonce), nonce);
    }
  });
});
