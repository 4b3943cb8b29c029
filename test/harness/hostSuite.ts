// Runs test/host (compiled to out/test/host) inside the real extension host of code-server. The
// workbench page hands the suite's console output to window.codeAutomationLog and its result to
// window.codeAutomationExit; Playwright's exposeFunction turns both into calls back into Node.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hostTestLinePrefix } from '../host/index';
import type { EditorName } from './codeServerInstall';
import { startEditor } from './editor';
import { compiledTestsDir, testResultsDir } from './paths';

export interface HostSuiteOptions {
  /** Reference server base URL (…/v1): written to modelAccess.baseUrl and MODEL_ACCESS_TEST_SERVER_URL. */
  baseUrl: string;
  /** Which editor release runs the suite (its name reaches the suite as MODEL_ACCESS_TEST_EDITOR). */
  editor: EditorName;
  /** Only tests whose title matches (mocha --grep). */
  grep?: string;
  timeoutMs?: number;
  /** Receives the suite's output lines as they come. */
  onLog?: (line: string) => void;
}

export interface HostSuiteResult {
  exitCode: number;
  durationMs: number;
  logFile: string;
}

export async function runHostSuite(options: HostSuiteOptions): Promise<HostSuiteResult> {
  const started = Date.now();
  const onLog = options.onLog ?? ((line: string) => process.stdout.write(`${line}\n`));
  const resultsDir = path.join(testResultsDir, `host-${options.editor}`);
  const logFile = path.join(resultsDir, 'code-server.log');
  const workbenchLog = path.join(resultsDir, 'workbench.log');
  fs.mkdirSync(path.dirname(workbenchLog), { recursive: true });
  fs.writeFileSync(workbenchLog, '');
  fs.rmSync(logFile, { force: true });
  const editor = await startEditor({
    editor: options.editor,
    baseUrl: options.baseUrl,
    extensionTestsPath: path.join(compiledTestsDir, 'host', 'index.js'),
    logFile,
    env: {
      MODEL_ACCESS_TEST_SERVER_URL: options.baseUrl,
      MODEL_ACCESS_HOST_GREP: options.grep,
      MODEL_ACCESS_TEST_EDITOR: options.editor,
    },
  });
  try {
    let reportExit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (reportExit = resolve));
    const workbench = await editor.openWorkbench({
      beforeOpen: async ({ page }) => {
        await page.exposeFunction('codeAutomationLog', (level: string, message: string) => {
          for (const line of String(message).split('\n')) {
            const at = line.indexOf(hostTestLinePrefix);
            // The suite's own lines go to the console; the workbench's chatter only to the log file.
            if (at >= 0) onLog(line.slice(at + hostTestLinePrefix.length));
            fs.appendFileSync(workbenchLog, `[${level}] ${line}\n`);
          }
        });
        await page.exposeFunction('codeAutomationExit', (code: number) => reportExit(Number(code)));
      },
    });
    const timeoutMs = options.timeoutMs ?? 180_000;
    let timer: NodeJS.Timeout | undefined;
    const exitCode = await Promise.race([
      exited,
      new Promise<number>((resolve) => {
        timer = setTimeout(() => {
          onLog(`The in-host suite did not finish within ${timeoutMs / 1000} s.`);
          resolve(124);
        }, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (exitCode !== 0) {
      const shot = await workbench.screenshot(`host-${options.editor}/screenshot`).catch(() => undefined);
      if (shot) onLog(`Screenshot: ${shot}`);
      onLog(`Logs: ${logFile}, ${workbenchLog}`);
    }
    return { exitCode, durationMs: Date.now() - started, logFile };
  } finally {
    await editor.stop();
  }
}
