import { ApiError, apiErrorFromErrorEvent, apiErrorFromObject, extractErrorObject, streamTruncatedError } from './errors';
import { isRecord, nonEmptyString, parseJson } from './json';
import { ReadEvents, type SseMessage } from './sse';
import type { StreamEvent } from './types';
import { readUsage } from './usage';

/**
 * The finish reason of a finished Responses object, in the chat vocabulary so callers never
 * branch on the API: `completed` → `stop`, incomplete for `max_output_tokens` → `length`,
 * any other incomplete reason as given (e.g. `content_filter`), else `incomplete`.
 */
export function responsesFinishReason(response: unknown): string | undefined {
  if (!isRecord(response)) return undefined;
  if (response.status === 'completed') return 'stop';
  if (response.status === 'incomplete') {
    const reason = isRecord(response.incomplete_details) ? nonEmptyString(response.incomplete_details.reason) : undefined;
    if (reason === 'max_output_tokens') return 'length';
    return reason ?? 'incomplete';
  }
  return undefined;
}

/** The ApiError of a failed Responses object (`status: 'failed'` or a non-null `error`). */
export function responseFailure(response: unknown, httpStatus: number): ApiError | undefined {
  if (!isRecord(response)) return undefined;
  const found = extractErrorObject(response);
  if (found) return apiErrorFromObject(found, httpStatus);
  if (response.status === 'failed') return new ApiError('The model failed to produce a response.', { status: httpStatus });
  return undefined;
}

function textsOf(parts: unknown, accepted: (type: unknown) => boolean): string[] {
  if (!Array.isArray(parts)) return [];
  return parts
    .filter((part): part is Record<string, unknown> => isRecord(part) && accepted(part.type))
    .map((part) => nonEmptyString(part.text) ?? nonEmptyString(part.refusal))
    .filter((text): text is string => text !== undefined);
}

/**
 * The reasoning and answer text of a Responses object: the answer from the `output_text`
 * convenience field when present, else from the `output_text` parts of `message` items;
 * reasoning from `reasoning` items (summary and content).
 */
export function responseOutput(response: Record<string, unknown>): { reasoning: string; text: string } {
  const items = Array.isArray(response.output) ? response.output.filter(isRecord) : [];
  const reasoning = items
    .filter((item) => item.type === 'reasoning')
    .flatMap((item) => [...textsOf(item.summary, () => true), ...textsOf(item.content, () => true)])
    .join('\n\n');
  const text = typeof response.output_text === 'string'
    ? response.output_text
    : items
      .filter((item) => item.type === 'message' || item.type === undefined)
      .flatMap((item) => textsOf(item.content, (type) => type === 'output_text' || type === 'text' || type === 'refusal'))
      .join('');
  return { reasoning, text };
}

const REASONING_DELTA = /^response\.reasoning(_summary)?(_text)?\.delta$/;

/**
 * Layer 3 of streaming for POST /responses: SSE events → StreamEvents.
 *
 * The event kind is the payload's `type`, or the SSE `event:` line when the payload has none.
 * `response.output_text.delta` (and refusal deltas) yield text; reasoning and reasoning-summary
 * deltas yield reasoning; `response.completed` and `response.incomplete` yield usage and `done`
 * and end the stream (a trailing `[DONE]` is neither needed nor harmful; text or reasoning that no
 * delta carried is taken from the final response object); `response.failed` and
 * `error` (flat or nested) throw. A bare `[DONE]` also ends the stream, as the spec says. A stream
 * that ends without any of these was cut off: the iterator throws after yielding what arrived.
 */
export async function* responsesEventsFromSse(reads: AsyncIterable<SseMessage[]>, httpStatus: number): AsyncGenerator<StreamEvent, void, undefined> {
  let sawText = false;
  let sawReasoning = false;
  const out = new ReadEvents();

  /** One read's events into `out`: true once the stream ended; an error is returned, not thrown, so what came before it is yielded first. */
  const read = (messages: SseMessage[]): boolean | ApiError => {
    for (const message of messages) {
      if (message.data.trim() === '[DONE]') {
        out.push({ type: 'done' });
        return true;
      }
      const payload = parseJson(message.data);
      const kind = (isRecord(payload) ? nonEmptyString(payload.type) : undefined) ?? message.event;

      // `event: error` is an error whatever type its payload claims (a flat error object's own `type` may replace it).
      if (kind === 'error' || message.event === 'error') return apiErrorFromErrorEvent(message.data, httpStatus);
      // An untyped event may still be an error envelope (`data: {"error":{...}}`).
      const found = kind === undefined ? extractErrorObject(payload) : undefined;
      if (found) return apiErrorFromObject(found, httpStatus);
      if (!isRecord(payload)) continue;

      if (kind === 'response.output_text.delta' || kind === 'response.refusal.delta') {
        const text = nonEmptyString(payload.delta);
        if (text) {
          sawText = true;
          out.push({ type: 'text', text });
        }
      } else if (kind !== undefined && REASONING_DELTA.test(kind)) {
        const text = nonEmptyString(payload.delta);
        if (text) {
          sawReasoning = true;
          out.push({ type: 'reasoning', text });
        }
      } else if (kind === 'response.failed') {
        return responseFailure(payload.response, httpStatus) ?? new ApiError('The model failed to produce a response.', { status: httpStatus });
      } else if (kind === 'response.completed' || kind === 'response.incomplete') {
        const response = isRecord(payload.response) ? payload.response : {};
        // Some servers wrap a whole reply in a stream: the answer is only in the final object.
        const whole = responseOutput(response);
        if (!sawReasoning && whole.reasoning) out.push({ type: 'reasoning', text: whole.reasoning });
        if (!sawText && whole.text) out.push({ type: 'text', text: whole.text });
        const usage = readUsage(response.usage);
        if (usage) out.push(usage);
        const finishReason = responsesFinishReason(response) ?? (kind === 'response.completed' ? 'stop' : 'incomplete');
        out.push({ type: 'done', finishReason });
        return true;
      }
    }
    return false;
  };

  for await (const messages of reads) {
    const end = read(messages);
    yield* out.take();
    if (end instanceof ApiError) throw end;
    if (end) return;
  }
  throw streamTruncatedError(httpStatus, 'no response.completed, response.incomplete or [DONE]');
}
