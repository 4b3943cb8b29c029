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
    .map((profile) => ({ label: profile.name, description: profile.baseUrl ?? '(no base URL)', active: profile.name === settings.profile.name }))
    .sort((a, b) => Number(b.active) - Number(a.active))
    .map(({ label, description, active }) => ({ label, description: active ? `${description} · active` : description }));
  return (await vscode.window.showQuickPick(items, { title: `Model Access: ${title}`, placeHolder: 'Endpoint profile' }))?.label;
}

/** Select Endpoint Profile: the endpoint chats and the model list use from now on. `name` only from the tests. */
export async function selectProfileCommand(name?: unknown): Promise<string | undefined> {
  const chosen = typeof name === 'string' ? name : await pickProfile('Select Endpoint Profile');
  if (chosen === undefined) {
    return undefined;
  }
  if (!readSettings().profiles.some((profile: Profile) => profile.name === chosen)) {
    void vscode.window.showErrorMessage(`Model Access: there is no endpoint profile named "${chosen}".`);
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
    profileNameProblem(value) ?? (taken.has(value.trim().toLowerCase()) ? `A profile named "${value.trim()}" exists already.` : undefined);
  const urlCheck = (value: string): string | undefined => {
    const checked = checkBaseUrl(value.trim());
    return checked.ok ? undefined : checked.reason;
  };
  const name = answers?.name ?? await vscode.window.showInputBox({
    title: 'Model Access: Add Endpoint Profile (1/3)', prompt: 'A short name for the endpoint, e.g. "Local" or "Team account".',
    ignoreFocusOut: true, validateInput: nameCheck,
  });
  if (name === undefined) return undefined;
  const baseUrl = answers?.baseUrl ?? await vscode.window.showInputBox({
    title: 'Model Access: Add Endpoint Profile (2/3)', prompt: 'Base URL, ending in /v1', placeHolder: 'https://api.example.com/v1',
    ignoreFocusOut: true, validateInput: urlCheck,
  });
  if (baseUrl === undefined) return undefined;
  const problem = nameCheck(name) ?? urlCheck(baseUrl);
  if (problem) {
    void vscode.window.showErrorMessage(`Model Access: ${problem}`);
    return undefined;
  }
  const api = answers ? answers.api ?? 'chat' : (await vscode.window.showQuickPick(
    [{ label: 'chat', description: '/chat/completions' }, { label: 'responses', description: '/responses' }],
    { title: 'Model Access: Add Endpoint Profile (3/3)', placeHolder: 'API the endpoint is used through' },
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
