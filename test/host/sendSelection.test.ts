// Send Selection / Ask About Selection when there is nothing to send, in the real extension host.
// (The text reaching the chat's prompt box is checked by the UI end-to-end tests.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { askAboutSelectionCommand, type ChatInput } from '../../src/host/commands/selectionCommands';
import { openScratchDocument } from './editors';
import { waitFor } from './waitFor';

/** A chat that records what would be sent. */
function recordingChat(): ChatInput & { asked: string[] } {
  const asked: string[] = [];
  return { asked, insertIntoPrompt: () => undefined, ask: async (text: string) => (asked.push(text), true) };
}

/** Runs a quick-input command until the pending command settles (it is a no-op until the box is open). */
async function untilSettled(pending: Promise<boolean>, command: string): Promise<boolean> {
  let settled = false;
  const result = pending.finally(() => { settled = true; });
  await waitFor(`the input box to take ${command}`, async () => {
    if (!settled) await vscode.commands.executeCommand(command);
    return settled;
  }, 10_000);
  return result;
}

/**
 * Opens `content` in a scratch editor and waits until the extension host has it as the active one: the commands
 * read the active editor, and right after showTextDocument it could still be none (in one CI run, the test sending
 * a question argument at once found nothing to send). The panel is closed first: the Output view's log is a text
 * editor too, and once it became the active one right after the scratch editor had (in another CI run, the same test
 * then read its empty last line: "nothing is selected and the current line is empty", the Output view shown by
 * Test Connection's tests before these).
 */
async function showScratch(content: string): Promise<vscode.TextEditor> {
  await vscode.commands.executeCommand('workbench.action.closePanel');
  const document = await openScratchDocument(content, 'typescript');
  const editor = await vscode.window.showTextDocument(document);
  await waitFor('the scratch editor to be the active one', () => vscode.window.activeTextEditor?.document === document);
  return editor;
}

describe('send selection (in the real extension host)', () => {
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('sends nothing from an empty line with nothing selected', async () => {
    const editor = await showScratch('const a = 1;\n\nconst b = 2;\n');
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    assert.equal(await vscode.commands.executeCommand('modelAccess.sendSelection'), false);
    assert.equal(await vscode.commands.executeCommand('modelAccess.askAboutSelection', 'Why?'), false);
  });

  it('sends the current line when nothing is selected', async () => {
    const editor = await showScratch('const a = 1;\n');
    editor.selection = new vscode.Selection(0, 3, 0, 3);
    assert.equal(await vscode.commands.executeCommand('modelAccess.sendSelection'), true);
  });

  it('outside tests, a question argument only prefills the input box: nothing is sent unless the user accepts', async () => {
    const editor = await showScratch('const secret = 42;\n');
    editor.selection = new vscode.Selection(0, 0, 0, 18);

    // Dismissed: nothing leaves.
    const dismissedChat = recordingChat();
    assert.equal(await untilSettled(askAboutSelectionCommand(dismissedChat, 'Planted question', false), 'workbench.action.closeQuickOpen'), false);
    assert.deepEqual(dismissedChat.asked, []);

    // Accepted: the prefilled question (one line) goes with the selection.
    const acceptedChat = recordingChat();
    assert.equal(await untilSettled(askAboutSelectionCommand(acceptedChat, 'Planted\nquestion', false), 'workbench.action.acceptSelectedQuickOpenItem'), true);
    assert.equal(acceptedChat.asked.length, 1);
    assert.match(acceptedChat.asked[0], /^Planted question\n\n```typescript/);
    assert.ok(acceptedChat.asked[0].includes('const secret = 42;'));
  });

  it('in tests, a question argument is sent at once (how the suites drive the chat)', async () => {
    // The command reads the active editor as it starts, synchronously: read here in the same turn, it is what the
    // command saw. Another editor can still become the active one after showScratch's wait (in a third CI run the
    // command found an empty current line, the Output view's log shown again): then the scratch editor is shown
    // again and the command run again; with the scratch editor active, it must send.
    for (let attempt = 1; ; attempt++) {
      const editor = await showScratch('const a = 1;\n');
      const chat = recordingChat();
      const active = vscode.window.activeTextEditor?.document;
      const sent = askAboutSelectionCommand(chat, 'Why?', true);
      if (active !== editor.document && attempt < 3) {
        await sent;
        continue;
      }
      assert.equal(active, editor.document, 'the scratch editor was active when the command started');
      assert.equal(await sent, true);
      assert.match(chat.asked[0], /^Why\?\n\n```typescript/);
      return;
    }
  });
});
