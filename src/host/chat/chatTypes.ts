// The shapes the chat needs from its collaborators, declared structurally so the session runs in
// plain Node tests with fakes; the real ModelAccessClient, Settings and Log satisfy them.
import type { StreamEvent, StreamLimits, WireMessage } from '../../api';
import type { ModelParameters } from '../../shared/modelParameters';

export type { StreamEvent, StreamLimits };

/** A 429 back-off announced by the client before it waits. */
export interface RetryInfo {
  attempt: number;
  maxRetries: number;
  delayMs: number;
  retryAt: number;
  status?: number;
  error?: unknown;
}

export interface ChatRequestOptions extends StreamLimits {
  signal?: AbortSignal;
  onRetry?: (info: RetryInfo) => void;
}

export interface ChatClient {
  chat(
    request: { model: string; messages: WireMessage[]; stream?: boolean; maxTokens?: number } & ModelParameters,
    options?: ChatRequestOptions,
  ): AsyncIterable<StreamEvent>;
  respond(
    request: { model: string; input: string | WireMessage[]; stream?: boolean; maxOutputTokens?: number } & ModelParameters,
    options?: ChatRequestOptions,
  ): AsyncIterable<StreamEvent>;
}

export interface ChatSettings {
  model?: string;
  api: 'chat' | 'responses';
  maxOutputTokens?: number;
  systemPrompt?: string;
  /** modelAccess.stream; unset means on. */
  stream?: boolean;
  /** Per-model parameters (modelAccess.modelOptions); absent: none sent. */
  modelOptions?: Readonly<Record<string, ModelParameters>>;
}

export interface ChatLog {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
