import type { ApiError } from './errors';
import type { RetryOptions } from './retryPolicy';

/** What every chat or responses call yields, streaming or not. */
export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'usage'; inputTokens?: number; outputTokens?: number; totalTokens?: number }
  /** A complete tool call (chat only), after the text and before usage and done. */
  | ({ type: 'toolCall' } & ToolCall)
  | { type: 'done'; finishReason?: string };

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
}

export interface RespondRequest {
  model: string;
  input: string | WireMessage[];
  /** Default true: some models answer only in streaming form. */
  stream?: boolean;
  /** Sent as `max_output_tokens` only when given. */
  maxOutputTokens?: number;
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

export interface CallOptions {
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
}
