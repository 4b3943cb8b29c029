// Turns whatever a chat request threw into the error shown in the conversation, with the
// actions that can fix it. Errors are recognized by the API client's own classes and codes
// (ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_TYPES), never by copies of their strings.
import * as l10n from '@vscode/l10n';
import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_TYPES, ROUTE_ERROR_CODES, isContextLengthError } from '../../api';
import type { ErrorAction, ErrorInfo } from '../../shared/protocol';
import { ConfigurationError } from '../client/configurationError';

export { isAbortError } from '../../api';

/** Actions for an HTTP status (undefined = no reply at all: a network-level failure). */
export function actionsForStatus(status: number | undefined): ErrorAction[] {
  if (status === undefined) {
    // Connection refused or DNS failure is most often a wrong base URL.
    return ['retry', 'setBaseUrl'];
  }
  if (status === 401) {
    return ['setApiKey'];
  }
  if (status === 403) {
    // Key permissions, balance, or a model this key may not use.
    return ['setApiKey', 'selectModel'];
  }
  if (status === 404) {
    return ['refreshModels', 'setBaseUrl'];
  }
  if (status === 429 || status >= 500) {
    return ['retry'];
  }
  return [];
}

function actionsForApiError(error: ApiError): ErrorAction[] {
  const { status, type, code } = error;
  // Codes the client assigns itself when it refuses to send: the fix is in the settings, not a retry.
  if (code === CLIENT_ERROR_CODES.invalidApiKey) {
    return ['setApiKey'];
  }
  if (code === CLIENT_ERROR_CODES.invalidBaseUrl) {
    return ['setBaseUrl'];
  }
  if (isContextLengthError(error)) {
    // Too long for the model's window: sending it again as it is cannot help.
    return ['dropEarlierAndRetry', 'newChatWithSummary'];
  }
  if (code !== undefined && ROUTE_ERROR_CODES.includes(code)) {
    // The proxy or a certificate: the message names the setting; the base URL is not suspect.
    return ['retry'];
  }
  if (status !== undefined && status < 400) {
    // The reply started fine and then failed (an error inside the stream, a cut-off stream).
    return ['retry'];
  }
  if (status === undefined && (type !== CLIENT_ERROR_TYPES.network || code === CLIENT_ERROR_CODES.timeout)) {
    // No reply, but the server was reached (a timeout) or the cause is unknown: the address is not suspect.
    return ['retry'];
  }
  return actionsForStatus(status);
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (!(error instanceof Error)) {
    return { message: String(error), actions: ['retry'] };
  }
  const message = error.message || l10n.t('The request failed.');
  if (error instanceof ConfigurationError) {
    return { message, actions: [error.action] };
  }
  if (error instanceof NoModelError) {
    return { message, actions: ['selectModel', 'refreshModels'] };
  }
  if (!(error instanceof ApiError)) {
    // A bug or an unexpected failure: retrying is the only thing the user can do.
    return { message, actions: ['retry'] };
  }
  const info: ErrorInfo = { message, actions: actionsForApiError(error) };
  if (error.status !== undefined) info.status = error.status;
  if (error.type !== undefined) info.type = error.type;
  if (error.code !== undefined) info.code = error.code;
  return info;
}

/** No model is chosen: the user must pick one before chatting. */
export class NoModelError extends Error {
  override readonly name = 'NoModelError';

  constructor() {
    super(l10n.t('No model is selected. Pick one in the Models view or with "Model Access: Select Model".'));
  }
}
