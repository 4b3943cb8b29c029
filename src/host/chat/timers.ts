// The timer functions the chat's time-driven parts use, injectable so tests can run them on a fake clock.

export type TimerHandle = unknown;

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  now(): number;
  /**
   * Resolves once Node's event loop has come round (a `setImmediate`: after its poll phase, where I/O that
   * completed is handled, with no timer's minimum delay).
   */
  nextTurn(): Promise<void>;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
  nextTurn: () => new Promise((resolve) => setImmediate(resolve)),
};
