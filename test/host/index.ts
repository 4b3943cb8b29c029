// Mocha runner loaded by VS Code's extension host as the `extensionTestsPath` payload: it runs every
// compiled out/test/host/**/*.test.js inside the real extension host, next to the extension under
// test. The spec reporter's console output reaches the harness through the page's
// codeAutomationLog; the promise's outcome becomes the exit code passed to codeAutomationExit.
//
// Environment set by the harness (test/harness/hostSuite.ts):
//   MODEL_ACCESS_TEST_SERVER_URL  base URL (…/v1) of the reference server, also in modelAccess.baseUrl
//   MODEL_ACCESS_HOST_GREP        optional: run only tests whose full title matches this pattern
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';

/** Marks the suite's own lines among everything else the workbench logs (see test/harness/hostSuite.ts). */
export const hostTestLinePrefix = '[host-test] ';

export function run(): Promise<void> {
  // The workbench forwards console arguments one by one ("%s%s,a,b"); format them here instead.
  const reporterBase = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  reporterBase.consoleLog = (...args: unknown[]) => {
    const text = format(...args);
    console.log(text.split('\n').map((line) => `${hostTestLinePrefix}${line}`).join('\n'));
  };
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    reporter: 'spec',
    timeout: 20_000,
    grep: process.env.MODEL_ACCESS_HOST_GREP || undefined,
  });
  for (const file of findTestFiles(__dirname)) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} in-host test${failures === 1 ? '' : 's'} failed.`));
        // A filter that matches nothing, or a build that lost the files, must not pass for green.
        else if (runner.stats?.tests === 0) reject(new Error('No in-host test ran.'));
        else resolve();
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

function findTestFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .map((file) => path.join(root, file))
    .sort();
}
