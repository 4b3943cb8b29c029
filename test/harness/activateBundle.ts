// Loads an extension bundle and calls activate() in THIS process, with a do-nothing `vscode` module
// (so VS Code's own work is not counted), then prints one JSON line: the time to load the bundle,
// the time activate() took, and the packages whose code ran (when the bundle was built with
// `markEvaluatedPackages`). Run it in a fresh process: `node activateBundle.js BUNDLE [STORAGE] [--settle]`; with
// STORAGE, the extension's global storage is that folder on disk (its `chats` folder is the history),
// and the run lists the files read from it. With --settle, what activate() scheduled to run right after it (the
// entry point writes its code cache then: src/main.ts) runs before the process exits; without, the process exits
// as soon as the times are taken.
// Shared by the activation bench and the test that keeps activation free of the network stack.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from './paths';

/** The global the marked bundle adds each package's name to when its code runs. */
export const EVALUATED_PACKAGES = '__modelAccessEvaluatedPackages';

export interface ActivationRun {
  loadMs: number;
  activateMs: number;
  /** Packages (from node_modules) whose code ran while loading and activating, in order. */
  evaluated: string[];
  /** Node's built-in modules the bundle required while loading and activating ('node:' dropped), in order. */
  builtins: string[];
  /** Files read from the storage folder, if one was given (paths relative to it). */
  storageReads: string[];
}

/**
 * Every name `vscode` exports (classes, enums, namespaces, functions, constants), read from the
 * @types/vscode the extension compiles against, so a new use of any API cannot break the stub.
 */
function vscodeExportNames(): string[] {
  const declarations = fs.readFileSync(path.join(projectRoot, 'node_modules', '@types', 'vscode', 'index.d.ts'), 'utf8');
  const names = new Set<string>();
  for (const match of declarations.matchAll(/^\texport (?:abstract )?(?:class|enum|namespace|const|let|function) (\w+)/gm)) names.add(match[1]);
  return [...names];
}

/** A value that is anything: every property, call and `new` gives another one; it is not a thenable. */
function anything(): unknown {
  return new Proxy(function () { /* any call returns another stub */ }, {
    get: (_target, property) => {
      if (property === 'then') return undefined;
      if (property === Symbol.toPrimitive) return () => '';
      if (property === Symbol.iterator) return function* () { /* empty */ };
      return anything();
    },
    apply: () => anything(),
    construct: () => anything() as object,
    set: () => true,
  });
}

/** The `vscode` module every bundle sees here: each export is `anything()`. */
export function vscodeStub(): Record<string, unknown> {
  const vscode: Record<string, unknown> = {};
  for (const name of vscodeExportNames()) vscode[name] = anything();
  vscode.version = '1.100.0';
  return vscode;
}

/** The ExtensionContext: anything, but with the global storage in `storage`, a folder on disk, when given. */
function contextStub(storage: string | undefined): unknown {
  if (storage === undefined) return anything();
  const globalStorageUri = { scheme: 'file', fsPath: storage, path: storage };
  const rest = anything() as Record<string | symbol, unknown>;
  return new Proxy({}, { get: (_target, property) => (property === 'globalStorageUri' ? globalStorageUri : rest[property]) });
}

async function activateBundle(bundle: string, storage?: string): Promise<ActivationRun> {
  const Module = require('node:module') as { _load: (request: string, ...rest: unknown[]) => unknown; isBuiltin: (request: string) => boolean };
  const vscode = vscodeStub();
  const load = Module._load;
  const builtins: string[] = [];
  Module._load = function (request: string, ...rest: unknown[]) {
    if (request === 'vscode') return vscode;
    const name = request.replace(/^node:/, '');
    if (Module.isBuiltin(request) && !builtins.includes(name)) builtins.push(name);
    return load.call(this, request, ...rest);
  };
  // The module object the bundle's node:fs is (not this file's `fs`, a namespace copy of it): what the
  // extension reads from the storage passes here.
  const storageReads: string[] = [];
  const nodeFs = require('node:fs') as { readFileSync: (...args: unknown[]) => unknown };
  const readFileSync = nodeFs.readFileSync;
  if (storage !== undefined) {
    nodeFs.readFileSync = (file: unknown, ...rest: unknown[]) => {
      const relative = typeof file === 'string' ? path.relative(storage, file) : '';
      if (relative && !relative.startsWith('..')) storageReads.push(relative.split(path.sep).join('/'));
      return readFileSync.call(nodeFs, file, ...rest);
    };
  }
  const context = contextStub(storage);
  const started = performance.now();
  const extension = require(bundle) as { activate(context: unknown): unknown };
  const loaded = performance.now();
  await extension.activate(context);
  const activated = performance.now();
  const evaluated = (globalThis as Record<string, unknown>)[EVALUATED_PACKAGES];
  return { loadMs: loaded - started, activateMs: activated - loaded, evaluated: Array.isArray(evaluated) ? evaluated as string[] : [], builtins, storageReads };
}

if (require.main === module) {
  const settle = process.argv.includes('--settle');
  const [bundle, storage] = process.argv.slice(2).filter((arg) => arg !== '--settle');
  activateBundle(path.resolve(bundle), storage === undefined ? undefined : path.resolve(storage)).then(async (run) => {
    process.stdout.write(JSON.stringify(run));
    // (setImmediate callbacks run in order: activate()'s, then this.)
    if (settle) await new Promise((resolve) => setImmediate(resolve));
    // Whatever activate() left scheduled (timers of the stubbed API) is not part of the measurement.
    process.exit(0);
  }, (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
