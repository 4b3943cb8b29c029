import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_TYPES } from './errors';
import { seconds } from './transport';
import type { StreamEvent, StreamLimits } from './types';

/**
 * Guards an answer's event stream against a server that never stops or never says anything.
 *
 * The timeouts count real data — text, reasoning, usage, the end — never bytes: a server that
 * keeps the connection busy with SSE comments (`: ping`) or empty chunks is as idle as a silent
 * one (undici's own body timeout, which counts any byte, is only the last resort). Until the first
 * text or reasoning arrives the first-token timeout applies, after it the idle timeout. `expire`
 * is called when a deadline passes (it must close the connection, so that the read waiting on
 * it ends); the stream then throws a timeout ApiError.
 *
 * The size limit counts the characters of text and reasoning together. The text that reaches it
 * is kept up to the limit, then a `cutOff` event ends the stream: the caller's loop ends and the
 * client closes the connection, so the server stops sending.
 */
export async function* guardStream(events: AsyncIterable<StreamEvent> | Iterable<StreamEvent>, limits: StreamLimits, describe: (seconds: string, beforeFirstToken: boolean) => string,
  expire: () => void): AsyncGenerator<StreamEvent, void, undefined> {
  const iterator = Symbol.asyncIterator in events ? events[Symbol.asyncIterator]() : fromIterable(events)[Symbol.asyncIterator]();
  const maxChars = positive(limits.maxAnswerChars);
  let chars = 0;
  let sawToken = false;
  let expired = false;
  try {
    for (;;) {
      const timeoutMs = positive(sawToken ? limits.idleTimeoutMs : limits.firstTokenTimeoutMs);
      const result = await nextWithin(iterator, timeoutMs);
      if (result === TIMED_OUT) {
        expired = true;
        expire();
        throw new ApiError(describe(seconds(timeoutMs ?? 0), !sawToken), {
          type: CLIENT_ERROR_TYPES.network,
          code: CLIENT_ERROR_CODES.timeout,
        });
      }
      if (result.done) return;
      const event = result.value;
      if (event.type === 'text' || event.type === 'reasoning') {
        sawToken = true;
        if (maxChars !== undefined && chars + event.text.length > maxChars) {
          const kept = cutAt(event.text, maxChars - chars);
          if (kept) yield { ...event, text: kept };
          yield { type: 'cutOff', reason: 'maxAnswerChars', limit: maxChars };
          return;
        }
        chars += event.text.length;
      }
      yield event;
    }
  } finally {
    // After a timeout the pending read ends with the closed connection; waiting for it here is not needed.
    if (!expired) await iterator.return?.();
  }
}

const TIMED_OUT = Symbol('timed out');

async function nextWithin<T>(iterator: AsyncIterator<T>, timeoutMs: number | undefined): Promise<IteratorResult<T> | typeof TIMED_OUT> {
  const next = iterator.next();
  if (timeoutMs === undefined) return next;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    const result = await Promise.race([next, deadline]);
    // The read still pending after a timeout fails once the connection is closed: nobody waits for it.
    if (result === TIMED_OUT) next.catch(() => undefined);
    return result;
  } finally {
    clearTimeout(timer);
  }
}

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The first `length` UTF-16 units of `text`, never ending inside a surrogate pair. */
function cutAt(text: string, length: number): string {
  if (length <= 0) return '';
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

async function* fromIterable<T>(items: Iterable<T>): AsyncGenerator<T, void, undefined> {
  yield* items;
}
