// `npm run bench`: one table, two layers. jsdom: the webview's markdown pipeline alone, work
// counters per shape and size. editor: the whole path in the real editor (code-server +
// Chromium), each shape streamed by the reference server's echo-1, at full speed and paced.
//   flock /tmp/editor.lock npm run bench            (the real-editor layer must run alone)
//   npm run bench -- --jsdom-only | --editor-only
import * as os from 'node:os';
import { requireChromium } from '../harness/chromium';
import { ensureCodeServer, HarnessSetupError } from '../harness/codeServerInstall';
import { activationReport } from './activation.bench';
import { EDITOR_CASES, runEditorBench, type EditorResult } from './editor.bench';
import type { ReopenResult } from './reopen.bench';
import { runJsdomBench, type JsdomResult } from './render.bench';

const COLUMNS: [string, number][] = [
  ['layer', 6], ['shape', 9], ['size', 6], ['pace tok/s', 10], ['ms', 7], ['max work/frame', 14], ['parsed/char', 11], ['DOM ops/char', 12],
  ['tokens/s', 9], ['last token→shown ms', 19], ['of which webview ms', 19], ['× raw read', 10], ['tasks >50ms', 11], ['longest ms', 10],
];

function line(cells: string[]): string {
  return `| ${cells.map((cell, i) => cell.padStart(COLUMNS[i][1])).join(' | ')} |`;
}

const kb = (chars: number): string => `${Math.round(chars / 1000)} KB`;
const DASH = '–';

function jsdomRow(result: JsdomResult): string {
  return line(['jsdom', result.shape, kb(result.chars), DASH, result.ms.toFixed(0), String(result.maxFrameWork),
    result.parsedPerChar.toFixed(2), result.domOpsPerChar.toFixed(3), DASH, DASH, DASH, DASH, DASH, DASH]);
}

function editorRow(result: EditorResult): string {
  return line(['editor', result.shape, kb(result.chars), result.pace ? String(result.pace) : 'full', DASH, DASH, DASH, DASH,
    result.tokensPerSecond.toFixed(0), result.lastTokenVisibleMs.toFixed(0), result.webviewMs.toFixed(0), result.ratioToRaw.toFixed(2),
    String(result.longTasksOver50), result.longestTaskMs.toFixed(0)]);
}

async function main(): Promise<number> {
  const jsdomOnly = process.argv.includes('--jsdom-only');
  const editorOnly = process.argv.includes('--editor-only');
  if (!editorOnly) process.stderr.write('jsdom layer…\n');
  const jsdom = editorOnly ? [] : runJsdomBench();
  let editor: EditorResult[] = [];
  let reopen: ReopenResult | undefined;
  let editorNote = '';
  if (!jsdomOnly) {
    try {
      requireChromium();
      await ensureCodeServer();
      process.stderr.write('real-editor layer (code-server + Chromium)…\n');
      ({ streams: editor, reopen } = await runEditorBench(EDITOR_CASES, (text) => process.stderr.write(`${text}\n`)));
    } catch (error) {
      if (!(error instanceof HarnessSetupError)) throw error;
      editorNote = `real-editor layer skipped: ${error.message}`;
    }
  }
  console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`);
  console.log('jsdom: 3 tokens per frame; work = characters parsed + sanitized + highlighted. editor: echo-1 through the whole path;'
    + ' "of which webview": from the last delta reaching the webview; long tasks from Send on.');
  console.log(line(COLUMNS.map(([name]) => name)));
  console.log(`|${COLUMNS.map(([, width]) => '-'.repeat(width + 2)).join('|')}|`);
  for (const result of jsdom) console.log(jsdomRow(result));
  for (const result of editor) console.log(editorRow(result));
  if (editorNote) console.log(editorNote);
  if (reopen) {
    console.log(`Reopening a chat of ${reopen.messages} messages (${reopen.kilobytes} KB) from the history list: newest message shown ${reopen.newestShownMs} ms, `
      + `all rendered ${reopen.allRenderedMs} ms, tasks >50 ms while opening ${reopen.openLongTasks} (longest ${reopen.openLongestMs.toFixed(0)} ms); `
      + `wheel-scrolling it to the top: tasks >50 ms ${reopen.scrollLongTasks} (longest ${reopen.scrollLongestMs.toFixed(0)} ms).`);
  }
  for (const text of await activationReport()) console.log(text);
  return 0;
}

main().then((code) => { process.exitCode = code; }, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
