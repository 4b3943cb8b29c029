// Loaded into mocha (`--require`) when the unit tests run at the lowest CPU priority beside the real-editor layers
// (runTests.ts): there a test or hook can wait for the CPU far longer than alone, so each time limit counts
// MODEL_ACCESS_TIMEOUT_FACTOR times as long. A limit is there to catch a hang, which it still does; what a test
// checks does not change.
import Mocha from 'mocha';
import { TIME_FACTOR } from './timeFactor';

if (TIME_FACTOR > 1) {
  // Mocha reads a runnable's limit through timeout() with no argument when it starts its timer (resetTimeout); a
  // limit of 0 means none, and stays none.
  const timeout = Mocha.Runnable.prototype.timeout as (this: Mocha.Runnable, ms?: string | number) => number | Mocha.Runnable;
  Mocha.Runnable.prototype.timeout = function (this: Mocha.Runnable, ...args: [(string | number)?]) {
    if (args.length > 0) return timeout.apply(this, args);
    return (timeout.call(this) as number) * TIME_FACTOR;
  } as typeof Mocha.Runnable.prototype.timeout;
}
