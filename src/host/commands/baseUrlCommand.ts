import * as vscode from 'vscode';
import { readSettings, setBaseUrl, validateBaseUrl } from '../config/settings';

/** Only what makes the URL unusable blocks the input; a missing /v1 is a warning shown after saving. */
function blockingProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length === 0) {
    return undefined;
  }
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'The base URL must start with http:// or https://.';
  } catch {
    return 'Not a valid URL (for example https://api.example.com/v1).';
  }
}

/** Set Base URL: an input box prefilled with the current value; `url` lets tests pass one without the box. */
export async function setBaseUrlCommand(url?: unknown): Promise<boolean> {
  const entered = typeof url === 'string'
    ? url
    : await vscode.window.showInputBox({
      title: 'Model Access: Set Base URL',
      prompt: 'The base URL of the Model Access API, ending in /v1. Saved in your user settings.',
      placeHolder: 'https://api.example.com/v1',
      value: readSettings().baseUrl ?? '',
      ignoreFocusOut: true,
      validateInput: (value) => {
        const problem = blockingProblem(value);
        if (problem) {
          return problem;
        }
        const warning = value.trim() ? validateBaseUrl(value) : undefined;
        return warning ? { message: warning, severity: vscode.InputBoxValidationSeverity.Warning } : undefined;
      },
    });
  if (entered === undefined) {
    return false;
  }
  const problem = blockingProblem(entered);
  if (problem) {
    void vscode.window.showErrorMessage(problem);
    return false;
  }
  await setBaseUrl(entered);
  const warning = entered.trim() ? validateBaseUrl(entered) : undefined;
  if (warning) {
    void vscode.window.showWarningMessage(`Model Access: the base URL is saved as entered. ${warning}`);
  }
  return true;
}
