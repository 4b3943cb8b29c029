// The last step of `npm test` (after the compile, the start of the editors' background installs and the lint): the
// unit tests (mocha: unit, integration, server) and the real-editor layers (runEditorTests.ts) side by side, and one
// verdict.
//
// Why side by side: every step of `npm test` is bound by the CPU (2 cores here), and the real-editor layers leave
// about a quarter of it idle (they wait on the workbench, the network and timers: 73% of 2 cores busy in one run of
// the UI layer), while mocha, one process, needs one core for about 3 minutes. One after the other, a fresh clone's
// `.ci/run` took 16.0–20.9 minutes on the AMD EPYC machine, over its 15. So mocha runs at the lowest CPU priority
// (nice 19), so that the editors come first (they are not unaffected: the UI layer took 608 s beside it and an
// install, 552 alone). Starved at times, a mocha test can take longer than when alone: its time limits
// are multiplied (MODEL_ACCESS_TIMEOUT_FACTOR, read by test/harness/slowerMocha.ts); they are there to catch a
// hang, and still do. Its output goes to test-results/unit-tests.log and is printed whole once all are done, so
// nothing interleaves.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compiledTestsDir, editorFailuresFile, projectRoot, testResultsDir } from './paths';

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
  // (Not the lint: it runs before, in npm test, at the normal priority beside the first editor's install, and stops
  // the run early when it fails. Run here at nice 19 too, a fresh clone's .ci/run took 16.35 minutes against 15.7.)
  const unitLog = path.join(testResultsDir, 'unit-tests.log');
  const fd = fs.openSync(unitLog, 'w');
  const started = Date.now();
  // Through `npm run test:unit`: package.json's script stays the one definition of the unit tests.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const unit = spawn(npm, ['run', '-s', 'test:unit', '--', '--require', path.join(compiledTestsDir, 'harness', 'slowerMocha.js')], {
    cwd: projectRoot,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, MODEL_ACCESS_TIMEOUT_FACTOR: String(TIMEOUT_FACTOR) },
  });
  fs.closeSync(fd);
  if (unit.pid !== undefined) {
    try {
      os.setPriority(unit.pid, 19);
    } catch (error) {
      console.error(`Could not lower the unit tests' priority (${(error as Error).message}): they share the CPU evenly.`);
    }
  }
  console.log(`Unit tests (mocha): started meanwhile, at the lowest CPU priority; output in ${path.relative(process.cwd(), unitLog)}, printed below once done.`);
  const unitDone = exitCodeOf(unit).then((code) => {
    const summary = fs.readFileSync(unitLog, 'utf8').split('\n').filter((line) => /^\s+\d+ (passing|failing|pending)/.test(line)).map((line) => line.trim());
    console.log(`\n--- Unit tests (mocha) finished after ${Math.round((Date.now() - started) / 1000)} s: ${summary.join(', ') || `exit code ${code}`} ---\n`);
    return code;
  });
  const editor = spawn(process.execPath, [path.join(compiledTestsDir, 'harness', 'runEditorTests.js')], { cwd: projectRoot, stdio: 'inherit' });
  const [unitCode, editorCode] = await Promise.all([unitDone, exitCodeOf(editor)]);
  console.log('\n=== Unit tests (mocha), run beside the real-editor layers ===');
  process.stdout.write(fs.readFileSync(unitLog, 'utf8'));
  console.log(`\nUnit tests (mocha): ${unitCode === 0 ? 'ok' : `FAILED (exit code ${unitCode})`}`);
  console.log(`Real-editor tests: ${editorCode === 0 ? 'ok' : `FAILED (exit code ${editorCode})`}`);
  if (editorCode !== 0 && fs.existsSync(editorFailuresFile)) process.stdout.write(fs.readFileSync(editorFailuresFile, 'utf8'));
  return unitCode !== 0 ? unitCode : editorCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
