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

/** The background process's flag: install the editors named, one after the other, the later ones at nice 19. */
const IN_ORDER = '--in-order';

/** (A CHROME_PATH that does not exist throws: runEditorTests says so.) */
function chromiumFound(): boolean {
  try {
    return findChromium() !== undefined;
  } catch {
    return false;
  }
}

function startInBackground(): void {
  const missing = editorNames.filter((name) => !findCodeServer(editorRelease(name)));
  if (!chromiumFound() || missing.length === 0) return;
  fs.mkdirSync(path.dirname(installLog), { recursive: true });
  const log = fs.openSync(installLog, 'w');
  // One process, one editor after the other. The first editor is what the first real-editor layer waits for
  // (runEditorTests runs in-host in it as soon as it is installed), so it installs alone, at the normal priority,
  // beside the lint; the others are needed only after the UI suites (minutes later) and install after it at the
  // lowest priority (nice 19, as the unit tests, runTests.ts), on what the tests leave idle: at nice 10 beside
  // them, a fresh clone's UI layer took 616 s against 552. Side by side, even at nice 19, the second install's
  // downloads and disk writes slowed the first: beside the lint, 4.100.3 installed in 102 s against 82 alone.
  // npm and the compilers of the native modules inherit the priority.
  const child = spawn(process.execPath, [__filename, IN_ORDER, ...missing], { stdio: ['ignore', log, log] });
  child.unref();
  fs.closeSync(log);
  console.error(`Installing the real editors in the background meanwhile (its log: ${path.relative(process.cwd(), installLog)}).`);
}

/** Installs the editors named on the command line (every editor when none is), side by side or IN_ORDER. */
async function install(): Promise<void> {
  const log = (line: string): void => { process.stderr.write(`${line}\n`); };
  const named = editorNames.filter((name) => process.argv.slice(2).includes(name));
  const names = named.length > 0 ? named : editorNames;
  if (!process.argv.includes(IN_ORDER)) {
    await Promise.all(names.map((name) => ensureCodeServer(name, log)));
    return;
  }
  let failed = false;
  for (const name of names) {
    if (name !== editorNames[0]) {
      try {
        os.setPriority(19);
      } catch {
        // Not allowed here: the rest install at the normal priority.
      }
    }
    // A failed install leaves no marker (runEditorTests installs it again in the foreground and says why); the next
    // editor installs all the same.
    await ensureCodeServer(name, log).catch((error: unknown) => {
      log(`${error instanceof Error ? error.message : String(error)}`);
      failed = true;
    });
  }
  if (failed) process.exitCode = 1;
}

if (process.argv.includes('--background')) {
  startInBackground();
} else {
  install().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
