// The rule for extra request headers (an endpoint profile's `headers`): one place, used by the
// client before it sends and by the extension when it reads the setting.

/**
 * Headers an extra header may never set: the key travels only in Authorization (set by the client
 * from the key store), and the rest are framing, routing or credentials that the client or the
 * HTTP stack owns. Lower case.
 */
const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'host', 'content-length', 'content-type',
  'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect', 'accept',
  'proxy-connection', 'x-api-key', 'api-key',
]);

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, space and tab; no line breaks or other control characters (no header injection). */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;
export const MAX_HEADER_VALUE_LENGTH = 4096;

/** Why the header is refused, or undefined when it may be sent. */
export function extraHeaderProblem(name: string, value: unknown): string | undefined {
  if (!TOKEN.test(name)) {
    return `"${name.slice(0, 40)}" is not a valid header name.`;
  }
  const lower = name.toLowerCase();
  if (RESERVED_HEADERS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')) {
    return `the header "${name}" cannot be set: ${lower === 'authorization' || lower === 'x-api-key' || lower === 'api-key'
      ? 'the API key is sent only from secret storage, in the Authorization header'
      : 'it is set by the client or the network layer, or carries credentials'}.`;
  }
  if (typeof value !== 'string') {
    return `the value of "${name}" must be a string.`;
  }
  if (!FIELD_VALUE.test(value) || value.length > MAX_HEADER_VALUE_LENGTH) {
    return `the value of "${name}" must be printable ASCII on one line, at most ${MAX_HEADER_VALUE_LENGTH} characters.`;
  }
  return undefined;
}

/** The headers, checked; throws a TypeError naming the first refused one. */
export function checkExtraHeaders(headers: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  const checked: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(headers ?? {})) {
    const problem = extraHeaderProblem(name, value);
    if (problem) throw new TypeError(`Extra header refused: ${problem}`);
    if (seen.has(name.toLowerCase())) throw new TypeError(`Extra header refused: "${name}" is given twice.`);
    seen.add(name.toLowerCase());
    checked[name.toLowerCase()] = (value as string).trim();
  }
  return checked;
}
