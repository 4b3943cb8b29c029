import * as vscode from 'vscode';
import type { KeyStore } from '../auth/keyStore';
import type { Settings } from '../config/settings';
import { CONTEXT_KEYS, type ContextKey } from './contextKeyNames';

export interface ConfigState {
  hasApiKey: boolean;
  hasBaseUrl: boolean;
}

/**
 * Sets the extension's context keys and remembers the last value set, which VS Code offers no way
 * to read back (the in-host tests read it here).
 */
export class ContextKeys {
  private readonly values = new Map<ContextKey, boolean>();

  async set(key: ContextKey, value: boolean): Promise<void> {
    await vscode.commands.executeCommand('setContext', key, value);
    this.values.set(key, value);
  }

  /** The last value set, or undefined when the extension has not set `key` yet. */
  get(key: ContextKey): boolean | undefined {
    return this.values.get(key);
  }
}

/**
 * `modelAccess.hasApiKey` / `hasBaseUrl` / `hasModel` for the views' welcome content and the
 * walkthrough. Computed from SecretStorage, the environment and settings only: no network.
 */
export async function updateContextKeys(contextKeys: ContextKeys, keys: KeyStore, settings: Settings): Promise<ConfigState> {
  // A failing secret storage counts as "no key": the welcome view then offers the env fallback.
  const hasApiKey = (await keys.source(settings.profile.name).catch(() => undefined)) !== undefined;
  const hasBaseUrl = settings.baseUrl !== undefined;
  await contextKeys.set(CONTEXT_KEYS.hasApiKey, hasApiKey);
  await contextKeys.set(CONTEXT_KEYS.hasBaseUrl, hasBaseUrl);
  await contextKeys.set(CONTEXT_KEYS.hasModel, settings.model !== undefined);
  return { hasApiKey, hasBaseUrl };
}
