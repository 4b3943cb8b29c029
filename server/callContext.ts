import type { ServerResponse } from 'node:http';
import type { ModelConfig } from './config';
import type { ModelCallRequest } from './validation';

/** One admitted, billed model call, as the reply writers see it. */
export interface CallContext {
  res: ServerResponse;
  request: ModelCallRequest;
  model: ModelConfig;
  inputTokens: number;
  /** Aborts when the client goes away or the server shuts down. */
  signal: AbortSignal;
  /** Meters output tokens as they are produced, so a reply cut short is billed for what was sent. */
  billOutput(tokens: number): void;
  /** The reply failed on the server's side: its outcome is 'error' even though the status was 200. */
  markFailed(): void;
}

/** The error object a model sends when it fails part-way through an answer. */
export const MIDSTREAM_ERROR = {
  message: 'The model failed in the middle of the answer. Try again later.',
  type: 'server_error',
  code: 'upstream_error',
} as const;
