/** Schemes a link in model output may open. Everything else (command:, file:, vscode:, javascript:, data:) is refused. */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * True when `href` is an absolute http, https or mailto URL. Model output is untrusted: a link is
 * opened only after this check, and relative or malformed links are refused rather than guessed at.
 */
export function isAllowedLink(href: string): boolean {
  // Control characters or whitespace inside could make a parser here and the opener disagree.
  // eslint-disable-next-line no-control-regex
  if (href !== href.trim() || /[\u0000-\u001f\u007f\s]/.test(href)) {
    return false;
  }
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    return false;
  }
  return url.protocol === 'mailto:' ? url.pathname.length > 0 : url.hostname.length > 0;
}
