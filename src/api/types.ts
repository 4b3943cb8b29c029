import type { Dispatcher } from 'undici';
import type { ApiError } from './errors';
import type { RetryOptions } from './retryPolicy';

/** What every chat or responses call yields, streaming or not. */
export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'usage'; inputTokens?: number; outputTokens?: number; totalTokens?: number }
  /** A complete tool call (chat only), after the text and before usage and done. */
  | ({ type: 'toolCall' } & ToolCall)
  | { type: 'done'; finishReason?: string }
  /**
   * The client ended the answer itself: it reached `maxAnswerChars` (text and reasoning together).
   * The last event of such a stream (no `done` follows); the connection is closed.
   */
  | { type: 'cutOff'; reason: 'maxAnswerChars'; limit: number };

/** A tool call the model asked for; `arguments` is the JSON text exactly as the server sent it. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A tool offered to the model (sent as an OpenAI `function` tool). */
export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON schema of the arguments. */
  parameters?: unknown;
}

/** A model from `/models`: its id and the record as the server sent it. */
export interface ModelInfo {
  id: string;
  raw: unknown;
}

/** One message of a request as it goes on the wire (`messages` / `input`): a role and its text, and for chat the tool calls or the tool result it carries. */
export interface WireMessage {
  role: string;
  content: string;
  /** On an assistant message: the tool calls it made (sent as `tool_calls`). */
  toolCalls?: ToolCall[];
  /** On a `tool` message: the id of the call this is the result of (sent as `tool_call_id`). */
  toolCallId?: string;
}

export interface ChatRequest {
  model: string;
  messages: WireMessage[];
  /** Default true: some models answer only in streaming form. */
  stream?: boolean;
  /** Sent as `max_tokens` only when given. */
  maxTokens?: number;
  /** Sent as OpenAI `tools` only when non-empty. */
  tools?: readonly ToolDefinition[];
  /** `required` makes the model call a tool; sent as `tool_choice` only with tools. */
  toolChoice?: 'auto' | 'required';
  /** Sent as `temperature` only when given. */
  temperature?: number;
  /** Sent as `top_p` only when given. */
  topP?: number;
  /** Sent as `reasoning_effort` only when given. */
  reasoningEffort?: string;
}

export interface RespondRequest {
  model: string;
  input: string | WireMessage[];
  /** Default true: some models answer only in streaming form. */
  stream?: boolean;
  /** Sent as `max_output_tokens` only when given. */
  maxOutputTokens?: number;
  /** Sent as `temperature` only when given. */
  temperature?: number;
  /** Sent as `top_p` only when given. */
  topP?: number;
  /** Sent as `reasoning: { effort }` only when given. */
  reasoningEffort?: string;
}

/** Passed to `onRetry` right before each back-off wait. */
export interface RetryInfo {
  /** 1-based number of the retry about to happen. */
  attempt: number;
  maxRetries: number;
  delayMs: number;
  /** Epoch ms when the retry will be sent. */
  retryAt: number;
  status: 429;
  error: ApiError;
}

/**
 * Per-call guards of an answer (chat and responses calls; see guardStream). Each is off when
 * unset or 0. The timeouts count data events (text, reasoning, usage, the end), never SSE comments.
 */
export interface StreamLimits {
  /** Longest wait, in ms, from the reply headers to the first text or reasoning. */
  firstTokenTimeoutMs?: number;
  /** Longest wait, in ms, between two data events once the first token arrived. */
  idleTimeoutMs?: number;
  /** Most characters of text and reasoning together; past it the answer ends with a `cutOff` event. */
  maxAnswerChars?: number;
}

export interface CallOptions extends StreamLimits {
  signal?: AbortSignal;
  onRetry?: (info: RetryInfo) => void;
}

/** Request log lines: method, path, status, timing and retry decisions; never the key, never bodies. */
export type RequestLogEntry =
  | { kind: 'response'; method: string; path: string; status: number; durationMs: number; attempt: number }
  | { kind: 'retry'; method: string; path: string; attempt: number; delayMs: number; reason: string }
  | { kind: 'error'; method: string; path: string; message: string; status?: number; code?: string };

export interface ModelAccessClientOptions {
  /** e.g. http://127.0.0.1:8787/v1 (a trailing slash is fine). */
  baseUrl: string;
  apiKey: string;
  retry?: RetryOptions;
  /**
   * Longest wait, in ms, for the reply headers and, separately, for each next piece of a body
   * (an idle timeout, so a long stream that keeps sending never times out). Default 300000;
   * 0 disables both.
   */
  timeoutMs?: number;
  log?: (entry: RequestLogEntry) => void;
  /** How requests reach the server (proxy, certificates); default: a direct connection with Node's CAs. */
  network?: NetworkOptions;
}

/** What a failed connection can be blamed on, each with a hint the caller words (e.g. naming its setting). */
export type NetworkHintKind = 'proxy' | 'proxyAuth' | 'certificate';

/**
 * The network route, built by the caller (the extension host reads proxy and certificate settings;
 * `src/api` knows no settings). Only the dispatcher changes what is sent; the rest explains failures.
 */
export interface NetworkOptions {
  /**
   * How a request to `url` travels: the undici dispatcher carrying the proxy and TLS options (an
   * Agent or a ProxyAgent) and the proxy's address without credentials (undefined: direct).
   */
  route?(url: URL): NetworkRoute;
  /** Who issued the certificate `url` presents, read after verification refused it (best effort). */
  certificateIssuer?(url: URL): Promise<string | undefined>;
  /** A sentence appended to errors of that kind, saying what to set. */
  hints?: Partial<Record<NetworkHintKind, string>>;
}

export interface NetworkRoute {
  dispatcher: Dispatcher;
  proxy?: string;
}
