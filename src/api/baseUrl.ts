// The one rule for base URLs: the client refuses what it cannot use safely, and the extension's
// Set Base URL, settings reader and Test Connection ask this same function.
import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_TYPES } from './errors';

export type BaseUrlCheck =
  /** Usable. `warnings` are worth showing but never block (servers differ; the user may know better). */
  | { ok: true; url: URL; warnings: string[] }
  /** Refused: `reason` says why. It never repeats the URL, which may hold a password. */
  | { ok: false; reason: string };

/**
 * Checks a base URL. Refused: not an absolute http(s) URL, `user:pass@` credentials (they would be
 * sent and logged as part of the address; credentials belong in the API key), a query or a fragment
 * (the client joins paths to the URL, so they would be lost or misplaced, and often carry tokens).
 * Warned: plain http:// to another machine (the key travels unencrypted), no /v1 version segment.
 */
export function checkBaseUrl(text: string): BaseUrlCheck {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (trimmed.length === 0) return { ok: false, reason: 'it is empty.' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, reason: 'it is not an absolute URL (for example https://api.example.com/v1).' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'it must start with http:// or https://.' };
  if (url.username || url.password) {
    return { ok: false, reason: 'it contains a user name or password. Credentials belong in the API key ("Model Access: Set API Key"), never in the URL.' };
  }
  // `search`/`hash` are empty for a bare "?" or "#": check the text as well.
  if (url.search || /\?/.test(trimmed)) return { ok: false, reason: 'it contains a query string (?…). Remove it; credentials belong in the API key.' };
  if (url.hash || /#/.test(trimmed)) return { ok: false, reason: 'it contains a fragment (#…). Remove it.' };

  const warnings: string[] = [];
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    warnings.push('The base URL uses http://, so the API key would travel unencrypted to another machine. Use https:// unless the server is on this machine.');
  }
  if (!/\/v1\/?$/.test(url.pathname)) {
    warnings.push('The base URL usually ends in the version segment /v1 (for example https://api.example.com/v1).');
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  return { ok: true, url, warnings };
}

/** The error the client (and the extension, before it builds one) reports for a refused base URL. */
export function invalidBaseUrlError(reason: string): ApiError {
  return new ApiError(`The base URL is not valid: ${reason}`, {
    type: CLIENT_ERROR_TYPES.invalidRequest,
    code: CLIENT_ERROR_CODES.invalidBaseUrl,
  });
}

/** This machine: plain http to it never crosses a network. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}
