import * as vscode from 'vscode';
import { parseSettings, type Settings } from './parseSettings';

export { validateBaseUrl } from './baseUrl';
export type { ApiKind, RetrySettings, Settings } from './parseSettings';

export const SECTION = 'modelAccess';

export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return parseSettings({
    // Only the user (global) value: a workspace must never redirect the key to another host,
    // whatever the manifest's scope says.
    baseUrl: config.inspect<string>('baseUrl')?.globalValue,
    model: config.get('model'),
    api: config.get('api'),
    maxOutputTokens: config.get('maxOutputTokens'),
    maxRetries: config.get('retry.maxRetries'),
    initialDelayMs: config.get('retry.initialDelayMs'),
    systemPrompt: config.get('systemPrompt'),
    // What is sent with each request: user settings only, like the base URL.
    modelOptions: config.inspect('modelOptions')?.globalValue,
  });
}

/** Calls `listener` with the new settings whenever any `modelAccess.*` setting changes. */
export function onDidChangeSettings(listener: (settings: Settings) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(SECTION)) {
      listener(readSettings());
    }
  });
}

/**
 * Writes the active model where it takes effect: over a workspace value when the workspace sets one
 * (writing the user settings would be shadowed by it), else in the user settings.
 */
export async function setActiveModel(id: string): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const target = config.inspect<string>('model')?.workspaceValue !== undefined
    ? vscode.ConfigurationTarget.Workspace
    : vscode.ConfigurationTarget.Global;
  await config.update('model', id, target);
}

export async function setBaseUrl(url: string): Promise<void> {
  const value = url.trim();
  await vscode.workspace.getConfiguration(SECTION).update('baseUrl', value.length > 0 ? value : undefined, vscode.ConfigurationTarget.Global);
}
