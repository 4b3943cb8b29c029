// The bench's typing latency (test/bench/keyLatency.ts): one value per key press, only while the answer streamed.
import * as assert from 'node:assert/strict';
import { keyLatency } from '../../../test/bench/keyLatency';

describe('bench: keys typed while an answer streams', () => {
  it('takes the slowest event of each key press, counts those of 50 ms or more, and leaves out what came after the answer', () => {
    const entries = [
      // Key 1: keydown 24 ms, its keyup 56 ms (the key took until that paint), waiting 3 ms for the page.
      { interactionId: 1, startTime: 100, duration: 24, processingStart: 102 },
      { interactionId: 1, startTime: 130, duration: 56, processingStart: 133 },
      // Key 2: 48 ms, 12.4 of them waiting for the page's main thread.
      { interactionId: 2, startTime: 200, duration: 48, processingStart: 212.4 },
      // An event of no interaction (a focus change): not a key.
      { interactionId: 0, startTime: 250, duration: 120, processingStart: 330 },
      // Key 3, pressed after the answer was shown: not counted.
      { interactionId: 3, startTime: 1_000, duration: 96, processingStart: 1_090 },
    ];
    assert.deepEqual(keyLatency(entries, 5, 900), { typed: 5, over50: 1, slowestMs: 56, longestDelayMs: 12 });
  });

  it('reports 0 ms when no key took 16 ms (the browser reports none of them)', () => {
    assert.deepEqual(keyLatency([], 12, 900), { typed: 12, over50: 0, slowestMs: 0, longestDelayMs: 0 });
  });
});
