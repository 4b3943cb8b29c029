// `npm run bench`: one table, two layers. jsdom: the webview's markdown pipeline alone, work
// counters per shape and size. editor: the whole path in the real editor (code-server +
// Chromium), each shape streamed by the reference server's echo-1, at full speed and paced.
//   flock /tmp/editor.lock npm run bench            (the real-editor layer must run alone)
//   npm run bench -- --jsdom-only | --editor-only | --page-only
//   BENCH_RUNS=3 npm run bench                        (the editor layer three times, each in a fresh editor:
//                                                      its cells show min–max, as this machine varies a lot)
import * as os from 'node:os';
import { DELTA_INTERVAL_MS } from '../../src/host/chat/deltaBatcher';
import { requireChromium } from '../harness/chromium';
import { ensureCodeServer, HarnessSetupError } from '../harness/codeServerInstall';
import { activationReport } from './activation.bench';
import { EDITOR_CASES, runEditorBench, type EditorResult } from './editor.bench';
import { GOALS, goalsByRun } from './goals';
import { CPU_ROLES, type CpuRole, type CpuUse } from './processCpu';
import { PAGE_CASES, runPageBench, type PageResult } from './page.bench';
import type { ReopenResult } from './reopen.bench';
import { runJsdomBench, type JsdomResult } from './render.bench';

const COLUMNS: [string, number][] = [
  ['layer', 6], ['shape', 9], ['size', 6], ['pace tok/s', 10], ['ms', 7], ['max work/frame', 14], ['parsed/char', 11], ['DOM ops/char', 12],
  ['tokens/s', 11], ['last token→shown ms', 19], ['of which webview ms', 19], ['→ settled ms', 12], ['× raw read', 10], ['tasks >50ms', 11], ['longest ms', 10],
];

function line(cells: string[]): string {
  return `| ${cells.map((cell, i) => cell.padStart(COLUMNS[i][1])).join(' | ')} |`;
}

const kb = (chars: number): string => `${Math.round(chars / 1000)} KB`;
const DASH = '–';

function jsdomRow(result: JsdomResult): string {
  return line(['jsdom', result.shape, kb(result.chars), DASH, result.ms.toFixed(0), String(result.maxFrameWork),
    result.parsedPerChar.toFixed(2), result.domOpsPerChar.toFixed(3), DASH, DASH, DASH, DASH, DASH, DASH, DASH]);
}

/** One value, or the range of a value over several runs (a dash where it does not apply). */
function range(values: readonly number[], digits = 0): string {
  if (values.some((value) => Number.isNaN(value))) return DASH;
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
}

/** The pace column: `full`, the paced tokens/s, `, Stop` when Stop is pressed mid-answer, `, typing` when keys are typed meanwhile. */
function paceCell(benchCase: EditorResult): string {
  return `${benchCase.pace ? String(benchCase.pace) : 'full'}${benchCase.stopAfterMs === undefined ? '' : `, Stop at ${benchCase.stopAfterMs / 1000} s`}`
    + `${benchCase.typing ? ', typing' : ''}`;
}

/** A case's row; with several runs, each cell is the range over them. */
function editorRow(runs: readonly EditorResult[]): string {
  const [first] = runs;
  const cell = (value: (result: EditorResult) => number, digits = 0): string => range(runs.map(value), digits);
  return line(['editor', first.shape, kb(first.chars), paceCell(first), DASH, DASH, DASH, DASH,
    cell((r) => r.tokensPerSecond), cell((r) => r.lastTokenVisibleMs), cell((r) => r.webviewMs), cell((r) => r.lastTokenSettledMs), cell((r) => r.ratioToRaw, 2),
    cell((r) => r.longTasksOver50), cell((r) => r.longestTaskMs)]);
}

/**
 * A table of the editor cases each of whose runs measured `part` (the CPU use, the keys typed): a case's shape,
 * size and pace, then `cells` of the part, each the range over the runs. Nothing when no case has it.
 */
function partTable<T>(editor: readonly EditorResult[][], part: (result: EditorResult) => T | undefined, title: string,
  headers: readonly string[], cells: readonly ((value: T) => number)[]): void {
  const rows = editor.filter((results) => results.every((result) => part(result) !== undefined));
  if (rows.length === 0) return;
  console.log(title);
  console.log(`| shape | size | pace tok/s | ${headers.join(' | ')} |`);
  console.log(`|${' --- |'.repeat(3 + headers.length)}`);
  for (const results of rows) {
    const [first] = results;
    const values = results.map((result) => part(result) as T);
    console.log(`| ${[first.shape, kb(first.chars), paceCell(first), ...cells.map((cell) => range(values.map(cell)))].join(' | ')} |`);
  }
}

async function main(): Promise<number> {
  const jsdomOnly = process.argv.includes('--jsdom-only');
  const editorOnly = process.argv.includes('--editor-only');
  const pageOnly = process.argv.includes('--page-only');
  if (!editorOnly && !pageOnly) process.stderr.write('jsdom layer…\n');
  const jsdom = editorOnly || pageOnly ? [] : runJsdomBench();
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? '1') || 1);
  const editor: EditorResult[][] = [];
  const reopen: ReopenResult[] = [];
  const page: PageResult[][] = [];
  let editorNote = '';
  if (!jsdomOnly) {
    try {
      requireChromium();
      if (!editorOnly) {
        for (let run = 1; run <= runs; run++) {
          process.stderr.write(`page layer (the chat page alone in Chromium)${runs > 1 ? `, run ${run} of ${runs}` : ''}…\n`);
          (await runPageBench(PAGE_CASES)).forEach((result, i) => (page[i] ??= []).push(result));
        }
      }
      if (!pageOnly) await ensureCodeServer();
      for (let run = 1; run <= (pageOnly ? 0 : runs); run++) {
        process.stderr.write(`real-editor layer (code-server + Chromium)${runs > 1 ? `, run ${run} of ${runs}` : ''}…\n`);
        const result = await runEditorBench(EDITOR_CASES, (text) => process.stderr.write(`${text}\n`));
        result.streams.forEach((stream, i) => (editor[i] ??= []).push(stream));
        if (result.reopen) reopen.push(result.reopen);
      }
    } catch (error) {
      if (!(error instanceof HarnessSetupError)) throw error;
      editorNote = `real-editor layer skipped: ${error.message}`;
    }
  }
  console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`);
  console.log('jsdom: 3 tokens per frame; work = characters parsed + sanitized + highlighted. editor: echo-1 through the whole path;'
    + ' "shown": all of the text in the DOM (the answer\'s status no longer streaming); "of which webview": from the last delta reaching the webview;'
    + ' "→ settled": from the last token to the answer\'s last change (code shown plain while the page was behind, highlighted); long tasks from Send on;'
    + ' "Stop at": Stop pressed that long after Send, times from pressing it.');
  console.log(line(COLUMNS.map(([name]) => name)));
  console.log(`|${COLUMNS.map(([, width]) => '-'.repeat(width + 2)).join('|')}|`);
  for (const result of jsdom) console.log(jsdomRow(result));
  for (const results of editor) console.log(editorRow(results));
  if (editorNote) console.log(editorNote);
  const roles = Object.entries(CPU_ROLES) as [CpuRole, string][];
  partTable(editor, (result) => result.cpu,
    'CPU from Send until the answer was done, by process (ms of CPU; the machine\'s busy time in % of all its cores; the chat page\'s'
      + ' main thread — the renderer\'s, shared with the workbench — on a CPU, and ready to run but waiting for one, from the kernel\'s schedstat):',
    ['window ms', 'machine busy %', ...roles.map(([, label]) => label), 'page thread on a CPU', 'page thread waiting for a CPU'],
    [(cpu) => cpu.windowMs, (cpu) => cpu.machineBusyPercent, ...roles.map(([role]) => (cpu: CpuUse) => cpu.ms[role]),
      (cpu) => cpu.pageThread?.cpuMs ?? Number.NaN, (cpu) => cpu.pageThread?.waitMs ?? Number.NaN]);
  partTable(editor, (result) => result.longTasksBy,
    'The tasks over 50 ms above by whose script ran in them (the Long Tasks API\'s attribution, as the chat page sees it: in'
      + ' code-server the page shares the workbench\'s main thread, and sees its tasks too):',
    ['the chat page\'s own', 'its longest ms', 'only the workbench\'s', 'its longest ms', 'other'],
    [(by) => by.own, (by) => by.ownLongestMs, (by) => by.workbench, (by) => by.workbenchLongestMs, (by) => by.other]);
  partTable(editor, (result) => result.keys,
    'Keys typed into the prompt while the answer streamed (from Send until it was shown whole; a key every 30 ms), each from'
      + ' its press to the next frame painted (Event Timing, which reports only events of 16 ms or more: 0 = every key under 16 ms):',
    ['keys typed', 'keys ≥ 50 ms', 'slowest key ms', 'longest wait for the page ms'],
    [(keys) => keys.typed, (keys) => keys.over50, (keys) => keys.slowestMs, (keys) => keys.longestDelayMs]);
  if (reopen.length > 0) {
    const [first] = reopen;
    const cell = (value: (result: ReopenResult) => number): string => range(reopen.map(value));
    console.log(`Reopening a chat of ${first.messages} messages (${first.kilobytes} KB) from the history list${reopen.length > 1 ? ` (${reopen.length} runs)` : ''}: `
      + `newest message shown ${cell((r) => r.newestShownMs)} ms, all rendered ${cell((r) => r.allRenderedMs)} ms, `
      + `tasks >50 ms while opening ${cell((r) => r.openLongTasks)} (longest ${cell((r) => r.openLongestMs)} ms); `
      + `wheel-scrolling it to the top (${cell((r) => r.scrollTurns)} turns of 600 px): messages laid out ${cell((r) => r.scrollMessagesLaidOut)}, `
      + `at most ${cell((r) => r.scrollMostLaidOutInATurn)} in a turn; tasks >50 ms ${cell((r) => r.scrollLongTasks)} `
      + `(longest ${cell((r) => r.scrollLongestMs)} ms).`);
  }
  if (editor.length > 0) {
    console.log(`Issue 8's goals missed, run by run (${GOALS}):`);
    for (const text of goalsByRun(editor, reopen, (result) => `${result.shape} ${kb(result.chars)} ${paceCell(result)}`)) console.log(`  ${text}`);
  }
  if (page.length > 0) {
    console.log('Page layer: the chat page alone in Chromium (400×900), no workbench, once it has warmed up while idle; the host\'s messages posted'
      + ` in the page, a delta every ${DELTA_INTERVAL_MS} ms; a short prompt (the answer alone is measured).`);
    console.log('| shape | size | arriving chars/s | last delta→shown ms | → settled ms | tasks >50ms | longest ms | layout ms/frame, first → last sixth | main thread busy ms |');
    console.log('|-------|------|------------------|---------------------|--------------|-------------|------------|--------------------------------------|---------------------|');
    for (const results of page) {
      const [first] = results;
      const cell = (value: (result: PageResult) => number, digits = 0): string => range(results.map(value), digits);
      console.log(`| ${first.shape}${first.belowLongChat ? ', below a chat of 500 messages' : ''} | ${kb(first.chars)} | ${first.charsPerSecond} | ${cell((r) => r.lastDeltaShownMs)} | ${cell((r) => r.lastDeltaSettledMs)} | ${cell((r) => r.longTasksOver50)} `
        + `| ${cell((r) => r.longestTaskMs)} | ${cell((r) => r.layoutFirstMs, 1)} → ${cell((r) => r.layoutLastMs, 1)} | ${cell((r) => r.busyMs)} |`);
    }
  }
  if (!jsdomOnly && !pageOnly) for (const text of await activationReport()) console.log(text);
  return 0;
}

main().then((code) => { process.exitCode = code; }, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
