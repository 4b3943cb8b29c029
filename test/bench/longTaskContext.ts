// Whose script a long task ran, as the Long Tasks API tells the chat page (PerformanceLongTaskTiming.name). In
// code-server the chat webview is served from the workbench's origin and shares its main thread, so the page's
// observer also sees the workbench's own long tasks: `self` when the page's script ran in the task, an ancestor
// when only the workbench's did (its own work, or relaying messages to the page), anything else (several frames,
// none, another frame) is `other`.

/** A long task as the page's observer saw it. */
export interface LongTaskEntry {
  duration: number;
  /** PerformanceLongTaskTiming.name: 'self', 'same-origin-ancestor', 'multiple-contexts', 'unknown', … */
  name: string;
}

export interface LongTasksByContext {
  /** Tasks over 50 ms in which the chat page's own script ran, and the longest of them (0: none). */
  own: number;
  ownLongestMs: number;
  /** Tasks over 50 ms in which only the workbench's (an ancestor frame's) script ran, and the longest. */
  workbench: number;
  workbenchLongestMs: number;
  /** Tasks over 50 ms attributed otherwise (several frames, none, another frame). */
  other: number;
}

const LONG_MS = 50;
const ANCESTOR = new Set(['same-origin-ancestor', 'cross-origin-ancestor']);

export function longTasksByContext(entries: readonly LongTaskEntry[]): LongTasksByContext {
  const long = entries.filter((entry) => entry.duration > LONG_MS);
  const own = long.filter((entry) => entry.name === 'self');
  const workbench = long.filter((entry) => ANCESTOR.has(entry.name));
  const longest = (tasks: readonly LongTaskEntry[]): number => Math.max(0, ...tasks.map((task) => task.duration));
  return {
    own: own.length,
    ownLongestMs: longest(own),
    workbench: workbench.length,
    workbenchLongestMs: longest(workbench),
    other: long.length - own.length - workbench.length,
  };
}
