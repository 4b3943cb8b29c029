import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_TYPES } from './errors';

function refuse(reason: string): never {
  throw new ApiError(`The API key is not valid: ${reason}`, {
    type: CLIENT_ERROR_TYPES.invalidRequest,
    code: CLIENT_ERROR_CODES.invalidApiKey,
  });
}

/**
 * The key as it will be sent: whitespace around it is trimmed (copy-paste adds it); a key that is
 * empty or has whitespace or control characters inside could only be refused by the server with a
 * confusing 401, or would break the header, so it is refused here before anything is sent.
 * The messages never repeat the key.
 */
export function validateApiKey(key: string): string {
  if (typeof key !== 'string') throw new TypeError('The API key must be a string.');
  const trimmed = key.trim();
  if (trimmed === '') refuse('it is empty.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) refuse('it contains control characters (a line break or tab inside the key?).');
  if (/^bearer\s/i.test(trimmed)) refuse('paste the key alone, without "Bearer ".');
  if (/\s/.test(trimmed)) refuse('it contains whitespace inside it. Copy the key again from the control panel.');
  // HTTP header values are bytes; anything outside Latin-1 cannot be a key the service issued.
  if (/[^\u0020-\u007e]/.test(trimmed)) refuse('it contains characters that cannot appear in a key (non-ASCII).');
  return trimmed;
}

/**
 * A form of the key that is safe to show or log: at most the first 3 and last 4 characters.
 * Keys too short for that to hide most of them are masked completely.
 */
export function maskKey(key: string): string {
  const trimmed = typeof key === 'string' ? key.trim() : '';
  if (trimmed.length === 0) return '';
  const shown = 7;
  // Never reveal more than about a third of the key.
  if (trimmed.length < shown * 3) return '********';
  return `${trimmed.slice(0, 3)}…${trimmed.slice(-4)}`;
}
