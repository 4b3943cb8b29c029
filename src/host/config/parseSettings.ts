// Pure (no vscode): turns raw configuration values into trusted Settings, so a bad value
// in settings.json falls back to the default instead of reaching the client.
import { parseModelOptions, type ModelOptions } from '../modelOptions/modelOptions';

export type ApiKind = 'chat' | 'responses';

export interface RetrySettings {
  maxRetries: number;
  initialDelayMs: number;
}

export interface Settings {
  baseUrl?: string;
  model?: string;
  api: ApiKind;
  /** Unset means "not sent": the service decides. */
  maxOutputTokens?: number;
  retry: RetrySettings;
  systemPrompt?: string;
  /** Per-model temperature, top_p and reasoning effort (modelAccess.modelOptions), only those set. */
  modelOptions: ModelOptions;
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
  modelOptions?: unknown;
}

export const DEFAULT_RETRY: Readonly<RetrySettings> = { maxRetries: 3, initialDelayMs: 500 };
const MAX_RETRIES_LIMIT = 10;
const INITIAL_DELAY_LIMIT_MS = 60_000;

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
  return {
    baseUrl: nonEmptyTrimmed(raw.baseUrl),
    model: nonEmptyTrimmed(raw.model),
    api: raw.api === 'responses' ? 'responses' : 'chat',
    maxOutputTokens: integerInRange(raw.maxOutputTokens, 1, Number.MAX_SAFE_INTEGER),
    retry: {
      maxRetries: integerInRange(raw.maxRetries, 0, MAX_RETRIES_LIMIT) ?? DEFAULT_RETRY.maxRetries,
      initialDelayMs: integerInRange(raw.initialDelayMs, 0, INITIAL_DELAY_LIMIT_MS) ?? DEFAULT_RETRY.initialDelayMs,
    },
    systemPrompt,
    modelOptions: parseModelOptions(raw.modelOptions),
  };
}
