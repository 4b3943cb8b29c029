// `npm test` runs this before the lint and the unit tests, with --background: the real editors (code-server
// and the Node it runs on, into .cache/) then install meanwhile, in a process per editor that it leaves
// running, and the real-editor tests (runEditorTests.ts) take each once installed, waiting for its install
// lock if it is still going. On a fresh clone alone, code-server 4.100.3 installed in 81 s and 4.139.1 in 145.
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
  // One process per editor, side by side. The first editor is what the first real-editor layer waits for (runEditorTests
  // runs in-host in it as soon as it is installed), so its install runs at the normal priority, beside the lint; the
  // others are needed only after the UI suites (minutes later) and install at the lowest (nice 19, as the unit tests,
  // runTests.ts), on what the tests leave idle: at nice 10 beside them, a fresh clone's UI layer took 616 s against 552.
  // npm and the compilers of the native modules inherit the priority.
  editorNames.forEach((name, index) => {
    if (findCodeServer(editorRelease(name))) return;
    const child = spawn(process.execPath, [__filename, name], { stdio: ['ignore', log, log] });
    if (index > 0 && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it installs at the normal priority.
      }
    }
    child.unref();
  });
  fs.closeSync(log);
  console.error(`Installing the real editors in the background meanwhile (its log: ${path.relative(process.cwd(), installLog)}).`);
}

/** Installs the editor named on the command line, or every editor. */
async function install(): Promise<void> {
  const log = (line: string): void => { process.stderr.write(`${line}\n`); };
  const named = editorNames.filter((name) => process.argv.slice(2).includes(name));
  await Promise.all((named.length > 0 ? named : editorNames).map((name) => ensureCodeServer(name, log)));
}

if (process.argv.includes('--background')) {
  startInBackground();
} else {
  install().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
