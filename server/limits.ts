/**
 * Per-key concurrency and rate limits for model calls. Only admitted calls count towards the
 * rate window, so a client that backs off as told gets through.
 */
import type { KeyConfig } from './config';
import { HttpError } from './httpError';

const RATE_WINDOW_MS = 1000;
/** How long a caller refused for concurrency is told to wait: the server cannot know when a slot frees. */
const CONCURRENCY_RETRY_MS = 1000;

interface KeyState {
  inFlight: number;
  admittedAt: number[];
}

export class Limiter {
  private readonly states = new Map<string, KeyState>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Admits a model call or throws 429; the returned function frees its slot (calling it twice is harmless). */
  admit(key: KeyConfig): () => void {
    const state = this.stateOf(key.key);
    if (key.maxConcurrent !== undefined && state.inFlight >= key.maxConcurrent) {
      throw rateLimited(`Too many requests in flight for this key (limit ${key.maxConcurrent}). Retry when one has finished.`,
        CONCURRENCY_RETRY_MS);
    }
    if (key.requestsPerSecond !== undefined) {
      const now = this.now();
      state.admittedAt = state.admittedAt.filter((t) => now - t < RATE_WINDOW_MS);
      if (state.admittedAt.length >= key.requestsPerSecond) {
        const waitMs = state.admittedAt[0] + RATE_WINDOW_MS - now;
        throw rateLimited(`Rate limit reached for this key (${key.requestsPerSecond} requests per second).`, waitMs);
      }
      state.admittedAt.push(now);
    }
    state.inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.inFlight -= 1;
    };
  }

  /** Forgets the rate windows; calls still in flight keep their slots. */
  resetRates(): void {
    for (const state of this.states.values()) state.admittedAt = [];
  }

  private stateOf(key: string): KeyState {
    let state = this.states.get(key);
    if (state === undefined) {
      state = { inFlight: 0, admittedAt: [] };
      this.states.set(key, state);
    }
    return state;
  }
}

function rateLimited(message: string, waitMs: number): HttpError {
  const ms = Math.max(1, Math.ceil(waitMs));
  return new HttpError(429, 'rate_limit_error', 'rate_limit_exceeded', message, {
    'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))),
    'retry-after-ms': String(ms),
  });
}
