// The one isRecord of src/: a leaf that imports nothing, so every layer (api, shared, host, webview)
// may use it; ESLint keeps it that way.

/** A plain object (not null, not an array): untrusted JSON and postMessage data are checked with it. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
