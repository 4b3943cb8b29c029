// Runs one mocha layer in this process and judges it strictly: a test that failed and then passed
// on its retry is flaky, and flaky counts as failed (the retry stays for its diagnostics: the failed
// attempt's screenshot and logs); a layer that ran no test has failed too (a filter or a build
// that lost the files must not pass for green).
import Mocha from 'mocha';

export interface MochaLayerOptions {
  files: string[];
  grep?: string;
  timeoutMs: number;
  slowMs?: number;
  retries: number;
  /** Called when a failed attempt is about to be retried. */
  onRetry?: (title: string, error: unknown) => void;
}

export interface LayerCounts {
  /** Tests that passed at their first attempt. */
  passed: number;
  /** Tests that failed, plus the flaky ones. */
  failed: number;
  /** Full titles of the tests that passed only on a retry. */
  flaky: string[];
  /** Each failure: the test's (or hook's) full title and the first line of its error. */
  failures: string[];
  note?: string;
}

export async function runMochaLayer(options: MochaLayerOptions): Promise<LayerCounts> {
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: options.timeoutMs, slow: options.slowMs, grep: options.grep, retries: options.retries });
  for (const file of options.files) mocha.addFile(file);
  // The first line of each retried test's failed attempt: the summary names why it needed a retry,
  // since the end of a long run's output is often all a CI log keeps.
  const retried = new Map<string, string>();
  const flaky: string[] = [];
  const failureLines: string[] = [];
  let passes = 0;
  let failures = 0;
  let tests = 0;
  await new Promise<void>((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('retry', (test: Mocha.Test, error: unknown) => {
      retried.set(test.fullTitle(), firstLine(error));
      options.onRetry?.(test.fullTitle(), error);
    });
    runner.on('pass', (test: Mocha.Test) => {
      tests++;
      if (retried.has(test.fullTitle())) flaky.push(test.fullTitle());
      else passes++;
    });
    // Hooks fail through 'fail' too: count every failure, not only tests.
    runner.on('fail', (test: Mocha.Runnable, error: unknown) => {
      failures++;
      failureLines.push(`${test.fullTitle()}: ${firstLine(error)}`);
      if (test instanceof Mocha.Test) tests++;
    });
  });
  const counts: LayerCounts = { passed: passes, failed: failures + flaky.length, flaky, failures: failureLines };
  if (flaky.length > 0) {
    const reasons = flaky.map((title) => `${title} [first attempt: ${retried.get(title)}]`);
    counts.note = `${flaky.length} passed only on retry (flaky counts as failed): ${reasons.join('; ')}`;
  }
  if (tests === 0 && failures === 0) {
    counts.failed = Math.max(counts.failed, 1);
    counts.note = 'no test ran';
  }
  return counts;
}

/** The first line of an error's message (a Playwright error goes on with its call log). */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}
