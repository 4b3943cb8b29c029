// Turns whatever a chat request threw into the error shown in the conversation, with the
// actions that can fix it. Duck-typed on purpose: errors cross module boundaries (ApiError from
// src/api, ConfigurationError from the client provider) and must map the same in plain Node tests.
import type { ErrorAction, ErrorInfo } from '../../shared/protocol';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** True for the error an aborted request ends with (Stop, New Chat, ...): not a failure. */
export function isAbortError(error: unknown): boolean {
  return isRecord(error) && error.name === 'AbortError';
}

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

function actionsForApiError(status: number | undefined, type: unknown, code: unknown): ErrorAction[] {
  // Codes the client assigns itself when it refuses to send: the fix is in the settings, not a retry.
  if (code === 'invalid_api_key_format') {
    return ['setApiKey'];
  }
  if (code === 'invalid_base_url') {
    return ['setBaseUrl'];
  }
  if (status !== undefined && status < 400) {
    // The reply started fine and then failed (an error inside the stream, a cut-off stream).
    return ['retry'];
  }
  if (status === undefined && (type !== 'network_error' || code === 'timeout')) {
    // No reply, but the server was reached (a timeout) or the cause is unknown: the address is not suspect.
    return ['retry'];
  }
  return actionsForStatus(status);
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (!isRecord(error)) {
    return { message: String(error), actions: ['retry'] };
  }
  const message = typeof error.message === 'string' && error.message ? error.message : 'The request failed.';
  if (error.name === 'ConfigurationError' && (error.action === 'setApiKey' || error.action === 'setBaseUrl')) {
    return { message, actions: [error.action] };
  }
  if (error.name === 'NoModelError') {
    return { message, actions: ['selectModel', 'refreshModels'] };
  }
  if (error.name !== 'ApiError') {
    // A bug or an unexpected failure: retrying is the only thing the user can do.
    return { message, actions: ['retry'] };
  }
  const status = typeof error.status === 'number' ? error.status : undefined;
  const info: ErrorInfo = { message, actions: actionsForApiError(status, error.type, error.code) };
  if (status !== undefined) info.status = status;
  if (typeof error.type === 'string') info.type = error.type;
  if (typeof error.code === 'string') info.code = error.code;
  return info;
}

/** No model is chosen: the user must pick one before chatting. */
export class NoModelError extends Error {
  override readonly name = 'NoModelError';

  constructor() {
    super('No model is selected. Pick one in the Models view or with "Model Access: Select Model".');
  }
}
