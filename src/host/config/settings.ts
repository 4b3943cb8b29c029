import * as vscode from 'vscode';
import { readUserSettings, type Settings } from './parseSettings';

export type { ApiKind, RetrySettings, Settings } from './parseSettings';

export const SECTION = 'modelAccess';

/** The settings from the user settings only (see readUserSettings for why). */
export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return readUserSettings((key) => config.inspect(key));
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
