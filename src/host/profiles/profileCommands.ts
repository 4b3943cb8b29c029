import * as vscode from 'vscode';
import { checkBaseUrl } from '../../api';
import type { KeyStore } from '../auth/keyStore';
import { onDidChangeSettings, readSettings, SECTION, setActiveProfile } from '../config/settings';
import type { Log } from '../logging/log';
import { profileNameProblem, removedProfiles, withProfile, type Profile, type ProfileApi } from './profiles';

/**
 * The profile a command acts on: the only one, else the user's choice in a quick pick (the active
 * one first). Undefined when the user cancels.
 */
export async function pickProfile(title: string): Promise<string | undefined> {
  const settings = readSettings();
  if (settings.profiles.length < 2) {
    return settings.profile.name;
  }
  const items = settings.profiles
    .map((profile) => ({ label: profile.name, description: profile.baseUrl ?? vscode.l10n.t('(no base URL)'), active: profile.name === settings.profile.name }))
    .sort((a, b) => Number(b.active) - Number(a.active))
    .map(({ label, description, active }) => ({ label, description: active ? vscode.l10n.t('{0} · active', description) : description }));
  return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Model Access: {0}', title), placeHolder: vscode.l10n.t('Endpoint profile') }))?.label;
}

/** Select Endpoint Profile: the endpoint chats and the model list use from now on. `name` only from the tests. */
export async function selectProfileCommand(name?: unknown): Promise<string | undefined> {
  const chosen = typeof name === 'string' ? name : await pickProfile(vscode.l10n.t('Select Endpoint Profile'));
  if (chosen === undefined) {
    return undefined;
  }
  if (!readSettings().profiles.some((profile: Profile) => profile.name === chosen)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Model Access: there is no endpoint profile named "{0}".', chosen));
    return undefined;
  }
  await setActiveProfile(chosen);
  return chosen;
}

export interface AddProfileAnswers {
  name: string;
  baseUrl: string;
  api?: ProfileApi;
  /** The key, instead of the Set API Key box. */
  key?: string;
}

/**
 * Add Endpoint Profile…: name, base URL and API in input boxes, written to modelAccess.profiles in
 * the user settings, then Set API Key for it — no JSON to edit. `answers` only from the tests.
 */
export async function addProfileCommand(setKey: (profile: string, key?: string) => Promise<unknown>, answers?: AddProfileAnswers): Promise<string | undefined> {
  const taken = new Set(readSettings().profiles.map((profile) => profile.name.toLowerCase()));
  const nameCheck = (value: string): string | undefined =>
    profileNameProblem(value) ?? (taken.has(value.trim().toLowerCase()) ? vscode.l10n.t('A profile named "{0}" exists already.', value.trim()) : undefined);
  const urlCheck = (value: string): string | undefined => {
    const checked = checkBaseUrl(value.trim());
    return checked.ok ? undefined : checked.reason;
  };
  const name = answers?.name ?? await vscode.window.showInputBox({
    title: vscode.l10n.t('Model Access: Add Endpoint Profile ({0}/{1})', 1, 3), prompt: vscode.l10n.t('A short name for the endpoint, e.g. "Local" or "Team account".'),
    ignoreFocusOut: true, validateInput: nameCheck,
  });
  if (name === undefined) return undefined;
  const baseUrl = answers?.baseUrl ?? await vscode.window.showInputBox({
    title: vscode.l10n.t('Model Access: Add Endpoint Profile ({0}/{1})', 2, 3), prompt: vscode.l10n.t('Base URL, ending in /v1'), placeHolder: 'https://api.example.com/v1',
    ignoreFocusOut: true, validateInput: urlCheck,
  });
  if (baseUrl === undefined) return undefined;
  const problem = nameCheck(name) ?? urlCheck(baseUrl);
  if (problem) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Model Access: {0}', problem));
    return undefined;
  }
  const api = answers ? answers.api ?? 'chat' : (await vscode.window.showQuickPick(
    // The API's own names for its two operations: not words to translate.
    // eslint-disable-next-line no-restricted-syntax
    [{ label: 'chat', description: '/chat/completions' }, { label: 'responses', description: '/responses' }],
    { title: vscode.l10n.t('Model Access: Add Endpoint Profile ({0}/{1})', 3, 3), placeHolder: vscode.l10n.t('API the endpoint is used through') },
  ))?.label as ProfileApi | undefined;
  if (api === undefined) return undefined;
  const config = vscode.workspace.getConfiguration(SECTION);
  const trimmed = name.trim();
  await config.update('profiles', withProfile(config.inspect('profiles')?.globalValue, { name: trimmed, baseUrl: baseUrl.trim(), api }), vscode.ConfigurationTarget.Global);
  await setKey(trimmed, answers?.key);
  return trimmed;
}

/**
 * Deletes the stored key of every profile removed from modelAccess.profiles (by hand in
 * settings.json or otherwise): a key is kept only as long as its endpoint is.
 */
export function deleteKeysOfRemovedProfiles(keys: KeyStore, log: Log): vscode.Disposable {
  // The user's own value only, as every setting (see readUserSettings).
  const written = (): unknown => vscode.workspace.getConfiguration(SECTION).inspect('profiles')?.globalValue;
  let before = written();
  return onDidChangeSettings(() => {
    const after = written();
    const removed = removedProfiles(before, after);
    before = after;
    for (const name of removed) {
      keys.clear(name).then(
        () => log.info(`Deleted the stored API key of the removed profile "${name}".`),
        (error: unknown) => log.warn(`Could not delete the API key of the removed profile "${name}": ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  });
}
