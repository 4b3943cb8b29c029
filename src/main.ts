// The extension's entry point (package.json "main": dist/extension.js). It loads the extension itself
// (src/extension.ts, bundled as dist/extension.body.js) through V8's code cache, which it writes once the first
// activation of a build is done (src/host/startup/codeCache.ts: why, and why it is safe).
import { join } from 'node:path';
import type * as vscode from 'vscode';
import type * as extension from './extension';
import { loadWithCodeCache } from './host/startup/codeCache';

/** The file name of src/extension.ts's bundle, beside this one's: set by esbuild.js, which writes both. */
declare const EXTENSION_BODY_FILE: string;

// The body's own require is this module's: `vscode` then resolves to this extension's API, and the body's
// lazy packages (./lazy/*.js) to the files beside it.
const body = loadWithCodeCache(join(__dirname, EXTENSION_BODY_FILE), require);
const loaded = body.exports as typeof extension;

export function activate(context: vscode.ExtensionContext): ReturnType<typeof extension.activate> {
  const hooks = loaded.activate(context);
  // After activation, in a task of its own: the start never waits for it. Once per build (and V8 update), 5-6 ms.
  setImmediate(() => body.saveCodeCache());
  return hooks;
}

export function deactivate(): ReturnType<typeof extension.deactivate> {
  return loaded.deactivate();
}
