import * as vscode from 'vscode';
import { snippetFromSelection, type SelectionOutcome } from '../selection/formatSelection';
import { questionArgument } from './trustedArgument';

/** What the selection commands need from the chat view. */
export interface ChatInput {
  insertIntoPrompt(text: string): unknown;
  /** Resolves false when the text could not be sent now (it went into the prompt box instead). */
  ask(text: string): Promise<boolean>;
}

/** The active editor's selection (or current line) as a fenced snippet, or why there is none. */
export function snippetFromEditor(editor: vscode.TextEditor | undefined): SelectionOutcome {
  if (!editor) {
    return { kind: 'nothing', reason: vscode.l10n.t('Nothing was sent to the chat: no editor is active.') };
  }
  const { document, selection } = editor;
  return snippetFromSelection({
    selectedText: document.getText(selection),
    currentLineText: document.lineAt(selection.active.line).text,
    start: selection.isEmpty ? selection.active : selection.start,
    end: selection.isEmpty ? selection.active : selection.end,
    languageId: document.languageId,
    path: document.isUntitled ? document.fileName : vscode.workspace.asRelativePath(document.uri),
  });
}

/** Send Selection to Chat: the snippet goes into the prompt box (the chat view reveals itself), ready for a question. */
export async function sendSelectionCommand(chat: ChatInput): Promise<boolean> {
  const outcome = snippetFromEditor(vscode.window.activeTextEditor);
  if (outcome.kind === 'nothing') {
    void vscode.window.showInformationMessage(outcome.reason);
    return false;
  }
  await chat.insertIntoPrompt(outcome.text);
  return true;
}

/**
 * Ask About Selection: asks for the question, then sends question and snippet at once (into the
 * prompt box while another answer streams). True when sent. A `question` argument skips the box
 * only in our own tests; from anyone else it just prefills the box (see questionArgument), so the
 * selection never leaves without the user seeing and accepting the question.
 */
export async function askAboutSelectionCommand(chat: ChatInput, question: unknown, runningTests: boolean): Promise<boolean> {
  const outcome = snippetFromEditor(vscode.window.activeTextEditor);
  if (outcome.kind === 'nothing') {
    void vscode.window.showInformationMessage(outcome.reason);
    return false;
  }
  const argument = questionArgument(question, runningTests);
  const asked = 'send' in argument
    ? argument.send
    : await vscode.window.showInputBox({
      title: vscode.l10n.t('Model Access: Ask About Selection'),
      prompt: vscode.l10n.t('Your question about the selected code'),
      placeHolder: vscode.l10n.t('What does this code do?'),
      value: argument.prefill,
      ignoreFocusOut: true,
    });
  if (asked === undefined || asked.trim().length === 0) {
    return false;
  }
  return chat.ask(`${asked.trim()}\n\n${outcome.text}`);
}
