// Pure (no vscode): used by the log channel and by anything that reports errors or diagnostics.

const REPLACEMENT = '[redacted]';

/** Bearer credentials, `api_key=`-style pairs and `user:pass@` in URLs, whatever the key is. */
const CREDENTIAL_PATTERNS: readonly RegExp[] = [
  /(\bBearer\s+)[^\s"',;]+/gi,
  // Base URLs with credentials are refused before use; this is the second line of defence.
  /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"']+(?=@)/gi,
  /(\b(?:api[_-]?key|authorization|x-api-key)["']?\s*[:=]\s*["']?)(?!Bearer\s|\[redacted\])[^\s"',;&]+/gi,
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Removes every occurrence of the given secrets and anything shaped like a credential.
 * Applied defensively to all logged text: the key must never reach a log, even through an error message.
 */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  const known = secrets
    .map((secret) => secret?.trim())
    .filter((secret): secret is string => !!secret && secret.length > 0)
    // Longest first, so that a secret containing another is removed whole.
    .sort((a, b) => b.length - a.length);
  for (const secret of known) {
    result = result.replace(new RegExp(escapeRegExp(secret), 'g'), REPLACEMENT);
  }
  for (const pattern of CREDENTIAL_PATTERNS) {
    result = result.replace(pattern, (_match, prefix: string) => `${prefix}${REPLACEMENT}`);
  }
  return result;
}
