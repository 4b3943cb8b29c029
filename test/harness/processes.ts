// Child processes of the harness run in their own process group (setsid) so that a whole tree —
// code-server, its extension host, its file watcher, ptys — can be stopped at once. Every group
// and every scratch folder is registered here, and this module makes sure they are gone when the
// test process exits for any reason: normal end, a thrown error, Ctrl+C or SIGTERM.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import * as fs from 'node:fs';

const liveGroups = new Set<number>();
const scratchFolders = new Set<string>();
const asyncCleanups = new Set<() => Promise<void>>();
let signalHandlersInstalled = false;

/** Starts `command` as the leader of a new process group. */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  installExitHandlers();
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) {
    const pgid = child.pid;
    liveGroups.add(pgid);
    child.once('exit', () => {
      // The leader is gone but its group may live on (the extension host outlives a
      // SIGTERMed code-server); only stopGroup() takes it off the list.
      if (!groupHasLiveMembers(pgid)) liveGroups.delete(pgid);
    });
  }
  return child;
}

/** SIGTERM to the whole group, SIGKILL to whatever is still there after `graceMs`. */
export async function stopGroup(pgid: number, graceMs = 3000): Promise<void> {
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupHasLiveMembers(pgid) && Date.now() < deadline) {
    await sleep(50);
  }
  if (groupHasLiveMembers(pgid)) {
    signalGroup(pgid, 'SIGKILL');
    const killDeadline = Date.now() + 2000;
    while (groupHasLiveMembers(pgid) && Date.now() < killDeadline) await sleep(50);
  }
  liveGroups.delete(pgid);
}

/** A folder removed when the process exits, even if nobody called its owner's stop(). */
export function registerScratchFolder(folder: string): void {
  installExitHandlers();
  scratchFolders.add(folder);
}

export function removeScratchFolder(folder: string): void {
  scratchFolders.delete(folder);
  fs.rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
}

/** An async cleanup (closing a browser, a server) that Ctrl+C should run before exiting. */
export function registerCleanup(cleanup: () => Promise<void>): () => void {
  installExitHandlers();
  asyncCleanups.add(cleanup);
  return () => asyncCleanups.delete(cleanup);
}

export function groupHasLiveMembers(pgid: number): boolean {
  try {
    // /proc tells zombies (already dead, waiting to be reaped) apart from live processes;
    // a bare kill(-pgid, 0) would count the zombies too.
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Format: pid (comm) state ppid pgrp ... — comm may contain spaces, so split after ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
    }
    return false;
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function killEverythingNow(): void {
  for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
  liveGroups.clear();
  for (const folder of scratchFolders) {
    try {
      fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      // Best effort at exit; nothing else can be done here.
    }
  }
  scratchFolders.clear();
}

function installExitHandlers(): void {
  if (signalHandlersInstalled) return;
  signalHandlersInstalled = true;
  process.on('exit', killEverythingNow);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const exitCode = signal === 'SIGINT' ? 130 : 143;
    // `on`, not `once`: a second Ctrl+C during the graceful stop would otherwise get Node's default
    // handling, which ends the process without an 'exit' event and so leaves code-server running.
    // It is not a reason to cut the stop short either: that takes a few seconds at most (the
    // cleanups are capped), and only a browser closed in order removes Playwright's temp folder.
    process.on(signal, () => {
      if (stopping) {
        process.stderr.write(`${signal} again: still stopping, a few seconds at most…\n`);
        return;
      }
      stopping = true;
      process.stderr.write(`\n${signal}: stopping everything the harness started…\n`);
      void runAsyncCleanups().finally(() => {
        killEverythingNow();
        process.exit(exitCode);
      });
    });
  }
}

async function runAsyncCleanups(): Promise<void> {
  const pending = [...asyncCleanups].map((cleanup) => cleanup().catch(() => undefined));
  asyncCleanups.clear();
  await Promise.race([Promise.all(pending), sleep(4000)]);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
