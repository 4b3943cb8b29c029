// Typing in the prompt while an answer streams (issue 8: typing must stay smooth): how long each key
// took, from the key press to the next frame painted, as the page's Event Timing entries say.

/** What the bench keeps of an Event Timing entry (`PerformanceEventTiming`) of a key event. */
export interface KeyEventEntry {
  /** One per key press: its keydown, keypress, input and keyup share it (0 for events of no interaction). */
  interactionId: number;
  /** When the key was pressed (the event's time stamp), ms on the page's clock. */
  startTime: number;
  /** From the key press to the next frame painted after its handlers ran, ms (rounded to 8 by the browser). */
  duration: number;
  /** When its handlers started: until then the page's main thread was busy with something else. */
  processingStart: number;
}

export interface KeyLatency {
  /** Keys pressed before the answer was shown whole. */
  typed: number;
  /** Of those, the ones that took 50 ms or more to paint. */
  over50: number;
  /**
   * The slowest of them, ms. The browser reports only events of 16 ms or more (the least threshold
   * it takes), so 0 means each took under 16 ms.
   */
  slowestMs: number;
  /**
   * The longest wait of a key's events for the page's main thread (from the press to its handlers), ms:
   * what the page's own tasks added. The rest of a key's time is its handlers and the frame reaching the screen.
   */
  longestDelayMs: number;
}

/**
 * The keys pressed before `until` (on the page's clock), each its slowest event. `typed` counts the
 * keydowns the page saw then (a listener's count: fast keys have no entry).
 */
export function keyLatency(entries: readonly KeyEventEntry[], typed: number, until: number): KeyLatency {
  const slowest = new Map<number, number>();
  let longestDelayMs = 0;
  for (const entry of entries) {
    if (entry.interactionId === 0 || entry.startTime >= until) continue;
    slowest.set(entry.interactionId, Math.max(slowest.get(entry.interactionId) ?? 0, entry.duration));
    longestDelayMs = Math.max(longestDelayMs, Math.round(entry.processingStart - entry.startTime));
  }
  const durations = [...slowest.values()];
  return { typed, over50: durations.filter((duration) => duration >= 50).length, slowestMs: Math.max(0, ...durations), longestDelayMs };
}
