import * as vscode from 'vscode';
import { validateApiKey } from '../../api';
import type { KeyStore } from '../auth/keyStore';
import { DEFAULT_PROFILE_NAME } from '../profiles/profiles';

/** The reason a key is refused, from the client's own rules, or undefined when it is acceptable. */
export function apiKeyProblem(value: string): string | undefined {
  try {
    validateApiKey(value);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Set API Key: a password box; the key is trimmed and checked before it is stored.
 * `key` lets tests and other commands pass one without the box.
 */
export async function setApiKeyCommand(keys: KeyStore, key?: unknown, profile?: string): Promise<boolean> {
  const named = profile !== undefined && profile !== DEFAULT_PROFILE_NAME ? profile : undefined;
  const entered = typeof key === 'string'
    ? key
    : await vscode.window.showInputBox({
      title: named === undefined ? vscode.l10n.t('Model Access: Set API Key') : vscode.l10n.t('Model Access: Set API Key for "{0}"', named),
      prompt: vscode.l10n.t('Paste the API key created in the control panel. It is stored in VS Code\'s secret storage, never in settings.'),
      placeHolder: vscode.l10n.t('API key'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.length === 0 ? undefined : apiKeyProblem(value)),
    });
  if (entered === undefined) {
    return false;
  }
  const problem = apiKeyProblem(entered);
  if (problem) {
    void vscode.window.showErrorMessage(problem);
    return false;
  }
  try {
    await keys.set(entered.trim(), profile);
  } catch (error) {
    void vscode.window.showErrorMessage(errorMessage(error));
    return false;
  }
  void vscode.window.showInformationMessage(named === undefined
    ? vscode.l10n.t('Model Access: the API key is stored.')
    : vscode.l10n.t('Model Access: the API key for "{0}" is stored.', named));
  return true;
}

export async function clearApiKeyCommand(keys: KeyStore, profile?: string): Promise<void> {
  try {
    await keys.clear(profile);
  } catch (error) {
    void vscode.window.showErrorMessage(errorMessage(error));
    return;
  }
  const remaining = await keys.source(profile).catch(() => undefined);
  void vscode.window.showInformationMessage(remaining === 'environment'
    ? vscode.l10n.t('Model Access: the stored API key is cleared. The key from the MODEL_ACCESS_API_KEY environment variable is still used.')
    : vscode.l10n.t('Model Access: the API key is cleared.'));
}
