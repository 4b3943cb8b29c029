// Failures of the client as VS Code's LanguageModelError, so that every caller of
// vscode.lm (VS Code's chat, other extensions) sees the server's message, type and code.
import * as vscode from 'vscode';
import { ApiError } from '../../api';
import { ConfigurationError } from '../client/clientProvider';

export type LanguageModelErrorKind = 'NoPermissions' | 'NotFound' | 'Blocked' | undefined;

/** 401/403 → no permissions, 404 → not found; the rest keep the generic code. */
export function errorKind(status: number | undefined): LanguageModelErrorKind {
  if (status === 401 || status === 403) return 'NoPermissions';
  if (status === 404) return 'NotFound';
  return undefined;
}

/** The server's message with its type and code, as the sidebar chat shows them. */
export function describeApiError(error: ApiError): string {
  const details = [error.status !== undefined ? `HTTP ${error.status}` : undefined, error.type, error.code].filter(Boolean);
  return details.length > 0 ? `${error.message} (${details.join(', ')})` : error.message;
}

export function toLanguageModelError(error: unknown): unknown {
  if (error instanceof vscode.LanguageModelError) return error;
  if (error instanceof ConfigurationError) return vscode.LanguageModelError.NoPermissions(error.message);
  if (!(error instanceof ApiError)) return error;
  const message = describeApiError(error);
  switch (errorKind(error.status)) {
    case 'NoPermissions':
      return vscode.LanguageModelError.NoPermissions(message);
    case 'NotFound':
      return vscode.LanguageModelError.NotFound(message);
    default:
      return new vscode.LanguageModelError(message);
  }
}
