// Pure (no vscode): endpoint profiles from the modelAccess.profiles user setting.
//
// The existing modelAccess.baseUrl / modelAccess.api and the key stored under modelAccess.apiKey
// are the profile named "Default", without any migration: a user who never adds a profile sees
// exactly what they saw before.
import * as l10n from '@vscode/l10n';
import { extraHeaderProblem } from '../../api';
import { isRecord } from '../../util/isRecord';

export type ProfileApi = 'chat' | 'responses';

export interface Profile {
  name: string;
  baseUrl?: string;
  api: ProfileApi;
  /** Extra headers sent with every request to this endpoint (checked: never Authorization). */
  headers: Readonly<Record<string, string>>;
}

export const DEFAULT_PROFILE_NAME = 'Default';
export const MAX_PROFILE_NAME_LENGTH = 40;
/** The SecretStorage entry of the default profile: the one the extension always used. */
export const DEFAULT_KEY_SECRET_ID = 'modelAccess.apiKey';
const PROFILE_KEY_PREFIX = 'modelAccess.apiKey.profile:';

/** Where a profile's key lives in SecretStorage (the default profile keeps the historical entry). */
export function profileSecretId(name: string): string {
  return name === DEFAULT_PROFILE_NAME ? DEFAULT_KEY_SECRET_ID : `${PROFILE_KEY_PREFIX}${name}`;
}

/** The profile a SecretStorage entry belongs to, or undefined when it is not a profile key. */
export function profileOfSecretId(id: string): string | undefined {
  if (id === DEFAULT_KEY_SECRET_ID) return DEFAULT_PROFILE_NAME;
  return id.startsWith(PROFILE_KEY_PREFIX) ? id.slice(PROFILE_KEY_PREFIX.length) : undefined;
}

/** Why the name cannot name a profile, or undefined. */
export function profileNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return l10n.t('A profile needs a name.');
  if (trimmed.length > MAX_PROFILE_NAME_LENGTH) return l10n.t('A profile name has at most {0} characters.', MAX_PROFILE_NAME_LENGTH);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f/]/.test(trimmed)) return l10n.t('A profile name cannot contain "/" or control characters.');
  return undefined;
}

export interface ParsedProfiles {
  /** The default profile first, then the valid entries of modelAccess.profiles in their order. */
  profiles: Profile[];
  /** One sentence per refused entry (shown to the user; the entry is left out, nothing else is lost). */
  problems: string[];
}

function parseEntry(entry: unknown, index: number, taken: Set<string>): Profile | string {
  const where = `modelAccess.profiles[${index}]`;
  if (!isRecord(entry)) return l10n.t('{0} is not an object.', where);
  const name = typeof entry.name === 'string' ? entry.name.trim() : '';
  const nameProblem = profileNameProblem(name);
  if (nameProblem) return `${where}: ${nameProblem}`;
  if (taken.has(name.toLowerCase())) {
    return name.toLowerCase() === DEFAULT_PROFILE_NAME.toLowerCase()
      ? l10n.t('{0}: the name "{1}" is already used by the profile of modelAccess.baseUrl.', where, name)
      : l10n.t('{0}: the name "{1}" is already used.', where, name);
  }
  const baseUrl = typeof entry.baseUrl === 'string' && entry.baseUrl.trim() ? entry.baseUrl.trim() : undefined;
  if (!baseUrl) return l10n.t('{0} ("{1}") has no baseUrl.', where, name);
  if (entry.api !== undefined && entry.api !== 'chat' && entry.api !== 'responses') {
    return l10n.t('{0} ("{1}"): api must be "chat" or "responses".', where, name);
  }
  const headers: Record<string, string> = {};
  if (entry.headers !== undefined) {
    if (!isRecord(entry.headers)) return l10n.t('{0} ("{1}"): headers must be an object of header names and values.', where, name);
    for (const [header, value] of Object.entries(entry.headers)) {
      const problem = extraHeaderProblem(header, value);
      if (problem) return `${where} ("${name}"): ${problem}`;
      if (Object.keys(headers).some((seen) => seen.toLowerCase() === header.toLowerCase())) {
        return l10n.t('{0} ("{1}"): the header "{2}" is given twice.', where, name, header);
      }
      headers[header] = (value as string).trim();
    }
  }
  taken.add(name.toLowerCase());
  return { name, baseUrl, api: entry.api === 'responses' ? 'responses' : 'chat', headers };
}

/** The profiles: the default one (from modelAccess.baseUrl and .api) and the valid listed ones. */
export function parseProfiles(raw: unknown, fallback: { baseUrl?: string; api: ProfileApi }): ParsedProfiles {
  const profiles: Profile[] = [{ name: DEFAULT_PROFILE_NAME, baseUrl: fallback.baseUrl, api: fallback.api, headers: {} }];
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { profiles, problems };
  if (!Array.isArray(raw)) return { profiles, problems: ['modelAccess.profiles must be a list of profiles.'] };
  const taken = new Set([DEFAULT_PROFILE_NAME.toLowerCase()]);
  raw.forEach((entry, index) => {
    const parsed = parseEntry(entry, index, taken);
    if (typeof parsed === 'string') problems.push(parsed);
    else profiles.push(parsed);
  });
  return { profiles, problems };
}

/** The active profile: the one named, else the default (an unknown name falls back, it never errs). */
export function activeProfile(profiles: readonly Profile[], name: unknown): Profile {
  return profiles.find((profile) => profile.name === name) ?? profiles[0];
}

/** `profile / model` where there is more than one profile; the model alone otherwise (nothing changes for one endpoint). */
export function profileModelLabel(profileCount: number, profile: string | undefined, model: string): string {
  return profileCount > 1 && profile ? `${profile} / ${model}` : model;
}

/** The names written in a modelAccess.profiles value, valid entries or not. */
function namesIn(raw: unknown): string[] {
  return Array.isArray(raw)
    ? raw.flatMap((entry) => (isRecord(entry) && typeof entry.name === 'string' && entry.name.trim() ? [entry.name.trim()] : []))
    : [];
}

/**
 * The profile names that were in the `before` value of modelAccess.profiles and are not in `after`
 * (their keys are to be deleted). Compared as written, so an entry that only became invalid (a typo
 * in a header) keeps its key; the default profile's key is never deleted this way.
 */
export function removedProfiles(before: unknown, after: unknown): string[] {
  const kept = new Set(namesIn(after));
  return [...new Set(namesIn(before))].filter((name) => name !== DEFAULT_PROFILE_NAME && !kept.has(name));
}

/** The modelAccess.profiles value with one profile added (or replaced, by name), the rest kept as written. */
export function withProfile(raw: unknown, profile: { name: string; baseUrl: string; api: ProfileApi }): unknown[] {
  const list = Array.isArray(raw) ? raw.filter((entry) => !(isRecord(entry) && entry.name === profile.name)) : [];
  return [...list, { name: profile.name, baseUrl: profile.baseUrl, ...(profile.api === 'responses' ? { api: 'responses' } : {}) }];
}
