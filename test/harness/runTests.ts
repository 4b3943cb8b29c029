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

/** A check that runs at the lowest priority beside the real-editor layers, its output kept in a log of its own. */
interface Background {
  name: string;
  log: string;
  done: Promise<number>;
}

/** `npm run -s <script> -- <args>`: the scripts in package.json stay the one definition of each check. */
function startBackground(name: string, logName: string, script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Background {
  const log = path.join(testResultsDir, logName);
  const fd = fs.openSync(log, 'w');
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['run', '-s', script, ...(args.length > 0 ? ['--', ...args] : [])], { cwd: projectRoot, stdio: ['ignore', fd, fd], env });
  fs.closeSync(fd);
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, 19);
    } catch (error) {
      console.error(`Could not lower the priority of ${name} (${(error as Error).message}): it shares the CPU evenly.`);
    }
  }
  console.log(`${name}: started meanwhile, at the lowest CPU priority; output in ${path.relative(process.cwd(), log)}, printed below once done.`);
  const done = exitCodeOf(child).then((code) => {
    const summary = fs.readFileSync(log, 'utf8').split('\n').filter((line) => /^\s+\d+ (passing|failing|pending)|^✖ \d+ problem/.test(line)).map((line) => line.trim());
    console.log(`\n--- ${name} finished after ${Math.round((Date.now() - started) / 1000)} s: ${summary.join(', ') || (code === 0 ? 'ok' : `exit code ${code}`)} ---\n`);
    return code;
  });
  return { name, log, done };
}

async function main(): Promise<number> {
  fs.mkdirSync(testResultsDir, { recursive: true });
  // Not the lint: it runs before (npm test), at the normal priority beside the first editor's install, and stops the
  // run early when it fails. Run here at nice 19 too, a fresh clone's .ci/run took 16.35 minutes against 15.7.
  const background = [
    startBackground('Unit tests (mocha)', 'unit-tests.log', 'test:unit', ['--require', path.join(compiledTestsDir, 'harness', 'slowerMocha.js')], {
      ...process.env,
      MODEL_ACCESS_TIMEOUT_FACTOR: String(TIMEOUT_FACTOR),
    }),
  ];
  const editor = spawn(process.execPath, [path.join(compiledTestsDir, 'harness', 'runEditorTests.js')], { cwd: projectRoot, stdio: 'inherit' });
  const editorCode = await exitCodeOf(editor);
  const codes = await Promise.all(background.map((check) => check.done));
  for (const check of background) {
    console.log(`\n=== ${check.name}, run beside the real-editor layers ===`);
    process.stdout.write(fs.readFileSync(check.log, 'utf8'));
  }
  console.log('');
  background.forEach((check, index) => console.log(`${check.name}: ${codes[index] === 0 ? 'ok' : `FAILED (exit code ${codes[index]})`}`));
  console.log(`Real-editor tests: ${editorCode === 0 ? 'ok' : `FAILED (exit code ${editorCode})`}`);
  return codes.find((code) => code !== 0) ?? editorCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
