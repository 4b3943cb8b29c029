import * as vscode from 'vscode';
import type { StreamLimits } from '../../api';
import { parseAnswerLimits } from './answerLimits';
import { SECTION } from './settings';

/**
 * The answer guards from the user's own settings only: a workspace could otherwise lift the size
 * limit or the timeouts and let a server it names exhaust the editor.
 */
export function readAnswerLimits(): Required<StreamLimits> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const user = <T>(name: string): T | undefined => config.inspect<T>(name)?.globalValue;
  return parseAnswerLimits({
    maxAnswerChars: user('maxAnswerChars'),
    firstTokenTimeoutSeconds: user('firstTokenTimeoutSeconds'),
    idleTimeoutSeconds: user('idleTimeoutSeconds'),
  });
}
