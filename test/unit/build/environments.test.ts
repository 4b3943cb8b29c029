// Each layer is type-checked against the globals of the place it runs (src/shared: none,
// src/webview: the DOM, src and server: Node). These tests put a line that uses another
// environment's global into each project and expect the compiler to refuse it, so a tsconfig
// that quietly lets the DOM into the host (or Node into the webview) fails here.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import ts from 'typescript';
import { projectRoot } from '../../harness/paths';

/** The compiler's messages for `code`, placed as a new file inside the project of `tsconfig`. */
function diagnosticsFor(tsconfig: string, code: string): string[] {
  const configPath = path.join(projectRoot, tsconfig);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
  });
  assert.ok(parsed, `${tsconfig} could not be read`);
  const probe = path.join(path.dirname(configPath), '__environment_probe__.ts');
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    path.resolve(fileName) === probe ? ts.createSourceFile(fileName, code, languageVersion) : getSourceFile(fileName, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === probe || fileExists(fileName);
  // Only the probe and what the project pulls in by its own settings (lib, types): the project's
  // other files are already checked by `npm run typecheck`, and leaving them out keeps this fast.
  const program = ts.createProgram({ rootNames: [probe], options: parsed.options, host });
  const source = program.getSourceFile(probe);
  assert.ok(source);
  return [...program.getSemanticDiagnostics(source), ...program.getSyntacticDiagnostics(source)]
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

function assertRefused(tsconfig: string, code: string, name: string): void {
  const messages = diagnosticsFor(tsconfig, code);
  assert.ok(
    messages.some((message) => message.includes(`'${name}'`)),
    `${tsconfig} accepted ${JSON.stringify(code)}; messages: ${JSON.stringify(messages)}`,
  );
}

function assertAccepted(tsconfig: string, code: string): void {
  assert.deepEqual(diagnosticsFor(tsconfig, code), [], `${tsconfig} refused ${JSON.stringify(code)}`);
}

describe('build: each environment is type-checked against its own globals', function () {
  // A compiler program per case: slower than most unit tests.
  this.timeout(60_000);

  it('src/shared (imported by host and webview) has neither the DOM nor Node', () => {
    assertRefused('src/shared/tsconfig.json', 'export const title = document.title;', 'document');
    assertRefused('src/shared/tsconfig.json', 'export const env = process.env;', 'process');
    assertAccepted('src/shared/tsconfig.json', 'export const parts = new Map<string, number>([["a", 1]]);');
  });

  it('src/webview has the DOM and no Node', () => {
    assertAccepted('src/webview/tsconfig.json', 'export const title: string = document.title;');
    assertRefused('src/webview/tsconfig.json', 'export const env = process.env;', 'process');
    assertRefused('src/webview/tsconfig.json', 'export const bytes = Buffer.from("x");', 'Buffer');
  });

  it('src (extension host and API client) has Node and no DOM', () => {
    assertAccepted('src/tsconfig.json', 'export const env = process.env;');
    assertRefused('src/tsconfig.json', 'export const title = document.title;', 'document');
    assertRefused('src/tsconfig.json', 'export const w = window;', 'window');
  });

  it('server has Node and no DOM', () => {
    assertAccepted('server/tsconfig.json', 'export const env = process.env;');
    assertRefused('server/tsconfig.json', 'export const title = document.title;', 'document');
  });
});
