// Pure (no vscode): the modelAccess.contextWindow user setting, `{ "<model id>": tokens }`, for
// servers whose /models record gives no context size.

export const CONTEXT_WINDOW_SETTING = 'modelAccess.contextWindow';
/** Bounds of one entry (package.json repeats them; the manifest test keeps them equal). */
export const CONTEXT_WINDOW_MIN = 1;
export const CONTEXT_WINDOW_MAX = 100_000_000;

export type ContextWindows = Readonly<Record<string, number>>;

/** Entries that are not a whole number of tokens in range are dropped (as if not set). */
export function parseContextWindows(value: unknown): ContextWindows {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const windows: Record<string, number> = {};
  for (const [model, tokens] of Object.entries(value as Record<string, unknown>)) {
    if (typeof tokens === 'number' && Number.isInteger(tokens) && tokens >= CONTEXT_WINDOW_MIN && tokens <= CONTEXT_WINDOW_MAX && model.trim() !== '') {
      windows[model] = tokens;
    }
  }
  return windows;
}

/** The window the user stated for `model`, if any (own keys only: a model named "constructor" is not a prototype hit). */
export function contextWindowFor(windows: ContextWindows | undefined, model: string): number | undefined {
  return windows && Object.prototype.hasOwnProperty.call(windows, model) ? windows[model] : undefined;
}
