// Closing the editors a test opened, so that the next test starts with none (in the real extension host).
import * as vscode from 'vscode';
import { waitFor } from './waitFor';

/**
 * Closes every editor, then waits until the extension host has dropped the untitled documents they showed. A
 * closed untitled document stays there a little (about a second in VS Code 1.139), and a test that opens the next
 * one at once gets its name, `Untitled-1`, and may be handed the closed one back with its old text (a fresh-clone
 * run failed so once: Open Answer in Editor in 1.139.1, the newest answer never showed in 5 s).
 */
export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await waitFor('the closed untitled documents to leave the extension host', () => vscode.workspace.textDocuments.every((document) => !document.isUntitled), 10_000);
}
