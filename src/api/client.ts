import { setTimeout as sleep } from 'node:timers/promises';
import { maskKey, validateApiKey } from './apiKey';
import { checkBaseUrl, invalidBaseUrlError } from './baseUrl';
import { chatEventsFromSse } from './chatStream';
import {
  ApiError,
  apiErrorFromHttpReply,
  createAbortError,
  isAbortError,
  redactSecret,
  tidyMessage,
} from './errors';
import { parseJson } from './json';
import { checkExtraHeaders } from './extraHeaders';
import { parseModelList } from './models';
import { chatEventsFromJson, responsesEventsFromJson } from './nonStreaming';
import { responsesEventsFromSse } from './responsesStream';
import { toWireMessage, toWireTools } from './toolCalls';
import { decideRetry, parseRetryAfterMs, resolveRetryOptions, type ResolvedRetryOptions } from './retryPolicy';
import { parseSseStream, type SseMessage } from './sse';
import { guardStream } from './streamGuard';
import { bodyChunks, readBodyText, sendHttpRequest, type HttpReply } from './transport';
import type {
  CallOptions,
  ChatRequest,
  ModelAccessClientOptions,
  ModelInfo,
  NetworkOptions,
  RequestLogEntry,
  RespondRequest,
  RetryInfo,
  StreamEvent,
} from './types';

export const DEFAULT_TIMEOUT_MS = 300_000;
/** Only the start of an error body is ever shown. */
const ERROR_BODY_LIMIT_BYTES = 64 * 1024;
/** A non-streaming reply or model list larger than this is not something a chat can show. */
const JSON_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

type Method = 'GET' | 'POST';
type SseMapper = (reads: AsyncIterable<SseMessage[]>, httpStatus: number) => AsyncIterable<StreamEvent>;
type JsonMapper = (body: unknown, httpStatus: number) => StreamEvent[];

interface Operation {
  method: Method;
  path: string;
  body?: Record<string, unknown>;
  stream: boolean;
}

function parseBaseUrl(baseUrl: string): URL | ApiError {
  const check = checkBaseUrl(baseUrl);
  return check.ok ? check.url : invalidBaseUrlError(check.reason);
}

function looksLikeSse(text: string): boolean {
  return /^(data|event|id|retry)?:/.test(text.trimStart());
}

/**
 * Client of the Model Access API. Every call validates the key first (nothing is sent with a
 * malformed key), retries 429 replies as the spec recommends, and reports failures as ApiError
 * or, when the caller's signal aborted, as an error named 'AbortError'.
 */
export class ModelAccessClient {
  private readonly baseUrl: URL | ApiError;
  private readonly apiKey: string;
  private readonly retry: ResolvedRetryOptions;
  private readonly timeoutMs: number;
  private readonly logSink?: (entry: RequestLogEntry) => void;
  private readonly network?: NetworkOptions;
  private readonly extraHeaders: Record<string, string>;

  constructor(options: ModelAccessClientOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    this.apiKey = typeof options.apiKey === 'string' ? options.apiKey : '';
    this.retry = resolveRetryOptions(options.retry);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs < 0) throw new RangeError('timeoutMs must be a number ≥ 0.');
    this.timeoutMs = timeoutMs;
    this.logSink = options.log;
    this.network = options.network;
    // Checked here too (not only where the settings are read), so no caller can set Authorization.
    this.extraHeaders = checkExtraHeaders(options.headers);
  }

  /** GET /models. */
  async listModels(options: CallOptions = {}): Promise<ModelInfo[]> {
    const operation: Operation = { method: 'GET', path: '/models', stream: false };
    try {
      const { reply, url } = await this.open(operation, options);
      const { text, truncated } = await readBodyText(reply, url, this.timeoutMs, JSON_BODY_LIMIT_BYTES);
      const body = truncated ? undefined : parseJson(text);
      if (body === undefined) {
        throw apiErrorFromHttpReply(reply.status, reply.contentType, truncated ? '' : text);
      }
      return parseModelList(body, reply.status);
    } catch (error) {
      throw this.finalError(error, operation, options.signal);
    }
  }

  /** POST /chat/completions; `stream` defaults to true. */
  chat(request: ChatRequest, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    const stream = request.stream ?? true;
    const body: Record<string, unknown> = { model: request.model, messages: request.messages.map(toWireMessage), stream };
    if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
    if (request.tools && request.tools.length > 0) {
      body.tools = toWireTools(request.tools);
      if (request.toolChoice) body.tool_choice = request.toolChoice;
    }
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.topP !== undefined) body.top_p = request.topP;
    if (request.reasoningEffort !== undefined) body.reasoning_effort = request.reasoningEffort;
    return this.events({ method: 'POST', path: '/chat/completions', body, stream }, chatEventsFromSse, chatEventsFromJson, options);
  }

  /** POST /responses; `stream` defaults to true. */
  respond(request: RespondRequest, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    const stream = request.stream ?? true;
    // Only role and content: tool calls and results have no place in this operation's input items.
    const input = typeof request.input === 'string' ? request.input : request.input.map(({ role, content }) => ({ role, content }));
    const body: Record<string, unknown> = { model: request.model, input, stream };
    if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.topP !== undefined) body.top_p = request.topP;
    if (request.reasoningEffort !== undefined) body.reasoning = { effort: request.reasoningEffort };
    return this.events({ method: 'POST', path: '/responses', body, stream }, responsesEventsFromSse, responsesEventsFromJson, options);
  }

  /**
   * Streaming in layers: bytes → text → SSE events → typed events. Whatever the server chose
   * (an SSE stream or one JSON body), the caller sees the same events.
   */
  private async *events(operation: Operation, fromSse: SseMapper, fromJson: JsonMapper, options: CallOptions): AsyncGenerator<StreamEvent, void, undefined> {
    let reply: HttpReply | undefined;
    try {
      const opened = await this.open(operation, options);
      reply = opened.reply;
      if (/text\/event-stream/i.test(reply.contentType)) {
        const events = fromSse(parseSseStream(bodyChunks(reply, opened.url, this.timeoutMs, options.signal)), reply.status);
        const { host } = opened.url;
        const body = reply.body;
        yield* guardStream(events, options, (seconds, beforeFirstToken) => `${host} sent ${beforeFirstToken ? 'no first token' : 'no more answer data'} within ${seconds} (keep-alive comments do not count); the reply was abandoned.`,
          () => body.destroy());
        return;
      }
      const { text, truncated } = await readBodyText(reply, opened.url, this.timeoutMs, JSON_BODY_LIMIT_BYTES);
      if (!truncated && looksLikeSse(text)) {
        // A stream sent without its content type.
        yield* fromSse(parseSseStream([text]), reply.status);
        return;
      }
      const body = truncated ? undefined : parseJson(text);
      if (body === undefined) throw apiErrorFromHttpReply(reply.status, reply.contentType, truncated ? '' : text);
      // Whole replies are bounded by JSON_BODY_LIMIT_BYTES; the answer size limit applies to them too.
      yield* guardStream(fromJson(body, reply.status), { maxAnswerChars: options.maxAnswerChars }, () => '', () => undefined);
    } catch (error) {
      throw this.finalError(error, operation, options.signal);
    } finally {
      // The caller stopped early (break/return): close the connection instead of reading on.
      reply?.body.destroy();
    }
  }

  /**
   * Sends the request until it gets a 2xx reply (returned unread) or a final error (thrown).
   * Only 429s are retried, all before any body byte of a successful reply is read.
   */
  private async open(operation: Operation, options: CallOptions): Promise<{ reply: HttpReply; url: URL }> {
    const { signal } = options;
    if (signal?.aborted) throw createAbortError(signal.reason);
    if (this.baseUrl instanceof ApiError) throw this.baseUrl;
    const key = validateApiKey(this.apiKey);
    // A base URL at the root keeps its '/' (http://host/): strip it so the path is joined with one slash.
    const url = new URL(this.baseUrl.href.replace(/\/+$/, '') + operation.path);
    const headers: Record<string, string> = {
      ...this.extraHeaders,
      authorization: `Bearer ${key}`,
      accept: operation.stream ? 'text/event-stream, application/json' : 'application/json',
    };
    if (operation.body !== undefined) headers['content-type'] = 'application/json';
    const body = operation.body === undefined ? undefined : JSON.stringify(operation.body);

    for (let retriesDone = 0; ; retriesDone++) {
      const started = performance.now();
      const reply = await sendHttpRequest({ url, method: operation.method, headers, body, signal, timeoutMs: this.timeoutMs, network: this.network });
      this.log({
        kind: 'response',
        method: operation.method,
        path: operation.path,
        status: reply.status,
        durationMs: Math.round(performance.now() - started),
        attempt: retriesDone + 1,
      });
      if (reply.status >= 200 && reply.status < 300) return { reply, url };

      const { text } = await readBodyText(reply, url, this.timeoutMs, ERROR_BODY_LIMIT_BYTES).catch(() => ({ text: '' }));
      const error = apiErrorFromHttpReply(reply.status, reply.contentType, text, parseRetryAfterMs(reply.headers));
      const decision = decideRetry(error, retriesDone, this.retry);
      if (!decision.retry) throw error;

      const info: RetryInfo = {
        attempt: retriesDone + 1,
        maxRetries: this.retry.maxRetries,
        delayMs: decision.delayMs,
        retryAt: Date.now() + decision.delayMs,
        status: 429,
        error: this.redacted(error),
      };
      this.log({
        kind: 'retry',
        method: operation.method,
        path: operation.path,
        attempt: info.attempt,
        delayMs: info.delayMs,
        reason: error.retryAfterMs === undefined ? `429${error.code ? ` ${error.code}` : ''}; exponential backoff` : `429${error.code ? ` ${error.code}` : ''}; server asked to wait ${error.retryAfterMs} ms`,
      });
      try {
        options.onRetry?.(info);
      } catch {
        // A failing progress callback must not change the request's outcome.
      }
      await sleep(decision.delayMs, undefined, { signal });
    }
  }

  /** Cancellation wins over whatever error it caused; API errors lose any trace of the key. */
  private finalError(error: unknown, operation: Operation, signal: AbortSignal | undefined): unknown {
    // A cancellation is the caller's decision, not a failure: it is not logged as an error.
    if (signal?.aborted || isAbortError(error)) return createAbortError(signal?.reason);
    const final = error instanceof ApiError
      ? this.redacted(error)
      : this.redacted(new ApiError(`Unexpected client failure: ${tidyMessage(error instanceof Error ? error.message : String(error))}`));
    this.log({ kind: 'error', method: operation.method, path: operation.path, message: final.message, status: final.status, code: final.code });
    return final;
  }

  /** Servers sometimes echo the key they refused ("Incorrect API key provided: …"). */
  private redacted(error: ApiError): ApiError {
    const key = this.apiKey.trim();
    // Redacting a 1–3 character "key" would shred every message and protect nothing.
    if (key.length < 4) return error;
    const mask = maskKey(key);
    error.message = redactSecret(error.message, key, mask);
    if (error.type !== undefined) error.type = redactSecret(error.type, key, mask);
    if (error.code !== undefined) error.code = redactSecret(error.code, key, mask);
    return error;
  }

  private log(entry: RequestLogEntry): void {
    if (!this.logSink) return;
    try {
      this.logSink(entry);
    } catch {
      // Logging is best effort.
    }
  }
}
