// The lint rules that keep the layers apart and promises handled are part of the architecture:
// these tests lint small snippets as if they stood in each layer, so a rule that is dropped or
// loses its file pattern fails here instead of going quiet.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import { projectRoot } from '../../harness/paths';

let eslint: ESLint;

/** Rule ids reported for `code` placed at `file` (an existing file, so the typed rules know its project). */
async function rulesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, file) });
  return result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe('build: lint keeps the layers apart and promises handled', function () {
  // Typed linting builds a TypeScript program for the project on first use.
  this.timeout(120_000);

  before(() => {
    eslint = new ESLint({ cwd: projectRoot });
  });

  const boundaries: Array<[string, string]> = [
    ['src/api/errors.ts', "import * as vscode from 'vscode';"],
    ['src/api/errors.ts', "import { isRecord } from '../host/util/disposable';"],
    ['src/host/chat/links.ts', "import { renderApp } from '../../webview/app';"],
    ['src/host/chat/links.ts', "import { startReferenceServer } from '../../../server';"],
    ['src/extension.ts', "import { startReferenceServer } from '../server/index';"],
    ['src/webview/dom.ts', "import { ModelAccessClient } from '../api';"],
    ['src/webview/dom.ts', "import * as vscode from 'vscode';"],
    ['src/shared/finishReason.ts', "import { Log } from '../host/logging/log';"],
    ['server/router.ts', "import { ModelAccessClient } from '../src/api';"],
  ];
  for (const [file, line] of boundaries) {
    it(`refuses in ${file}: ${line}`, async () => {
      assert.ok((await rulesFor(file, `${line}\nexport {};\n`)).includes('no-restricted-imports'));
    });
  }

  it('allows the protocol on both sides', async () => {
    const line = "import { isWebviewToHost } from '../shared/protocol';\nexport const guard = isWebviewToHost;\n";
    assert.ok(!(await rulesFor('src/webview/dom.ts', line)).includes('no-restricted-imports'));
    assert.ok(!(await rulesFor('src/host/chat/links.ts', line.replace('../shared', '../../shared'))).includes('no-restricted-imports'));
  });

  it("refuses a namespace import of a Node module in the extension's code (the bundle copies it at load), and keeps the host's l10n rule", async () => {
    for (const file of ['src/host/chat/links.ts', 'src/api/errors.ts', 'src/extension.ts']) {
      assert.ok((await rulesFor(file, "import * as fs from 'node:fs';\nexport const read = fs.readFileSync;\n")).includes('no-restricted-syntax'), file);
      assert.deepEqual(await rulesFor(file, "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n"), [], file);
    }
    assert.ok((await rulesFor('src/host/chat/links.ts', "import * as vscode from 'vscode';\nexport const show = (): unknown => vscode.window.showInformationMessage('Hello there');\n")).includes('no-restricted-syntax'));
  });

  it('refuses a promise nobody awaits, and a promise where a void callback is expected', async () => {
    const floating = 'async function work(): Promise<void> {}\nexport function start(): void {\n  work();\n}\n';
    assert.ok((await rulesFor('src/host/chat/links.ts', floating)).includes('@typescript-eslint/no-floating-promises'));
    const misused = "import { EventEmitter } from 'node:events';\nexport function listen(events: EventEmitter): void {\n  events.on('x', async () => {\n    await Promise.resolve();\n  });\n}\n";
    assert.ok((await rulesFor('server/router.ts', misused)).includes('@typescript-eslint/no-misused-promises'));
    assert.deepEqual(await rulesFor('src/host/chat/links.ts', 'async function work(): Promise<void> {}\nexport function start(): void {\n  void work();\n}\n'), []);
  });
});
