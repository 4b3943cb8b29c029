/**
 * Spec section 5: `Authorization: Bearer <API_KEY>`, exactly. The scheme is matched
 * case-sensitively as the spec writes it, with one space and no whitespace around or inside
 * the key: anything else is "a wrong Bearer format" (401), never silently repaired.
 */
import type { KeyConfig } from './config';
import { HttpError } from './httpError';

const authFailure = (code: string, message: string): HttpError =>
  new HttpError(401, 'authentication_error', code, message);

/** The key the header presents, or a 401 when the header is missing or malformed. Does not look the key up. */
export function presentedKey(header: string | undefined): string {
  if (header === undefined || header === '') {
    throw authFailure('missing_api_key', 'No API key provided. Send the header "Authorization: Bearer <API_KEY>".');
  }
  const match = /^Bearer ([^\s]+)$/.exec(header);
  if (match === null) {
    throw authFailure('invalid_authorization_header',
      'Malformed Authorization header. Expected exactly "Bearer <API_KEY>" with no extra whitespace.');
  }
  return match[1];
}

/** The configured key the header names, or a 401. Error messages never repeat the key. */
export function authenticate(header: string | undefined, keys: readonly KeyConfig[]): KeyConfig {
  const key = presentedKey(header);
  const found = keys.find((k) => k.key === key);
  if (found === undefined) throw authFailure('invalid_api_key', 'Incorrect API key provided.');
  return found;
}
