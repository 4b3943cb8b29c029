// Reads a Chromium trace (the bench's BENCH_PROFILE traces): each task over 50 ms on a renderer's main
// thread after Send, with how much of it the thread spent on a CPU. A long task with little CPU time is
// the thread waiting (a font lookup in the browser process, or not scheduled at all on a busy machine),
// not rendering work; the PerformanceObserver the bench counts with cannot tell the two apart.

/** The fields of a trace event the bench reads (times in µs; `tdur`: the thread's CPU time). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid?: number;
  tid?: number;
  args?: { name?: string; data?: { type?: string } };
}

export interface TracedLongTask {
  /** From Send (the Enter key's keydown) to the task's start. */
  atMs: number;
  wallMs: number;
  /** The thread's CPU time in the task (`tdur`); undefined when the trace has none. */
  cpuMs: number | undefined;
  /** Time in font lookups (a synchronous call to the browser process), nested lookups once. */
  fontMs: number;
}

const TASK = /^(?:ThreadControllerImpl::)?RunTask$/;
const FONT_LOOKUP = 'FontCache::GetFontPlatformData';

export function longTasksInTrace(events: TraceEvent[], overMs = 50): TracedLongTask[] {
  const send = events.find((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown')?.ts;
  if (send === undefined) return [];
  const mainThreads = new Set(events
    .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((event) => `${event.pid}:${event.tid}`));
  const onMain = events.filter((event) => event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`)).sort((a, b) => a.ts - b.ts);
  return onMain
    .filter((event) => TASK.test(event.name) && event.ts >= send && (event.dur ?? 0) > overMs * 1000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      let fontUs = 0;
      let coveredTo = -Infinity;
      for (const event of onMain) {
        if (event.name !== FONT_LOOKUP || event.pid !== task.pid || event.tid !== task.tid || event.ts < task.ts || event.ts > end) continue;
        const eventEnd = event.ts + (event.dur ?? 0);
        if (eventEnd <= coveredTo) continue;
        fontUs += eventEnd - Math.max(event.ts, coveredTo);
        coveredTo = eventEnd;
      }
      return {
        atMs: (task.ts - send) / 1000,
        wallMs: (task.dur ?? 0) / 1000,
        cpuMs: task.tdur === undefined ? undefined : task.tdur / 1000,
        fontMs: fontUs / 1000,
      };
    });
}

/** One line per task, for the bench's log. */
export function describeTracedLongTask(task: TracedLongTask): string {
  const cpu = task.cpuMs === undefined ? 'CPU time not traced' : `${Math.round(task.cpuMs)} ms of it on a CPU`;
  return `task of ${Math.round(task.wallMs)} ms at +${Math.round(task.atMs)} ms from Send: ${cpu}, ${Math.round(task.fontMs)} ms in font lookups`;
}
