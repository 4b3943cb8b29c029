// The bench's reading of a Chromium trace (test/bench/traceTasks.ts): long tasks after Send on a
// renderer's main thread, their CPU time and their font lookups.
import * as assert from 'node:assert/strict';
import { describeTracedLongTask, longTasksInTrace, type TraceEvent } from '../../../test/bench/traceTasks';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name } });
const task = (ts: number, dur: number, tdur: number | undefined, pid = 1, tid = 1): TraceEvent =>
  ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', ts, dur, ...(tdur === undefined ? {} : { tdur }), pid, tid });
const font = (ts: number, dur: number, pid = 1, tid = 1): TraceEvent => ({ name: 'FontCache::GetFontPlatformData', ph: 'X', ts, dur, pid, tid });
const keydown = (ts: number): TraceEvent => ({ name: 'EventDispatch', ph: 'X', ts, dur: 100, pid: 1, tid: 1, args: { data: { type: 'keydown' } } });

describe('bench: long tasks in a trace', () => {
  it('finds the tasks over 50 ms after Send on the renderers\' main threads, with their CPU time and font lookups (nested ones once)', () => {
    const tasks = longTasksInTrace([
      thread(1, 1, 'CrRendererMain'), thread(2, 5, 'CrRendererMain'), thread(1, 2, 'Compositor'),
      task(0, 80_000, 70_000), // before Send: the page loading
      keydown(100_000),
      task(200_000, 64_000, 8_000), font(210_000, 51_000), font(210_000, 50_000), font(262_000, 1_000),
      task(300_000, 50_000, 50_000), // not over 50 ms
      task(400_000, 78_000, 6_000, 2, 5), // the other renderer (a webview in a process of its own)
      task(500_000, 90_000, 90_000, 1, 2), // not a main thread
      task(600_000, 55_000, undefined),
      font(600_000, 5_000, 1, 2), // another thread's lookup, inside the task's time
    ]);
    assert.deepEqual(tasks, [
      { atMs: 100, wallMs: 64, cpuMs: 8, fontMs: 52 },
      { atMs: 300, wallMs: 78, cpuMs: 6, fontMs: 0 },
      { atMs: 500, wallMs: 55, cpuMs: undefined, fontMs: 0 },
    ]);
    assert.equal(describeTracedLongTask(tasks[0]), 'task of 64 ms at +100 ms from Send: 8 ms of it on a CPU, 52 ms in font lookups');
    assert.equal(describeTracedLongTask(tasks[2]), 'task of 55 ms at +500 ms from Send: CPU time not traced, 0 ms in font lookups');
  });

  it('finds nothing in a trace without a Send', () => {
    assert.deepEqual(longTasksInTrace([thread(1, 1, 'CrRendererMain'), task(0, 80_000, 70_000)]), []);
  });
});
