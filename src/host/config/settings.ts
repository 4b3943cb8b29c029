import * as vscode from 'vscode';
import { readUserSettings, type Settings } from './parseSettings';
import { ChangeCache } from './settingsCache';

export type { ApiKind, RetrySettings, Settings } from './parseSettings';

export const SECTION = 'modelAccess';

const cache = new ChangeCache<Settings>(() => {
  const config = vscode.workspace.getConfiguration(SECTION);
  return readUserSettings((key) => config.inspect(key));
});

/**
 * The settings from the user settings only (see readUserSettings for why); frozen, and the same
 * object until a modelAccess setting changes (once watchSettings runs).
 */
export function readSettings(): Settings {
  return cache.get();
}

/**
 * Lets readSettings keep its answer until a modelAccess setting changes. Call it first in activate():
 * VS Code calls change listeners in the order they were added, so every later listener of the
 * extension reads the new settings (VS Code updates the values and fires the event in one step).
 */
export function watchSettings(): vscode.Disposable {
  const unwatch = cache.watch();
  const listener = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(SECTION)) cache.invalidate();
  });
  return { dispose: () => { listener.dispose(); unwatch(); } };
}

/** Calls `listener` with the new settings whenever any `modelAccess.*` setting changes. */
export function onDidChangeSettings(listener: (settings: Settings) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(SECTION)) {
      listener(readSettings());
    }
  });
}

/** Select Model and Use for Chat write the user settings: the only place the model is read from. */
export async function setActiveModel(id: string): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update('model', id, vscode.ConfigurationTarget.Global);
}

export async function setBaseUrl(url: string): Promise<void> {
  const value = url.trim();
  await vscode.workspace.getConfiguration(SECTION).update('baseUrl', value.length > 0 ? value : undefined, vscode.ConfigurationTarget.Global);
}

/** Switches the endpoint profile (and, when given, the model) in the user settings. */
export async function setActiveProfile(name: string, model?: string): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  await config.update('activeProfile', name, vscode.ConfigurationTarget.Global);
  if (model !== undefined) {
    await config.update('model', model, vscode.ConfigurationTarget.Global);
  }
}
