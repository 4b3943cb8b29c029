// The last step of `npm test` (after the compile, the editors' background installs and the lint): the unit tests
// (mocha: unit, integration, server) and the real-editor layers (runEditorTests.ts) side by side, and one verdict.
//
// Why side by side: every step of `npm test` is bound by the CPU (2 cores here), and the real-editor layers leave
// about a quarter of it idle (they wait on the workbench, the network and timers: 73% of 2 cores busy in one run of
// the UI layer), while mocha, one process, needs one core for about 3 minutes. One after the other, a fresh clone's
// `.ci/run` took 16.1–16.5 minutes on the AMD EPYC machine, over its 15. So mocha runs at the lowest CPU priority
// (nice 19): it takes the time the editors leave and gives it back at once when they need it, so that the editors'
// tests, which wait on what they see, run as they would alone. Starved at times, a mocha test can take longer than
// when alone: its time limits are multiplied (MODEL_ACCESS_TIMEOUT_FACTOR, read by test/harness/slowerMocha.ts);
// they are there to catch a hang, and still do. Its output goes to test-results/unit-tests.log and is printed
// whole once both are done, so the two never interleave.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compiledTestsDir, projectRoot, testResultsDir } from './paths';

/** How much longer a mocha test may take at the lowest priority than its own limit says. */
export const TIMEOUT_FACTOR = 4;

function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  fs.mkdirSync(testResultsDir, { recursive: true });
  const unitLog = path.join(testResultsDir, 'unit-tests.log');
  const log = fs.openSync(unitLog, 'w');
  const started = Date.now();
  const unit = spawn(process.execPath, [require.resolve('mocha/bin/mocha.js'), '--require', path.join(compiledTestsDir, 'harness', 'slowerMocha.js')], {
    cwd: projectRoot,
    stdio: ['ignore', log, log],
    env: { ...process.env, MODEL_ACCESS_TIMEOUT_FACTOR: String(TIMEOUT_FACTOR) },
  });
  fs.closeSync(log);
  if (unit.pid !== undefined) {
    try {
      os.setPriority(unit.pid, 19);
    } catch (error) {
      console.error(`Could not lower the unit tests' priority (${(error as Error).message}): they share the CPU evenly.`);
    }
  }
  console.log(`Unit tests (mocha) run meanwhile at the lowest CPU priority; their output: ${path.relative(process.cwd(), unitLog)} (printed below once done).`);
  const unitDone = exitCodeOf(unit).then((code) => {
    const summary = fs.readFileSync(unitLog, 'utf8').split('\n').filter((line) => /^\s+\d+ (passing|failing|pending)/.test(line)).map((line) => line.trim());
    console.log(`\n--- unit tests finished after ${Math.round((Date.now() - started) / 1000)} s: ${summary.join(', ') || `exit code ${code}`} ---\n`);
    return code;
  });
  const editor = spawn(process.execPath, [path.join(compiledTestsDir, 'harness', 'runEditorTests.js')], { cwd: projectRoot, stdio: 'inherit' });
  const [unitCode, editorCode] = await Promise.all([unitDone, exitCodeOf(editor)]);
  console.log('\n=== Unit tests (mocha), run beside the real-editor layers ===');
  process.stdout.write(fs.readFileSync(unitLog, 'utf8'));
  console.log(`\nunit tests: ${unitCode === 0 ? 'ok' : `FAILED (exit code ${unitCode})`}; real-editor tests: ${editorCode === 0 ? 'ok' : `FAILED (exit code ${editorCode})`}`);
  return unitCode !== 0 ? unitCode : editorCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
