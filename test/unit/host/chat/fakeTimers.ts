import type { Timers } from '../../../../src/host/chat/timers';

/** A manual clock: timers fire only inside advance(), in time order. */
export class FakeTimers implements Timers {
  private time = 0;
  private nextId = 1;
  private readonly tasks = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): number {
    const id = this.nextId++;
    this.tasks.set(id, { at: this.time + Math.max(0, ms), callback });
    return id;
  }

  /** When each turn of the event loop was asked for (nextTurn). */
  readonly turnTimes: number[] = [];

  /** A turn of the event loop: the timers due by now run (as the loop comes round, it always does). */
  async nextTurn(): Promise<void> {
    this.turnTimes.push(this.time);
    await Promise.resolve();
    this.advance(0);
  }

  clearTimeout(handle: unknown): void {
    this.tasks.delete(handle as number);
  }

  get pendingTimers(): number {
    return this.tasks.size;
  }

  /** Moves the clock on without running any timer, as when the event loop is busy all that time. */
  pass(ms: number): void {
    this.time += ms;
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.tasks) {
        if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) {
          next = entry;
        }
      }
      if (!next) {
        break;
      }
      this.tasks.delete(next[0]);
      this.time = next[1].at;
      next[1].callback();
    }
    this.time = end;
  }
}
