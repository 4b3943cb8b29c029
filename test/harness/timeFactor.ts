// How many times longer a time limit counts in the mocha tests: MODEL_ACCESS_TIMEOUT_FACTOR, which runTests.ts sets
// when the unit tests run at the lowest CPU priority beside the real-editor layers (1 otherwise). There a test can
// wait for the CPU far longer than alone; a limit is there to catch a hang or a wait for the wrong event (a back-off
// of seconds, a stream that never ends), which a stretched limit still does.

const factor = Number(process.env.MODEL_ACCESS_TIMEOUT_FACTOR);

export const TIME_FACTOR = Number.isFinite(factor) && factor > 1 ? factor : 1;

/** `ms` as the limit of a test: longer by TIME_FACTOR. */
export function scaledMs(ms: number): number {
  return ms * TIME_FACTOR;
}

/** Waits until `predicate` holds, polling every 5 ms; fails after `timeoutMs` (scaled) naming `what`. */
export async function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const limit = scaledMs(timeoutMs);
  const deadline = Date.now() + limit;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${limit} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
