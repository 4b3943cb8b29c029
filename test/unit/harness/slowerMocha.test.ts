// The unit tests run at the lowest CPU priority beside the real-editor layers (runTests.ts), with every time limit
// stretched by slowerMocha.ts: checked on a fixture in a child mocha (its own globals and prototypes).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const fixture = path.join(__dirname, 'fixtures', 'timeLimits.fixture.js');
const slowerMocha = path.join(__dirname, '..', '..', 'harness', 'slowerMocha.js');

function runFixture(factor: string | undefined): { passing: number; failing: number; output: string } {
  const result = spawnSync(process.execPath, [require.resolve('mocha/bin/mocha.js'), '--no-config', '--require', slowerMocha, fixture], {
    encoding: 'utf8',
    env: { ...process.env, MODEL_ACCESS_TIMEOUT_FACTOR: factor },
  });
  const count = (word: string): number => Number(new RegExp(`(\\d+) ${word}`).exec(result.stdout)?.[1] ?? 0);
  return { passing: count('passing'), failing: count('failing'), output: result.stdout + result.stderr };
}

describe('harness: slowerMocha stretches every time limit by MODEL_ACCESS_TIMEOUT_FACTOR', function () {
  this.timeout(30_000);

  it('stretched 4 times, the hook and the tests that take 3 times their limit pass', () => {
    const run = runFixture('4');
    assert.deepEqual({ passing: run.passing, failing: run.failing }, { passing: 3, failing: 0 }, run.output);
  });

  it('without the factor, the limits are as written: the hook times out', () => {
    const run = runFixture(undefined);
    assert.equal(run.passing, 0, run.output);
    assert.match(run.output, /Timeout of 100ms exceeded/);
  });
});
