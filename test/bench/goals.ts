// Issue 8's goals for the real-editor layer, checked run by run. The bench's table shows each cell as the
// range over its runs, which says neither in how many runs a goal was missed nor in which: "0–2 tasks over
// 50 ms" is one run with two, or two runs with one each. This lists, for each run, every cell that missed.
import type { EditorResult } from './editor.bench';
import type { ReopenResult } from './reopen.bench';

/** From the last token (or Stop) to the whole answer shown. */
export const SHOWN_WITHIN_MS = 300;
/** Sustained throughput of an answer streamed at full speed. */
export const MIN_TOKENS_PER_SECOND = 10_000;
/** From the click in the history list to the reopened chat's newest message shown. */
export const REOPENED_WITHIN_MS = 300;

/** What the goals ask, in words, for the report's heading. */
export const GOALS = `no task over 50 ms; the whole text within ${SHOWN_WITHIN_MS} ms of the last token (or of Stop);`
  + ` ${MIN_TOKENS_PER_SECOND.toLocaleString('en')} tokens/s at full speed; a reopened long chat's newest message within`
  + ` ${REOPENED_WITHIN_MS} ms, and no task over 50 ms while it opens or is scrolled`;

const tasks = (count: number, longestMs: number, when = ''): string =>
  `${count} ${count === 1 ? 'task' : 'tasks'} over 50 ms${when} (longest ${Math.round(longestMs)} ms)`;

/** The goals one streamed case missed in one run, in words (none: empty). */
export function streamMisses(result: EditorResult): string[] {
  const misses: string[] = [];
  if (result.longTasksOver50 > 0) misses.push(tasks(result.longTasksOver50, result.longestTaskMs));
  if (result.lastTokenVisibleMs > SHOWN_WITHIN_MS) misses.push(`shown whole ${Math.round(result.lastTokenVisibleMs)} ms after the last token`);
  // (Paced answers come at their pace; a stopped one has no throughput.)
  const fullSpeed = result.pace === undefined && result.stopAfterMs === undefined;
  if (fullSpeed && !(result.tokensPerSecond >= MIN_TOKENS_PER_SECOND)) misses.push(`${Math.round(result.tokensPerSecond)} tokens/s`);
  return misses;
}

/** The goals reopening the long chat missed in one run, in words. */
export function reopenMisses(result: ReopenResult): string[] {
  const misses: string[] = [];
  if (result.newestShownMs > REOPENED_WITHIN_MS) misses.push(`newest message shown ${Math.round(result.newestShownMs)} ms after the click`);
  if (result.openLongTasks > 0) misses.push(tasks(result.openLongTasks, result.openLongestMs, ' while opening'));
  if (result.scrollLongTasks > 0) misses.push(tasks(result.scrollLongTasks, result.scrollLongestMs, ' while scrolling'));
  return misses;
}

/**
 * One line for each run: the cells that missed a goal and how, or "none". `editor[i][run]` is case i's result
 * in that run (as the bench gathers them); `reopen[run]`, that run's reopening, when the bench ran it.
 * `caseLabel` names a case as the table does.
 */
export function goalsByRun(editor: readonly (readonly EditorResult[])[], reopen: readonly ReopenResult[],
  caseLabel: (result: EditorResult) => string): string[] {
  const runs = Math.max(reopen.length, ...editor.map((results) => results.length));
  const lines: string[] = [];
  for (let run = 0; run < runs; run++) {
    const missed: string[] = [];
    for (const results of editor) {
      const result = results[run];
      if (result === undefined) continue;
      const misses = streamMisses(result);
      if (misses.length > 0) missed.push(`${caseLabel(result)}: ${misses.join(', ')}`);
    }
    const reopened = reopen[run];
    if (reopened !== undefined) {
      const misses = reopenMisses(reopened);
      if (misses.length > 0) missed.push(`reopening: ${misses.join(', ')}`);
    }
    lines.push(`run ${run + 1}: ${missed.length > 0 ? missed.join('; ') : 'none'}`);
  }
  return lines;
}
