// `npm test` runs this before the lint and the unit tests, with --background: the real editors (code-server
// and the Node it runs on, into .cache/) then install meanwhile, in a process of this one's own that it leaves
// running, and the real-editor tests (runEditorTests.ts) take them once installed, waiting for the install
// lock if it is still going. On a fresh machine the installs take ~3 minutes of 2 cores, the lint and unit
// tests 3 more; side by side both took 4 (measured on a fresh clone: 238 s against 174 + 181 s).
//
// Nothing is reported here: without Chromium nothing is installed (the real-editor tests then say so and
// install nothing either), and a failed or impossible install (not Linux, no ripgrep) leaves no marker, so
// runEditorTests installs again in the foreground and says what is wrong, as without this head start. The
// process stays in the terminal's process group, so Ctrl+C stops it too (and removes its staging folders).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { findChromium } from './chromium';
import { editorNames, ensureCodeServer, findCodeServer, editorRelease } from './codeServerInstall';
import { cacheRoot } from './paths';

/** What the background install writes: its progress and, if it failed, why. */
const installLog = path.join(cacheRoot, 'code-server', 'install-editors.log');

/** (A CHROME_PATH that does not exist throws: runEditorTests says so.) */
function chromiumFound(): boolean {
  try {
    return findChromium() !== undefined;
  } catch {
    return false;
  }
}

function startInBackground(): void {
  if (!chromiumFound() || editorNames.every((name) => findCodeServer(editorRelease(name)))) return;
  fs.mkdirSync(path.dirname(installLog), { recursive: true });
  const log = fs.openSync(installLog, 'w');
  const child = spawn(process.execPath, [__filename], { stdio: ['ignore', log, log] });
  // Below the lint and the real-editor layers that run meanwhile (the first layer starts as soon as its editor is
  // installed, while the other installs), above the unit tests (nice 19, runTests.ts): npm and the compilers of
  // the native modules inherit it.
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, 10);
    } catch {
      // Not allowed here: it installs at the normal priority.
    }
  }
  child.unref();
  fs.closeSync(log);
  console.error(`Installing the real editors in the background meanwhile (its log: ${path.relative(process.cwd(), installLog)}).`);
}

async function install(): Promise<void> {
  const log = (line: string): void => { process.stderr.write(`${line}\n`); };
  await Promise.all(editorNames.map((name) => ensureCodeServer(name, log)));
}

if (process.argv.includes('--background')) {
  startInBackground();
} else {
  install().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
