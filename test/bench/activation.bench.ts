// The extension's own activation cost: loading dist/extension.js and calling activate(), in a fresh
// Node process with a do-nothing `vscode` module (so VS Code's own work is not counted). Reported by
// `npm run bench` as the best of several runs.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '../harness/paths';

/** Run in the child process: `node activation.bench.js --child BUNDLE`. */
function child(bundle: string): void {
  const Module = require('node:module') as { _load: (request: string, ...rest: unknown[]) => unknown };
  const stub = (name: string): unknown => new Proxy(function () { /* any call returns another stub */ }, {
    get: (_target, property) => {
      if (property === 'then') return undefined;
      if (property === Symbol.toPrimitive) return () => '';
      if (property === Symbol.iterator) return function* () { /* empty */ };
      return stub(`${name}.${String(property)}`);
    },
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}`) as object,
    set: () => true,
  });
  const vscode: Record<string, unknown> = { version: '1.100.0' };
  for (const name of ['ConfigurationTarget', 'Disposable', 'EventEmitter', 'ExtensionMode', 'InputBoxValidationSeverity', 'MarkdownString',
    'ProgressLocation', 'StatusBarAlignment', 'ThemeColor', 'ThemeIcon', 'TreeItem', 'TreeItemCollapsibleState', 'Uri', 'commands', 'env',
    'window', 'workspace', 'l10n', 'lm']) {
    vscode[name] = stub(name);
  }
  const load = Module._load;
  Module._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? vscode : load.call(this, request, ...rest);
  };
  const started = performance.now();
  const extension = require(bundle) as { activate(context: unknown): unknown };
  const loaded = performance.now();
  void Promise.resolve(extension.activate(stub('context'))).then(() => {
    process.stdout.write(JSON.stringify({ loadMs: loaded - started, activateMs: performance.now() - loaded }));
  });
}

export interface ActivationResult {
  bundle: string;
  bytes: number;
  loadMs: number;
  activateMs: number;
}

/** Best of `runs` fresh processes for dist/extension.js. */
export function measureActivation(runs = 5): ActivationResult {
  const bundle = path.join(projectRoot, 'dist', 'extension.js');
  const results = Array.from({ length: runs }, () =>
    JSON.parse(execFileSync(process.execPath, [__filename, '--child', bundle], { encoding: 'utf8' })) as { loadMs: number; activateMs: number });
  const { size } = statSync(bundle);
  return {
    bundle: path.relative(projectRoot, bundle),
    bytes: size,
    loadMs: Math.min(...results.map((result) => result.loadMs)),
    activateMs: Math.min(...results.map((result) => result.activateMs)),
  };
}

if (process.argv[2] === '--child') {
  child(process.argv[3]);
}
