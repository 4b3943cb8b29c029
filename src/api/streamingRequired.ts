import { ApiError } from './errors';

/**
 * Whether an error is the 400 a model gives when asked for a non-streaming reply while it
 * answers only in streaming form. Servers word it differently, so any of: a code mentioning
 * "stream" (`stream_required`, `streaming_only`), or a message mentioning stream/streaming
 * together with "only" or "requir…".
 */
export function isStreamingRequiredError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  if (typeof error.code === 'string' && /stream/i.test(error.code)) return true;
  const message = error.message;
  return /stream/i.test(message) && /\bonly\b|requir/i.test(message);
}
