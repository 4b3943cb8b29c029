// Where the machine's CPU went while one answer streamed in the editor bench: every process's
// user + system time from /proc (Linux), before and after, grouped by role. On a 2-core machine the
// reference server, the extension host, code-server and Chromium all run at once, so how long the
// answer takes to show depends on the work of all of them, not only the chat page's.
import * as fs from 'node:fs';
import * as os from 'node:os';

/** The roles a process is counted under, with the bench table's column for each, in its order. */
export const CPU_ROLES = {
  renderer: 'chat page + workbench (renderer)',
  extensionHost: 'extension host',
  codeServer: 'code-server',
  browser: 'browser, GPU, network',
  bench: 'bench (reference server, Playwright)',
  other: 'other',
} as const;
export type CpuRole = keyof typeof CPU_ROLES;

export interface CpuSnapshot {
  at: number;
  /** Busy and total jiffies of the whole machine (/proc/stat). */
  busy: number;
  total: number;
  /** Jiffies of each process, by pid, with its role. */
  processes: Map<number, { role: CpuRole; jiffies: number }>;
  /** The scheduler's account of each renderer's main thread, by pid (where the kernel keeps one). */
  rendererThreads: Map<number, ThreadTimes>;
}

/** /proc/<pid>/task/<tid>/schedstat: nanoseconds on a CPU, and runnable but waiting for one. */
export interface ThreadTimes {
  cpuNs: number;
  waitNs: number;
}

export interface CpuUse {
  windowMs: number;
  /** The machine's busy time over the window, in percent of all its cores. */
  machineBusyPercent: number;
  /** CPU milliseconds per role over the window. */
  ms: Record<CpuRole, number>;
  /**
   * The main thread of the renderer that worked most (the chat page's, which code-server shares with the
   * workbench): ms on a CPU, and ms it was ready to run but waited for a CPU the other processes had.
   */
  pageThread?: { cpuMs: number; waitMs: number };
}

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux the bench runs on.

/** The role of process `pid` started as `commandLine` (its arguments joined by spaces). */
export function roleOf(pid: number, commandLine: string): CpuRole {
  if (pid === process.pid) return 'bench';
  if (/chrom/i.test(commandLine)) return /--type=renderer/.test(commandLine) && !/--top-chrome-webui/.test(commandLine) ? 'renderer' : 'browser';
  if (/--type=extensionHost/.test(commandLine)) return 'extensionHost';
  if (/code-server/.test(commandLine)) return 'codeServer';
  return 'other';
}

/** The main thread's schedstat; undefined where the kernel keeps none (the table then shows dashes). */
export function threadTimes(pid: number): ThreadTimes | undefined {
  try {
    const [cpuNs, waitNs] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return Number.isFinite(cpuNs) && Number.isFinite(waitNs) ? { cpuNs, waitNs } : undefined;
  } catch {
    return undefined;
  }
}

/** Undefined where there is no /proc (the bench then prints no CPU table). */
export function cpuSnapshot(): CpuSnapshot | undefined {
  if (os.platform() !== 'linux') return undefined;
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  const processes = new Map<number, { role: CpuRole; jiffies: number }>();
  const rendererThreads = new Map<number, ThreadTimes>();
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces and parentheses): utime and stime are the 12th and 13th.
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const role = roleOf(pid, commandLine);
      processes.set(pid, { role, jiffies: Number(after[11]) + Number(after[12]) });
      if (role === 'renderer') {
        const times = threadTimes(pid);
        if (times) rendererThreads.set(pid, times);
      }
    } catch {
      // The process ended while it was read.
    }
  }
  return { at: Date.now(), busy: total - idle, total, processes, rendererThreads };
}

/** The CPU each role used between two snapshots (a process that started in between counts from zero). */
export function cpuUse(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const ms = Object.fromEntries(Object.keys(CPU_ROLES).map((role) => [role, 0])) as Record<CpuRole, number>;
  for (const [pid, { role, jiffies }] of after.processes) {
    ms[role] += ((jiffies - (before.processes.get(pid)?.jiffies ?? 0)) * 1000) / TICKS_PER_SECOND;
  }
  const total = after.total - before.total;
  let pageThread: CpuUse['pageThread'];
  for (const [pid, times] of after.rendererThreads) {
    const start = before.rendererThreads.get(pid) ?? { cpuNs: 0, waitNs: 0 };
    const cpuMs = (times.cpuNs - start.cpuNs) / 1e6;
    if (pageThread === undefined || cpuMs > pageThread.cpuMs) pageThread = { cpuMs, waitMs: (times.waitNs - start.waitNs) / 1e6 };
  }
  return {
    windowMs: after.at - before.at,
    machineBusyPercent: total > 0 ? (100 * (after.busy - before.busy)) / total : 0,
    ms,
    ...(pageThread ? { pageThread } : {}),
  };
}
