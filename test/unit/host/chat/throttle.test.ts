import * as assert from 'node:assert/strict';
import { Throttle } from '../../../../src/host/chat/throttle';
import { FakeTimers } from './fakeTimers';

describe('Throttle', () => {
  let timers: FakeTimers;
  let runs: number[];
  let throttle: Throttle;

  beforeEach(() => {
    timers = new FakeTimers();
    runs = [];
    throttle = new Throttle(() => runs.push(timers.now()), 500, timers);
  });

  it('runs the first scheduled call at once (on the next tick of the clock)', () => {
    throttle.schedule();
    timers.advance(0);
    assert.deepEqual(runs, [0]);
  });

  it('runs at most once per interval while calls keep coming, and once after the last', () => {
    for (let t = 0; t < 2000; t += 10) {
      throttle.schedule();
      timers.advance(10);
    }
    timers.advance(1000);
    assert.deepEqual(runs, [0, 500, 1000, 1500, 2000]);
  });

  it('flush() runs a pending call now and not again later', () => {
    throttle.schedule();
    timers.advance(0);
    throttle.schedule();
    throttle.flush();
    assert.deepEqual(runs, [0, 0]);
    timers.advance(1000);
    assert.equal(runs.length, 2);
  });

  it('flush() without anything pending does nothing', () => {
    throttle.flush();
    assert.deepEqual(runs, []);
  });
});
