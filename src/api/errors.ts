import { isRecord, parseJson } from './json';

export interface ApiErrorDetails {
  status?: number;
  type?: string;
  code?: string;
  retryAfterMs?: number;
}

/**
 * Every failure of the client that is not a cancellation.
 * `status` is the HTTP status of the reply, or undefined when no HTTP reply arrived
 * (network failure, timeout, a key refused before sending).
 */
export class ApiError extends Error {
  status?: number;
  type?: string;
  code?: string;
  retryAfterMs?: number;

  constructor(message: string, details: ApiErrorDetails = {}) {
    super(message);
    this.name = 'ApiError';
    if (details.status !== undefined) this.status = details.status;
    if (details.type !== undefined) this.type = details.type;
    if (details.code !== undefined) this.code = details.code;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

/** Types the client itself assigns (never sent by a server). */
export const CLIENT_ERROR_TYPES = {
  network: 'network_error',
  invalidResponse: 'invalid_response',
  invalidRequest: 'invalid_request_error',
} as const;

/** Codes the client itself assigns. */
export const CLIENT_ERROR_CODES = {
  timeout: 'timeout',
  streamTruncated: 'stream_truncated',
  invalidApiKey: 'invalid_api_key_format',
  invalidBaseUrl: 'invalid_base_url',
  hostNotFound: 'host_not_found',
  proxyUnreachable: 'proxy_unreachable',
  proxyAuthRequired: 'proxy_auth_required',
  proxyRefused: 'proxy_refused',
  certificateUntrusted: 'certificate_untrusted',
  certificateInvalid: 'certificate_invalid',
} as const;

/**
 * Failures on the way to the server (the proxy, a certificate), not of the base URL: their message
 * says which setting to change, and pointing the user at the base URL would mislead.
 */
export const ROUTE_ERROR_CODES: readonly string[] = [
  CLIENT_ERROR_CODES.proxyUnreachable,
  CLIENT_ERROR_CODES.proxyAuthRequired,
  CLIENT_ERROR_CODES.proxyRefused,
  CLIENT_ERROR_CODES.certificateUntrusted,
  CLIENT_ERROR_CODES.certificateInvalid,
];

/** Server-supplied strings end up in UI and logs: keep them one short line. */
const MAX_MESSAGE_LENGTH = 500;
/** An error type or code is a word, not prose. */
const MAX_LABEL_LENGTH = 100;

export function tidyMessage(text: string, maxLength: number = MAX_MESSAGE_LENGTH): string {
  // Control characters (ANSI escapes, NULs) from a server never reach the UI.
  // eslint-disable-next-line no-control-regex
  const oneLine = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1)}…` : oneLine;
}

function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** An error type or code from a server, tidied like a message (they reach the UI and log entries too). */
function optionalLabel(value: unknown): string | undefined {
  const text = optionalString(value);
  return text === undefined ? undefined : tidyMessage(text, MAX_LABEL_LENGTH) || undefined;
}

/**
 * The error object inside a body or stream event, tolerant of the shapes servers use:
 * `{error:{message,type,code}}`, `{error:"text"}`, a flat `{message,type,code}` (Responses `error`
 * events), or FastAPI's `{detail:"text"}`. Returns undefined when the value carries no error.
 */
export function extractErrorObject(value: unknown): { message?: string; type?: string; code?: string; status?: number } | undefined {
  if (!isRecord(value)) return undefined;
  const nested = value.error;
  if (isRecord(nested)) {
    return {
      message: optionalString(nested.message),
      type: optionalLabel(nested.type),
      code: optionalLabel(nested.code),
      status: typeof nested.status === 'number' ? nested.status : undefined,
    };
  }
  if (typeof nested === 'string' && nested.trim() !== '') {
    return { message: nested, type: optionalLabel(value.type), code: optionalLabel(value.code) };
  }
  if (typeof value.detail === 'string' && value.detail.trim() !== '') return { message: value.detail };
  if (typeof value.message === 'string' && (value.code !== undefined || value.type !== undefined)) {
    const type = optionalLabel(value.type);
    return {
      message: value.message,
      // A Responses `error` event has type "error": that is the event name, not an error class.
      type: type === 'error' ? undefined : type,
      code: optionalLabel(value.code),
    };
  }
  return undefined;
}

function statusLabel(status: number): string {
  // Required here, on the first error, not at import: loading node:http costs activation a few ms
  // (test/unit/build/activation.test.ts).
  const { STATUS_CODES } = require('node:http') as typeof import('node:http');
  const text = STATUS_CODES[status];
  return text ? `${status} ${text}` : String(status);
}

/** An ApiError from an error object found in a body or a stream event. */
export function apiErrorFromObject(
  found: { message?: string; type?: string; code?: string; status?: number },
  httpStatus: number | undefined,
  retryAfterMs?: number,
): ApiError {
  const status = found.status ?? httpStatus;
  const message = found.message ? tidyMessage(found.message) : `The server reported an error${status ? ` (HTTP ${statusLabel(status)})` : ''}.`;
  return new ApiError(message, { status, type: found.type, code: found.code, retryAfterMs });
}

/**
 * The ApiError of an SSE event named `error`, whatever its data carries: an error object in any
 * shape extractErrorObject reads (even one whose own `type` replaced the event's), an object with
 * only a message, or plain text.
 */
export function apiErrorFromErrorEvent(data: string, httpStatus: number): ApiError {
  const parsed = parseJson(data);
  const found = extractErrorObject(parsed)
    ?? (isRecord(parsed) && typeof parsed.message === 'string' && parsed.message.trim() !== '' ? { message: parsed.message } : undefined);
  if (found) return apiErrorFromObject(found, httpStatus);
  return new ApiError(tidyMessage(data) || 'The server reported an error in the stream.', { status: httpStatus });
}

/**
 * The ApiError for a non-2xx reply. A body that is not a JSON error (an HTML page from a proxy,
 * an empty body) gives a short message built from the status, never the page itself.
 */
export function apiErrorFromHttpReply(status: number, contentType: string, bodyText: string, retryAfterMs?: number): ApiError {
  const found = extractErrorObject(parseJson(bodyText));
  if (found) return apiErrorFromObject({ ...found, status: undefined }, status, retryAfterMs);

  const trimmed = bodyText.trim();
  const isShortPlainText = /^text\/plain/i.test(contentType) && trimmed.length > 0 && trimmed.length <= 200 && !trimmed.includes('<');
  // A success status with a body that is not JSON: most likely a website, not the API.
  const isSuccess = status >= 200 && status < 300;
  const expected = isSuccess ? 'JSON' : 'a JSON error';
  const what = /html/i.test(contentType) || /^<(!doctype|html)/i.test(trimmed)
    ? `an HTML page instead of ${expected}`
    : trimmed === ''
      ? 'an empty body'
      : `a body that is not ${expected}`;
  const hint = isSuccess ? ' Check the base URL (it usually ends in /v1).' : '';
  const message = isShortPlainText
    ? `HTTP ${statusLabel(status)}: ${tidyMessage(trimmed)}`
    : `HTTP ${statusLabel(status)}: the server replied with ${what}.${hint}`;
  return new ApiError(message, { status, type: CLIENT_ERROR_TYPES.invalidResponse, retryAfterMs });
}

/** The cut-off error for a stream that ended before its end marker. */
export function streamTruncatedError(status: number, detail?: string): ApiError {
  return new ApiError(
    `The reply stream ended before it was complete${detail ? ` (${detail})` : ''}; the answer is cut off.`,
    { status, type: CLIENT_ERROR_TYPES.network, code: CLIENT_ERROR_CODES.streamTruncated },
  );
}

export function isStreamTruncation(error: unknown): boolean {
  return error instanceof ApiError && error.code === CLIENT_ERROR_CODES.streamTruncated;
}

/** Errors with `name === 'AbortError'`, distinguishable from every ApiError. */
export function createAbortError(reason?: unknown): Error {
  const error = new Error('The request was cancelled.', reason === undefined ? undefined : { cause: reason });
  error.name = 'AbortError';
  return error;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** A leftover this short shows no more of a key than its masked form does. */
const HARMLESS_SECRET_PREFIX_CHARS = 3;

/**
 * Replaces every occurrence of the key (servers sometimes echo it) with its masked form, and the
 * start of the key where tidyMessage cut a long message inside it.
 */
export function redactSecret(text: string, secret: string, replacement: string): string {
  if (secret.length === 0) return text;
  const redacted = text.split(secret).join(replacement);
  if (!redacted.endsWith('…')) return redacted;
  const kept = redacted.slice(0, -1);
  for (let length = secret.length - 1; length > HARMLESS_SECRET_PREFIX_CHARS; length--) {
    if (kept.endsWith(secret.slice(0, length))) return `${kept.slice(0, -length)}${replacement}…`;
  }
  return redacted;
}
