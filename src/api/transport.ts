import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_TYPES, createAbortError, isAbortError, streamTruncatedError, tidyMessage } from './errors';
import { proxyReplyStatus, routeError } from './networkRoute';
import type { NetworkOptions } from './types';

/** The one place HTTP happens: undici's `request`, one attempt, no retries. */

/**
 * undici, loaded on the first request rather than with the extension: evaluating it costs more than
 * the rest of activation together, and activation sends nothing. esbuild.js puts it in a file of its
 * own that this import requires when it first runs (test/unit/build/activation.test.ts keeps it out
 * of activation); kept once, so a request does not take the module's namespace anew.
 */
let undici: Promise<typeof import('undici')> | undefined;
function loadUndici(): Promise<typeof import('undici')> {
  undici ??= import('undici');
  return undici;
}

export type HeaderMap = Record<string, string | string[] | undefined>;

export interface HttpReply {
  status: number;
  headers: HeaderMap;
  contentType: string;
  body: AsyncIterable<Uint8Array> & { destroy(error?: Error): unknown };
}

export interface HttpAttempt {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Applied as undici's headersTimeout and bodyTimeout (idle time between body chunks); 0 disables. */
  timeoutMs: number;
  /** Proxy and certificates; default a direct connection. */
  network?: NetworkOptions;
}

export async function sendHttpRequest(attempt: HttpAttempt): Promise<HttpReply> {
  try {
    const { request } = await loadUndici();
    const reply = await request(attempt.url, {
      method: attempt.method,
      headers: attempt.headers,
      body: attempt.body,
      signal: attempt.signal,
      headersTimeout: attempt.timeoutMs,
      bodyTimeout: attempt.timeoutMs,
      dispatcher: attempt.network?.route?.(attempt.url).dispatcher,
    });
    const contentType = reply.headers['content-type'];
    return {
      status: reply.statusCode,
      headers: reply.headers,
      contentType: (Array.isArray(contentType) ? contentType[0] : contentType) ?? '',
      body: reply.body,
    };
  } catch (error) {
    // undici names a proxy's refusal to tunnel an AbortError too: that one is a failure, not a cancellation.
    if (isAbortError(error) && proxyReplyStatus(error) === undefined) throw error;
    throw (await routeError(error, errorCode(error), attempt.url, attempt.network)) ?? networkError(error, attempt.url, attempt.timeoutMs);
  }
}

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const withCode = error as Error & { code?: unknown; cause?: unknown; errors?: unknown };
  // undici wraps a TLS failure behind a proxy; its cause says what failed.
  if (withCode.code === 'UND_ERR_PRX_TLS' && withCode.cause instanceof Error) return errorCode(withCode.cause);
  if (typeof withCode.code === 'string') return withCode.code;
  if (withCode.cause instanceof Error) return errorCode(withCode.cause);
  if (Array.isArray(withCode.errors)) return errorCode(withCode.errors[0]);
  return undefined;
}

/** A duration for messages: `1.5 s`. */
export function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** A failure without an HTTP reply: status undefined, a message naming the host, never a header. */
export function networkError(error: unknown, url: URL, timeoutMs: number): ApiError {
  const code = errorCode(error);
  const host = url.host;
  const details = { type: CLIENT_ERROR_TYPES.network, code };
  switch (code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new ApiError(`No reply from ${host} within ${seconds(timeoutMs)}.`, { ...details, code: CLIENT_ERROR_CODES.timeout });
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new ApiError(`Could not connect to ${host}: the connection timed out.`, { ...details, code: CLIENT_ERROR_CODES.timeout });
    case 'ECONNREFUSED':
      return new ApiError(`Could not connect to ${host}: the connection was refused. Is the base URL right and the service running?`, details);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ApiError(`Could not find the host ${url.hostname}. Check the base URL and your network.`, { ...details, code: CLIENT_ERROR_CODES.hostNotFound });
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return new ApiError(`The connection to ${host} closed before a reply arrived.`, details);
    default: {
      const reason = error instanceof Error ? tidyMessage(error.message) : 'unknown error';
      const tls = code !== undefined && /CERT|TLS|SSL/i.test(code) ? ' (TLS certificate problem)' : '';
      return new ApiError(`Network error talking to ${host}${tls}: ${reason}`, details);
    }
  }
}

/**
 * The body chunks of a reply whose headers said 2xx. A connection that breaks mid-body is
 * reported as a cut-off stream (an ApiError), a long silence as a timeout; aborts pass through.
 * undici destroys the body with the signal's reason, which may be any value the caller chose:
 * with `signal`, such an end is an abort too, never a cut-off stream (which a chat stream that
 * already had its finish reason would take for a finished answer).
 */
export async function* bodyChunks(reply: HttpReply, url: URL, timeoutMs: number, signal?: AbortSignal): AsyncGenerator<Uint8Array, void, undefined> {
  try {
    for await (const chunk of reply.body) yield chunk;
  } catch (error) {
    if (signal?.aborted) throw createAbortError(signal.reason);
    if (isAbortError(error) || error instanceof ApiError) throw error;
    if (errorCode(error) === 'UND_ERR_BODY_TIMEOUT') {
      throw new ApiError(`${url.host} stopped sending for ${seconds(timeoutMs)}; the reply was abandoned.`, {
        status: reply.status,
        type: CLIENT_ERROR_TYPES.network,
        code: CLIENT_ERROR_CODES.timeout,
      });
    }
    throw streamTruncatedError(reply.status, 'the connection was lost');
  }
}

/**
 * The body as text, at most `limitBytes` (the rest is dropped and the connection closed):
 * error pages can be large, and only their start is ever used.
 */
export async function readBodyText(reply: HttpReply, url: URL, timeoutMs: number, limitBytes: number): Promise<{ text: string; truncated: boolean }> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let bytes = 0;
  for await (const chunk of bodyChunks(reply, url, timeoutMs)) {
    const room = limitBytes - bytes;
    text += decoder.decode(chunk.subarray(0, Math.max(0, room)), { stream: true });
    bytes += chunk.byteLength;
    if (bytes >= limitBytes) {
      reply.body.destroy();
      return { text: text + decoder.decode(), truncated: bytes > limitBytes };
    }
  }
  return { text: text + decoder.decode(), truncated: false };
}
