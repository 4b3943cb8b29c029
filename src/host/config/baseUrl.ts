// Pure (no vscode): base URL checks shared by the settings reader and the Set Base URL command.

/**
 * Returns a warning for a base URL that is unlikely to work, or undefined when it looks right.
 * The URL is never rewritten: servers differ, and the user may know better.
 */
export function validateBaseUrl(url: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed.length === 0) {
    return 'The base URL is empty.';
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return `"${trimmed}" is not a valid URL (for example https://api.example.com/v1).`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return 'The base URL must start with http:// or https://.';
  }
  if (parsed.username || parsed.password) {
    return 'The base URL must not contain credentials; set the API key with "Model Access: Set API Key".';
  }
  if (parsed.protocol === 'http:' && !isLoopback(parsed.hostname)) {
    return 'The base URL uses http://, so the API key would travel unencrypted to another machine. Use https:// unless the server is on this machine.';
  }
  if (parsed.search || parsed.hash) {
    return 'The base URL should not contain a query or fragment.';
  }
  if (!/\/v1\/?$/.test(parsed.pathname)) {
    return 'The base URL usually ends in the version segment /v1 (for example https://api.example.com/v1).';
  }
  return undefined;
}

/** This machine: plain http to it never crosses a network. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}
