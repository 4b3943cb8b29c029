// `npm run test:editor`: the two real-editor layers. Starts the reference server, runs the in-host
// suite (test/host, mocha inside code-server's extension host), then the UI suite (test/e2e,
// Playwright against the workbench), prints a summary and exits non-zero on any failure.
//
//   node out/test/harness/runEditorTests.js [--host-only | --e2e-only] [--editor older|newest] [--grep PATTERN] [--headed] [FILE_FILTER…]
//
// The in-host suite runs once in each editor release (codeServerInstall.ts: `older` = VS Code 1.100.3,
// `newest` = 1.139.1), or only in the one --editor names: in the first before the E2E suite, in the others after
// it; each E2E suite picks its own editor (useFreshEditor's `editor`), and waits for its install.
// FILE_FILTER keeps only E2E files whose name contains it (e.g. `chat` → chat.e2e.test.js).
// Without CI=true, a machine without Chromium or code-server skips these layers with a message; with
// CI=true that is a failure.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startReferenceServer } from '../../server';
import { extensionBodyFile } from './bundles';
import { requireChromium } from './chromium';
import { editorNames, editorReleases, ensureCodeServer, HarnessSetupError, vscodeVersionOf, type EditorName } from './codeServerInstall';
import { runHostSuite } from './hostSuite';
import { firstLine, runMochaLayer } from './mochaLayer';
import { compiledTestsDir, editorFailuresFile, projectRoot, testResultsDir } from './paths';
import { registerCleanup } from './processes';

interface LayerResult {
  name: string;
  passed: number;
  failed: number;
  durationMs: number;
  note?: string;
  /** What failed, as mocha said it: printed again after the summary, and by runTests.ts at the very end. */
  failures?: string[];
}

/** Lines of an in-host layer's failure report kept (mocha's: each failure's title and error; its stack lines are left out). */
const HOST_FAILURE_LINES = 60;

interface Args {
  host: boolean;
  e2e: boolean;
  grep?: string;
  editors: EditorName[];
  fileFilters: string[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { host: true, e2e: true, editors: [...editorNames], fileFilters: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--host-only') args.e2e = false;
    else if (arg === '--e2e-only') args.host = false;
    else if (arg === '--grep') args.grep = argv[++i];
    else if (arg === '--editor') {
      const name = argv[++i] as EditorName;
      if (!editorNames.includes(name)) throw new HarnessSetupError(`--editor must be one of ${editorNames.join(', ')}`);
      args.editors = [name];
    }
    else if (arg === '--headed') process.env.HEADED = '1';
    else if (arg.startsWith('--')) throw new HarnessSetupError(`Unknown option ${arg}`);
    else args.fileFilters.push(arg);
  }
  return args;
}

async function main(): Promise<number> {
  const started = Date.now();
  const args = parseArgs(process.argv.slice(2));
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  checkBuild();

  // Both when E2E runs: its suites use both. Installed side by side (npm test starts them in the background, and
  // these wait for those): much of an install waits on the registry and the disk, so on 2 cores both take less
  // than one after the other (136 s against 151 s). Each layer waits only for the editor it runs in, so the first
  // starts while the other editor is still installing (4.139.1 takes the longer: 145 s against 81, each alone).
  const needed = args.e2e ? editorNames : args.editors;
  const installs = new Map<EditorName, Promise<unknown>>();
  // In-host in the first editor, then E2E (its suites wait for their own editor), then in-host in the others: the
  // newest editor, the slower install, is needed last.
  const [firstEditor, ...laterEditors] = args.host ? args.editors : [];
  try {
    requireChromium();
    for (const editor of needed) {
      const install = ensureCodeServer(editor);
      // Each is awaited before its layer; a failure meanwhile is not an unhandled rejection.
      install.catch(() => undefined);
      installs.set(editor, install);
    }
    await installs.get(firstEditor ?? needed[0]);
  } catch (error) {
    if (!(error instanceof HarnessSetupError)) throw error;
    if (ci) {
      console.error(`\nReal-editor tests cannot run (CI=true makes this a failure):\n${error.message}`);
      return 1;
    }
    console.error(`\nSKIPPED the real-editor tests (in-host and E2E):\n${error.message}\nWith CI=true this is a failure.`);
    return 0;
  }

  fs.mkdirSync(testResultsDir, { recursive: true });
  fs.rmSync(editorFailuresFile, { force: true });
  const results: LayerResult[] = [];
  const server = await startReferenceServer();
  const unregister = registerCleanup(() => server.close());
  try {
    if (firstEditor) results.push(await runHostLayer(server.baseUrl, firstEditor, args.grep));
    if (args.e2e) results.push(await runE2eLayer(args));
    for (const editor of laterEditors) {
      const installed = await installs.get(editor)?.then(() => undefined, (error: unknown) => error);
      results.push(installed === undefined
        ? await runHostLayer(server.baseUrl, editor, args.grep)
        : { name: `in-host ${vscodeVersionOf(editorReleases[editor].codeServer)}`, passed: 0, failed: 1, durationMs: 0, note: `not installed: ${firstLine(installed)}` });
    }
  } finally {
    unregister();
    await server.close();
  }
  printSummary(results, Date.now() - started);
  return results.some((result) => result.failed > 0) ? 1 : 0;
}

function checkBuild(): void {
  // The entry point and the extension it loads (a dist/ built before the entry point existed has no body).
  const needed = [path.join(projectRoot, 'dist', 'extension.js'), path.join(projectRoot, 'dist', extensionBodyFile), path.join(compiledTestsDir, 'host', 'index.js')];
  const missing = needed.filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new HarnessSetupError(`Build output missing (${missing.map((file) => path.relative(projectRoot, file)).join(', ')}): run npm run compile first.`);
  }
}

async function runHostLayer(baseUrl: string, editor: EditorName, grep: string | undefined): Promise<LayerResult> {
  const vscode = vscodeVersionOf(editorReleases[editor].codeServer);
  console.log(`\n=== In-host tests in VS Code ${vscode} (mocha inside the real extension host of code-server ${editorReleases[editor].codeServer}) ===`);
  let passed = 0;
  let failed = 0;
  // Mocha's report of the failures, from its "N failing" line on.
  const failures: string[] = [];
  const result = await runHostSuite({
    editor,
    baseUrl,
    grep,
    onLog: (line) => {
      console.log(line);
      const passing = /^\s*(\d+) passing/.exec(line);
      const failing = /^\s*(\d+) failing/.exec(line);
      if (passing) passed = Number(passing[1]);
      if (failing) failed = Number(failing[1]);
      else if (failed > 0 && failures.length < HOST_FAILURE_LINES && line.trim() !== '' && !/^\s+at /.test(line)) failures.push(line);
    },
  });
  // A crash before mocha reported (or a timeout) still counts as a failure, and so does a run of no test.
  if (result.exitCode !== 0 && failed === 0) failed = 1;
  if (passed === 0 && failed === 0) return { name: `in-host ${vscode}`, passed, failed: 1, durationMs: result.durationMs, note: 'no test ran' };
  return { name: `in-host ${vscode}`, passed, failed, durationMs: result.durationMs, note: result.exitCode !== 0 ? `exit code ${result.exitCode}` : undefined, failures };
}

async function runE2eLayer(args: Args): Promise<LayerResult> {
  console.log('\n=== E2E tests (Playwright + Chromium against the code-server workbench) ===');
  const started = Date.now();
  const e2eDir = path.join(compiledTestsDir, 'e2e');
  const files = fs
    .readdirSync(e2eDir)
    .filter((file) => file.endsWith('.e2e.test.js'))
    .filter((file) => args.fileFilters.length === 0 || args.fileFilters.some((filter) => file.includes(filter)))
    // Smoke first: when it fails, the flows after it will too, and its message is the clearest.
    .sort((a, b) => Number(b.startsWith('smoke')) - Number(a.startsWith('smoke')) || a.localeCompare(b))
    .map((file) => path.join(e2eDir, file));
  if (files.length === 0) {
    return { name: 'e2e', passed: 0, failed: 1, durationMs: 0, note: `no E2E test files matched in ${e2eDir}` };
  }
  // One retry, for its diagnostics only: the failed attempt's screenshot and logs are kept, and a
  // test that needs the retry to pass fails the run (runMochaLayer counts it as failed).
  const counts = await runMochaLayer({
    files,
    grep: args.grep,
    timeoutMs: 60_000,
    slowMs: 15_000,
    retries: 1,
    onRetry: (title, error) => {
      console.log(`  ↻ retrying "${title}" after: ${firstLine(error)}`);
    },
  });
  return { name: 'e2e', ...counts, durationMs: Date.now() - started };
}

function printSummary(results: LayerResult[], totalMs: number): void {
  console.log('\n=== Real-editor tests: summary ===');
  for (const result of results) {
    const status = result.failed > 0 ? 'FAIL' : 'ok  ';
    console.log(`${status} ${result.name.padEnd(16)} ${String(result.passed).padStart(3)} passed, ${String(result.failed).padStart(3)} failed  ${(result.durationMs / 1000).toFixed(1)} s${result.note ? `  (${result.note})` : ''}`);
  }
  console.log(`total ${(totalMs / 1000).toFixed(1)} s`);
  // The plain closing line CI tools read: 'N passed, N failed' alone on a line.
  const sum = (key: 'passed' | 'failed'): number => results.reduce((total, result) => total + result[key], 0);
  console.log(`editor: ${sum('passed')} passed, ${sum('failed')} failed`);
  if (results.some((result) => result.failed > 0)) {
    console.log(`Screenshots and logs of failures: ${path.relative(process.cwd(), testResultsDir) || testResultsDir}/`);
  }
  const report = results
    .filter((result) => (result.failures?.length ?? 0) > 0 || result.note !== undefined)
    .map((result) => [`${result.name}:${result.note ? ` ${result.note}` : ''}`, ...(result.failures ?? []).map((line) => `  ${line.trim()}`)].join('\n'));
  if (report.length > 0) {
    const text = `Real-editor failures:\n${report.join('\n')}\n`;
    console.log(`\n${text}`);
    fs.writeFileSync(editorFailuresFile, text);
  }
}

// process.exit, not exitCode: a handle left open by a failed test must not keep the run alive
// (the exit handler in processes.ts still kills whatever group is left).
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof HarnessSetupError ? `\n${error.message}` : error);
    process.exit(1);
  },
);
