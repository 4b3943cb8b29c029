import type { WebviewStrings } from '../../shared/webviewStrings';

export interface WebviewHtmlParts {
  /** webview.cspSource */
  cspSource: string;
  /** Fresh for every render: only the script carrying it may run. */
  nonce: string;
  scriptUri: string;
  styleUri: string;
  /** The webview's words in the display language (it shows no other), read by the script at start. */
  strings: WebviewStrings;
  /** vscode.env.language, e.g. `en` or `de`: the page's lang, for screen readers and hyphenation. */
  language: string;
}

/** 128 random bits, base64: unguessable by anything the model writes into the page. */
export function createNonce(): string {
  // (node:crypto on first use, not at activation: see newId in transcript.ts.)
  return (require('node:crypto') as typeof import('node:crypto')).randomBytes(16).toString('base64');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    `default-src 'none'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `script-src 'nonce-${nonce}'`,
    // Not covered by default-src: no <base> may re-root the bundle's URLs, no form may post anywhere.
    `base-uri 'none'`,
    `form-action 'none'`,
  ].join('; ');
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chat view's page: the bundled script and stylesheet under a CSP that allows nothing else. */
export function renderWebviewHtml(parts: WebviewHtmlParts): string {
  const csp = contentSecurityPolicy(parts.cspSource, parts.nonce);
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(parts.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(parts.styleUri)}">
<title>Model Access Chat</title>
</head>
<body>
<div id="root" data-strings="${escapeAttribute(JSON.stringify(parts.strings))}"></div>
<script nonce="${escapeAttribute(parts.nonce)}" src="${escapeAttribute(parts.scriptUri)}"></script>
</body>
</html>
`;
}
