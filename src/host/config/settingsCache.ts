// The parsed settings, kept between changes: a chat answer read them six or seven times (at Send, for
// its context window, its limits and its end), each a VS Code `inspect` of every modelAccess key
// and a parse, in the extension host that also relays the stream to the page.

/** Freezes `value` and everything reachable from it: a cached value handed to every caller must not be changed by one. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * One value read on demand and kept until `invalidate()`, only while someone has promised to call it
 * on every change (`watch()`); unwatched, every `get` reads again, so nothing stale can be served by
 * a cache no one empties.
 */
export class ChangeCache<T> {
  private value: T | undefined;
  private watchers = 0;

  constructor(private readonly read: () => T) {}

  get(): T {
    if (this.value !== undefined) return this.value;
    const value = deepFreeze(this.read());
    if (this.watchers > 0) this.value = value;
    return value;
  }

  invalidate(): void {
    this.value = undefined;
  }

  /** Until the returned function is called, the caller calls `invalidate()` on every change. */
  watch(): () => void {
    this.watchers++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.watchers--;
      this.value = undefined;
    };
  }
}
