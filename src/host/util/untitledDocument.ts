// An untitled document under a name the caller chose, holding exactly the given text. Not
// `openTextDocument({ content })`: that names it `Untitled-N` after the ones open, and right after such a document
// was closed, VS Code 1.100 and 1.139 could hand the closed one back, old text and all (seen in the in-host tests,
// and in a loop opening one after closing another: 3 of 12 times).
import * as vscode from 'vscode';

/**
 * Opens `uri` (scheme `untitled`, a name not open now) with `text` in `language`; undefined when the document does not
 * hold exactly that text afterwards (a document of that name was open after all, or the edit was refused).
 */
export async function openUntitledWithText(uri: vscode.Uri, text: string, language: string): Promise<vscode.TextDocument | undefined> {
  const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), language);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, new vscode.Position(0, 0), text);
  return (await vscode.workspace.applyEdit(edit)) && document.getText() === text ? document : undefined;
}
