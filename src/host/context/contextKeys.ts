import * as vscode from 'vscode';
import type { KeyStore } from '../auth/keyStore';
import type { Settings } from '../config/settings';

export interface ConfigState {
  hasApiKey: boolean;
  hasBaseUrl: boolean;
}

/**
 * `modelAccess.hasApiKey` / `modelAccess.hasBaseUrl` for the views' welcome content. Computed from
 * SecretStorage, the environment and settings only: no network.
 */
export async function updateContextKeys(keys: KeyStore, settings: Settings): Promise<ConfigState> {
  // A failing secret storage counts as "no key": the welcome view then offers the env fallback.
  const hasApiKey = (await keys.source(settings.profile.name).catch(() => undefined)) !== undefined;
  const hasBaseUrl = settings.baseUrl !== undefined;
  await vscode.commands.executeCommand('setContext', 'modelAccess.hasApiKey', hasApiKey);
  await vscode.commands.executeCommand('setContext', 'modelAccess.hasBaseUrl', hasBaseUrl);
  return { hasApiKey, hasBaseUrl };
}
