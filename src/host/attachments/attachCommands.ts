// The Add … to Chat commands. Arguments from the explorer's and tabs' context menus go through the
// rule in attachArgument.ts; without one, each command asks the editor (active file, tabs) or the user.
import * as vscode from 'vscode';
import type { ChatContext } from './chatContext';

export const ATTACH_COMMANDS = {
  activeFile: 'modelAccess.attachActiveFile',
  files: 'modelAccess.attachFiles',
  openEditors: 'modelAccess.attachOpenEditors',
  problems: 'modelAccess.attachProblems',
  /** The explorer's and tabs' context menus (not in the palette): the clicked or selected files. */
  fromMenu: 'modelAccess.attachFile',
} as const;

/** Each command resolves with the number of chips it added (what the tests assert). */
export function registerAttachCommands(chat: ChatContext): vscode.Disposable[] {
  return [
    // Arguments are ignored: these act on the editor's state or ask the user.
    vscode.commands.registerCommand(ATTACH_COMMANDS.activeFile, () => chat.attachActiveFile()),
    vscode.commands.registerCommand(ATTACH_COMMANDS.files, () => chat.pickFiles()),
    // The explorer passes the clicked Uri and the whole selection, a tab its Uri: see attachArgument.ts.
    vscode.commands.registerCommand(ATTACH_COMMANDS.fromMenu, (uri?: unknown, more?: unknown) => chat.attachFromArguments(uri, more)),
    vscode.commands.registerCommand(ATTACH_COMMANDS.openEditors, () => chat.attachOpenEditors()),
    vscode.commands.registerCommand(ATTACH_COMMANDS.problems, () => chat.attachProblems()),
  ];
}
