import * as vscode from 'vscode';
import { checkBaseUrl } from '../../api';
import { readSettings, setBaseUrl } from '../config/settings';

/**
 * Why the URL cannot be saved (the client's own rule: not http(s), credentials, a query), or
 * undefined. An empty value is allowed: it clears the setting.
 */
function refusal(value: string): string | undefined {
  if (value.trim().length === 0) {
    return undefined;
  }
  const check = checkBaseUrl(value);
  return check.ok ? undefined : vscode.l10n.t('The base URL is not valid: {0}', check.reason);
}

function warningsFor(value: string): string | undefined {
  const check = value.trim() ? checkBaseUrl(value) : undefined;
  return check?.ok && check.warnings.length > 0 ? check.warnings.join(' ') : undefined;
}

/**
 * Set Base URL: an input box prefilled with the current value; a refused URL cannot be accepted, a
 * warning (no /v1, http:// to another machine) shows but does not block. `url` lets tests pass one
 * without the box (see trustedArgument). Nothing of a refused URL is ever logged.
 */
export async function setBaseUrlCommand(url?: unknown): Promise<boolean> {
  const entered = typeof url === 'string'
    ? url
    : await vscode.window.showInputBox({
      title: vscode.l10n.t('Model Access: Set Base URL'),
      prompt: vscode.l10n.t('The base URL of the Model Access API, ending in /v1. Saved in your user settings.'),
      placeHolder: 'https://api.example.com/v1',
      value: readSettings().baseUrl ?? '',
      ignoreFocusOut: true,
      validateInput: (value) => {
        const problem = refusal(value);
        if (problem) {
          return problem;
        }
        const warning = warningsFor(value);
        return warning ? { message: warning, severity: vscode.InputBoxValidationSeverity.Warning } : undefined;
      },
    });
  if (entered === undefined) {
    return false;
  }
  const problem = refusal(entered);
  if (problem) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Model Access: {0}', problem));
    return false;
  }
  await setBaseUrl(entered);
  const warning = warningsFor(entered);
  if (warning) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Model Access: the base URL is saved as entered. {0}', warning));
  }
  return true;
}
