import { realTimers, type Timers } from './timers';

/**
 * Runs `action` at most once per `intervalMs` while `schedule()` keeps being called, always
 * ending with a run after the last call (trailing edge), so the latest state is never left unsaved.
 * `flush()` runs it now if a run is pending.
 */
export class Throttle {
  private timer: unknown;
  private pending = false;
  private lastRun = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly action: () => void,
    private readonly intervalMs: number,
    private readonly timers: Timers = realTimers,
  ) {}

  schedule(): void {
    this.pending = true;
    if (this.timer !== undefined) {
      return;
    }
    const wait = Math.max(0, this.lastRun + this.intervalMs - this.timers.now());
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, wait);
  }

  /** Runs now when something is pending; a no-op otherwise. */
  flush(): void {
    if (this.timer !== undefined) {
      this.timers.clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.pending) {
      this.run();
    }
  }

  dispose(): void {
    this.flush();
  }

  private run(): void {
    this.pending = false;
    this.lastRun = this.timers.now();
    this.action();
  }
}
