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
export async function* guardStream(events: AsyncIterable<StreamEvent> | Iterable<StreamEvent>, limits: StreamLimits,
  describe: (seconds: string, beforeFirstToken: boolean) => string, expire: () => void): AsyncGenerator<StreamEvent, void, undefined> {
  const maxChars = positive(limits.maxAnswerChars);
  const watchdog = new Watchdog(positive(limits.firstTokenTimeoutMs), positive(limits.idleTimeoutMs), expire);
  let chars = 0;
  try {
    for await (const event of events) {
      watchdog.sawData(event.type === 'text' || event.type === 'reasoning');
      if (event.type === 'text' || event.type === 'reasoning') {
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
  } catch (error) {
    // Closing the connection made the read fail: that failure is the timeout.
    throw watchdog.expired ? watchdog.error(describe) : error;
  } finally {
    watchdog.stop();
  }
  // A stream may also end cleanly after the close (a finish reason had arrived): then it is complete.
}

/**
 * One timer for the whole stream, not one per event (a fast stream has hundreds of thousands):
 * each event only notes the time; the timer, when it fires, checks how long the stream has been
 * quiet and either re-arms for the rest of the allowance or expires.
 */
class Watchdog {
  private lastData = performance.now();
  private sawToken = false;
  private timer: NodeJS.Timeout | undefined;
  /** The allowance that ran out, once expired. */
  private expiredAfter: { ms: number; beforeFirstToken: boolean } | undefined;

  constructor(private readonly firstTokenMs: number | undefined, private readonly idleMs: number | undefined,
    private readonly expire: () => void) {
    this.arm(this.allowance());
  }

  get expired(): boolean {
    return this.expiredAfter !== undefined;
  }

  /** Before the first token only a token counts (the first-token timeout runs from the start); after it, any data. */
  sawData(token: boolean): void {
    if (!token && !this.sawToken) return;
    this.lastData = performance.now();
    if (token && !this.sawToken) {
      this.sawToken = true;
      // The allowance changes from the first-token to the idle timeout.
      clearTimeout(this.timer);
      this.arm(this.allowance());
    }
  }

  error(describe: (seconds: string, beforeFirstToken: boolean) => string): ApiError {
    const { ms, beforeFirstToken } = this.expiredAfter ?? { ms: 0, beforeFirstToken: false };
    return new ApiError(describe(seconds(ms), beforeFirstToken), { type: CLIENT_ERROR_TYPES.network, code: CLIENT_ERROR_CODES.timeout });
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private allowance(): number | undefined {
    return this.sawToken ? this.idleMs : this.firstTokenMs;
  }

  private arm(delayMs: number | undefined): void {
    this.timer = delayMs === undefined ? undefined : setTimeout(() => this.check(), delayMs);
  }

  private check(): void {
    const allowance = this.allowance();
    if (allowance === undefined) return;
    const quiet = performance.now() - this.lastData;
    if (quiet < allowance) {
      this.arm(allowance - quiet);
      return;
    }
    this.expiredAfter = { ms: allowance, beforeFirstToken: !this.sawToken };
    this.timer = undefined;
    this.expire();
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
