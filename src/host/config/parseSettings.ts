// Pure (no vscode): turns raw configuration values into trusted Settings, so a bad value
// in settings.json falls back to the default instead of reaching the client.
import { DEFAULT_INITIAL_DELAY_MS, DEFAULT_MAX_RETRIES, MAX_RETRIES_LIMIT, MAX_RETRY_AFTER_MS, type StreamLimits } from '../../api';
import { parseModelOptions, type ModelOptions } from '../modelOptions/modelOptions';
import { activeProfile, parseProfiles, type Profile } from '../profiles/profiles';
import { parseAnswerLimits } from './answerLimits';
import { parseContextWindows, type ContextWindows } from '../contextWindow/contextWindowSetting';

export type ApiKind = 'chat' | 'responses';

export interface RetrySettings {
  maxRetries: number;
  initialDelayMs: number;
}

export interface Settings {
  /** The active profile's base URL (the default profile's is modelAccess.baseUrl). */
  baseUrl?: string;
  model?: string;
  /** The active profile's API. */
  api: ApiKind;
  /** The endpoint profiles, the default one first (modelAccess.baseUrl/api + modelAccess.profiles). */
  profiles: Profile[];
  /** The active one (modelAccess.activeProfile; an unknown name means the default). */
  profile: Profile;
  /** Why entries of modelAccess.profiles were left out. */
  profileProblems: string[];
  /** Unset means "not sent": the service decides. */
  maxOutputTokens?: number;
  retry: RetrySettings;
  systemPrompt?: string;
  /** Ask for streamed answers (default). Off: plain JSON replies, except for models that only stream. */
  stream: boolean;
  /** Models that may call tools in VS Code's chat besides those whose /models record says so. */
  toolCallingModels: string[];
  /** The answer size limit and the data timeouts, passed to every chat call (see answerLimits.ts). */
  limits: Required<StreamLimits>;
  /** Per-model temperature, top_p and reasoning effort (modelAccess.modelOptions), only those set. */
  modelOptions: ModelOptions;
  /** Per-model context window in tokens stated by the user (modelAccess.contextWindow); wins over the /models record. */
  contextWindows: ContextWindows;
}

/** The configuration values as read, untyped because settings.json can hold anything. */
export interface RawSettings {
  baseUrl?: unknown;
  model?: unknown;
  api?: unknown;
  maxOutputTokens?: unknown;
  maxRetries?: unknown;
  initialDelayMs?: unknown;
  systemPrompt?: unknown;
  stream?: unknown;
  toolCallingModels?: unknown;
  maxAnswerChars?: unknown;
  firstTokenTimeoutSeconds?: unknown;
  idleTimeoutSeconds?: unknown;
  modelOptions?: unknown;
  profiles?: unknown;
  activeProfile?: unknown;
  contextWindow?: unknown;
}

/**
 * Every setting the extension reads, by its key under `modelAccess.`. Each one shapes a request or
 * where it goes, so each is read from the user settings only (see readUserSettings); a test keeps
 * this list and package.json's `contributes.configuration` in step.
 */
export const SETTING_KEYS: Readonly<Record<keyof RawSettings, string>> = {
  baseUrl: 'baseUrl',
  model: 'model',
  api: 'api',
  maxOutputTokens: 'maxOutputTokens',
  maxRetries: 'retry.maxRetries',
  initialDelayMs: 'retry.initialDelayMs',
  systemPrompt: 'systemPrompt',
  stream: 'stream',
  toolCallingModels: 'languageModels.toolCallingModels',
  maxAnswerChars: 'maxAnswerChars',
  firstTokenTimeoutSeconds: 'firstTokenTimeoutSeconds',
  idleTimeoutSeconds: 'idleTimeoutSeconds',
  modelOptions: 'modelOptions',
  profiles: 'profiles',
  activeProfile: 'activeProfile',
  contextWindow: 'contextWindow',
};

/** The retry defaults and bounds are the API client's own (package.json repeats them; a test keeps them equal). */
export const DEFAULT_RETRY: Readonly<RetrySettings> = { maxRetries: DEFAULT_MAX_RETRIES, initialDelayMs: DEFAULT_INITIAL_DELAY_MS };

function nonEmptyTrimmed(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

function integerInRange(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

export function parseSettings(raw: RawSettings): Settings {
  const systemPrompt = typeof raw.systemPrompt === 'string' && raw.systemPrompt.trim().length > 0 ? raw.systemPrompt : undefined;
  const { profiles, problems } = parseProfiles(raw.profiles, { baseUrl: nonEmptyTrimmed(raw.baseUrl), api: raw.api === 'responses' ? 'responses' : 'chat' });
  const profile = activeProfile(profiles, raw.activeProfile);
  return {
    baseUrl: profile.baseUrl,
    model: nonEmptyTrimmed(raw.model),
    api: profile.api,
    profiles,
    profile,
    profileProblems: problems,
    maxOutputTokens: integerInRange(raw.maxOutputTokens, 1, Number.MAX_SAFE_INTEGER),
    retry: {
      maxRetries: integerInRange(raw.maxRetries, 0, MAX_RETRIES_LIMIT) ?? DEFAULT_RETRY.maxRetries,
      initialDelayMs: integerInRange(raw.initialDelayMs, 0, MAX_RETRY_AFTER_MS) ?? DEFAULT_RETRY.initialDelayMs,
    },
    systemPrompt,
    stream: raw.stream !== false,
    toolCallingModels: Array.isArray(raw.toolCallingModels)
      ? raw.toolCallingModels.map(nonEmptyTrimmed).filter((id): id is string => id !== undefined)
      : [],
    limits: parseAnswerLimits(raw),
    modelOptions: parseModelOptions(raw.modelOptions),
    contextWindows: parseContextWindows(raw.contextWindow),
  };
}

/** The settings as they apply to requests to the named profile (the active one when absent or unknown). */
export function settingsForProfile(settings: Settings, name: string | undefined): Settings {
  if (name === undefined || name === settings.profile.name) return settings;
  const profile = settings.profiles.find((candidate) => candidate.name === name);
  return profile ? { ...settings, profile, baseUrl: profile.baseUrl, api: profile.api } : settings;
}

/** What WorkspaceConfiguration.inspect() returns, as far as the reader looks at it. */
export interface InspectedValue {
  globalValue?: unknown;
}

/**
 * The settings from the user's own settings only. A workspace or folder value (a cloned
 * repository's .vscode/settings.json) is never read, whatever the manifest's scope says: it could
 * send the key elsewhere, add a hidden system prompt, raise the token bill or pick the model.
 */
export function readUserSettings(inspect: (key: string) => InspectedValue | undefined): Settings {
  const raw: RawSettings = {};
  for (const [field, key] of Object.entries(SETTING_KEYS) as [keyof RawSettings, string][]) {
    raw[field] = inspect(key)?.globalValue;
  }
  return parseSettings(raw);
}
