// Closing the editors a test opened, so that the next test starts with none (in the real extension host).
import * as vscode from 'vscode';
import { openUntitledWithText } from '../../src/host/util/untitledDocument';
import { waitFor } from './waitFor';

/**
 * Closes every editor, then waits until the extension host has dropped the untitled documents they showed. A
 * closed untitled document stays there a little (about a second in VS Code 1.139), and a test that opens the next
 * one at once gets its name, `Untitled-1`, and may be handed the closed one back with its old text (a fresh-clone
 * run failed so once: Open Answer in Editor in 1.139.1, the newest answer never showed in 5 s). Only those: waiting
 * for every untitled document to go, a fresh-clone run in 1.139.1 waited 10 s in vain after Export Chat with no
 * editor open (which document stayed was not found).
 */
export async function closeAllEditors(): Promise<void> {
  const shown = new Set(vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .flatMap((tab) => (tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === 'untitled' ? [tab.input.uri.toString()] : [])));
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await waitFor('the closed untitled documents to leave the extension host', () => vscode.workspace.textDocuments.every((document) => !shown.has(document.uri.toString())), 10_000);
}

let scratchDocuments = 0;

/**
 * A new untitled document holding `content`, under a name no other test used (openUntitledWithText, as Open Answer in
 * Editor): with `openTextDocument({ content })` a fresh-clone run failed so once (Ask About Selection in 1.100.3 sent
 * the previous test's line instead of the one selected).
 */
export async function openScratchDocument(content: string, language: string): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.from({ scheme: 'untitled', path: `model-access-scratch-${process.pid}-${++scratchDocuments}` });
  const document = await openUntitledWithText(uri, content, language);
  if (!document) throw new Error(`The scratch document ${uri.toString()} does not hold the text written into it.`);
  return document;
}
