// The bench's CPU accounting (test/bench/processCpu.ts): which process counts as what, and the sums.
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import { cpuSnapshot, cpuUse, roleOf, threadTimes, type CpuRole, type CpuSnapshot } from '../../../test/bench/processCpu';

describe('bench: CPU by process', () => {
  it('reports the main thread of the renderer that ran most: its time on a CPU and its wait for one', () => {
    const snapshot = (rendererThreads: [number, { cpuNs: number; waitNs: number }][]): CpuSnapshot =>
      ({ at: 0, busy: 0, total: 0, processes: new Map(), rendererThreads: new Map(rendererThreads) });
    // Renderer 10 is the page's (40 ms on a CPU, 25 ms waiting); 11 ran 5 ms; 12 started in between (20 ms).
    const before = snapshot([[10, { cpuNs: 100e6, waitNs: 50e6 }], [11, { cpuNs: 300e6, waitNs: 0 }]]);
    const after = snapshot([[10, { cpuNs: 140e6, waitNs: 75e6 }], [11, { cpuNs: 305e6, waitNs: 90e6 }], [12, { cpuNs: 20e6, waitNs: 1e6 }]]);
    assert.deepEqual(cpuUse(before, after).pageThread, { cpuMs: 40, waitMs: 25 });
    assert.equal(cpuUse(snapshot([]), snapshot([])).pageThread, undefined);
  });

  it('tells the roles apart by command line', () => {
    assert.equal(roleOf(process.pid, 'node out/test/bench/run.js'), 'bench');
    assert.equal(roleOf(1, '/usr/lib/chromium/chromium --type=renderer --lang=en-US'), 'renderer');
    assert.equal(roleOf(1, '/usr/lib/chromium/chromium --type=renderer --top-chrome-webui'), 'browser');
    assert.equal(roleOf(1, '/usr/lib/chromium/chromium --type=gpu-process'), 'browser');
    assert.equal(roleOf(1, '/usr/bin/node .../code-server/lib/vscode/out/bootstrap-fork --type=extensionHost'), 'extensionHost');
    assert.equal(roleOf(1, '/usr/bin/node .../code-server/out/node/entry'), 'codeServer');
    assert.equal(roleOf(1, '/usr/sbin/sshd'), 'other');
  });

  it('sums each role\'s CPU between two snapshots; a process started in between counts from zero', () => {
    const snapshot = (at: number, busy: number, total: number, processes: [number, { role: CpuRole; jiffies: number }][]): CpuSnapshot =>
      ({ at, busy, total, processes: new Map(processes), rendererThreads: new Map() });
    const before = snapshot(1_000, 500, 2_000, [[10, { role: 'renderer', jiffies: 100 }], [11, { role: 'renderer', jiffies: 50 }], [12, { role: 'extensionHost', jiffies: 7 }]]);
    const after = snapshot(1_800, 620, 2_160, [[10, { role: 'renderer', jiffies: 140 }], [11, { role: 'renderer', jiffies: 55 }], [12, { role: 'extensionHost', jiffies: 9 }], [13, { role: 'browser', jiffies: 3 }]]);
    const use = cpuUse(before, after);
    assert.equal(use.windowMs, 800);
    assert.equal(use.machineBusyPercent, 75);
    assert.deepEqual(use.ms, { renderer: 450, extensionHost: 20, codeServer: 0, browser: 30, bench: 0, other: 0 });
  });

  it('reads a main thread\'s time on a CPU from /proc (this process\'s grows as it works); none for a process that is not there', function () {
    if (os.platform() !== 'linux') this.skip();
    const before = threadTimes(process.pid);
    if (before === undefined) this.skip(); // a kernel without schedstat
    const started = process.cpuUsage();
    while (process.cpuUsage(started).user < 50_000) { /* 50 ms of CPU */ }
    const after = threadTimes(process.pid);
    assert.ok(after && after.cpuNs - before.cpuNs >= 40e6, `on a CPU ${((after?.cpuNs ?? 0) - before.cpuNs) / 1e6} ms`);
    assert.ok(after.waitNs >= before.waitNs);
    assert.equal(threadTimes(2 ** 30), undefined);
  });

  it('reads /proc: CPU this process spends between two snapshots is counted as the bench\'s', function () {
    if (os.platform() !== 'linux') this.skip();
    const before = cpuSnapshot();
    const started = process.cpuUsage();
    const spent = (): number => { const { user, system } = process.cpuUsage(started); return user + system; };
    while (spent() < 200_000) { /* 200 ms of CPU */ }
    const after = cpuSnapshot();
    assert.ok(before && after);
    const use = cpuUse(before, after);
    // Jiffies are 10 ms: 200 ms of this process's CPU shows as at least 150.
    assert.ok(use.ms.bench >= 150, `bench ${use.ms.bench} ms`);
    assert.ok(use.machineBusyPercent > 0 && use.machineBusyPercent <= 100);
  });
});
