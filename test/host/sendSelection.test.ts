// Send Selection / Ask About Selection when there is nothing to send, in the real extension host.
// (The text reaching the chat's prompt box is checked by the UI end-to-end tests.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

describe('send selection (in the real extension host)', () => {
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('sends nothing from an empty line with nothing selected', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'const a = 1;\n\nconst b = 2;\n' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    assert.equal(await vscode.commands.executeCommand('modelAccess.sendSelection'), false);
    assert.equal(await vscode.commands.executeCommand('modelAccess.askAboutSelection', 'Why?'), false);
  });

  it('sends the current line when nothing is selected', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'const a = 1;\n' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 3, 0, 3);
    assert.equal(await vscode.commands.executeCommand('modelAccess.sendSelection'), true);
  });
});
