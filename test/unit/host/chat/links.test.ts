import * as assert from 'node:assert/strict';
import { isAllowedLink } from '../../../../src/host/chat/links';

describe('isAllowedLink', () => {
  for (const href of ['https://example.com/a?b=c#d', 'http://127.0.0.1:8787/v1', 'mailto:someone@example.com', 'HTTPS://EXAMPLE.COM']) {
    it(`opens ${href}`, () => assert.equal(isAllowedLink(href), true));
  }

  for (const href of [
    'command:workbench.action.terminal.new',
    'command:modelAccess.setApiKey?%5B%5D',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'vscode://file/etc/passwd',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'vscode-webview://abc/index.html',
    '/relative/path',
    '#anchor',
    '',
    ' https://example.com',
    'https://exa\nmple.com',
    'java\tscript:alert(1)',
    'https://',
    'mailto:',
    'not a url',
  ]) {
    it(`refuses ${JSON.stringify(href)}`, () => assert.equal(isAllowedLink(href), false));
  }
});
