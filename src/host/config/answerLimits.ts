// Pure (no vscode): the answer guards from raw settings values. See guardStream in src/api.
import type { StreamLimits } from '../../api';

/** The raw values of `modelAccess.maxAnswerChars`, `.firstTokenTimeoutSeconds`, `.idleTimeoutSeconds`. */
export interface RawAnswerLimits {
  maxAnswerChars?: unknown;
  firstTokenTimeoutSeconds?: unknown;
  idleTimeoutSeconds?: unknown;
}

/** The defaults, also declared in package.json (a unit test keeps the two in step); read through readUserSettings. */
export const DEFAULT_ANSWER_LIMITS = {
  /** About 4 MB of text: far more than any real answer, far less than what stalls the editor. */
  maxAnswerChars: 4_000_000,
  /** Long enough for a slow model to read a long prompt (and reasoning counts as a token). */
  firstTokenTimeoutSeconds: 300,
  idleTimeoutSeconds: 120,
} as const;

export const ANSWER_LIMIT_RANGES = {
  maxAnswerChars: { min: 1_000, max: 100_000_000 },
  firstTokenTimeoutSeconds: { min: 1, max: 3_600 },
  idleTimeoutSeconds: { min: 1, max: 3_600 },
} as const;

function inRange(value: unknown, range: { min: number; max: number }): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max ? value : undefined;
}

/** Out-of-range or wrongly typed values fall back to the default (a bad setting never disables a guard). */
export function parseAnswerLimits(raw: RawAnswerLimits): Required<StreamLimits> {
  const pick = (name: keyof RawAnswerLimits): number => inRange(raw[name], ANSWER_LIMIT_RANGES[name]) ?? DEFAULT_ANSWER_LIMITS[name];
  return {
    maxAnswerChars: pick('maxAnswerChars'),
    firstTokenTimeoutMs: pick('firstTokenTimeoutSeconds') * 1000,
    idleTimeoutMs: pick('idleTimeoutSeconds') * 1000,
  };
}
