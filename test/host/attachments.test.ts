// The Add … to Chat commands in the real extension host: which command arguments are taken, binary
// files refused, problems with their lines, open editors, and content read at send time.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { RESIZE_DELAY_MS, type ChatContext } from '../../src/host/attachments/chatContext';
import { hooks } from './hooks';
import { waitFor } from './waitFor';

async function attachments(): Promise<ChatContext> {
  const context = (await hooks()).attachments;
  assert.ok(context, 'the chat exposes no attachments');
  return context;
}

function workspaceFile(name: string, content: string | Uint8Array): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the in-host suite runs with a workspace folder');
  const file = path.join(folder.uri.fsPath, name);
  fs.writeFileSync(file, content);
  return vscode.Uri.file(file);
}

describe('attach context (in the real extension host)', () => {
  let context: ChatContext;
  before(async () => {
    context = await attachments();
  });
  afterEach(async () => {
    for (const chip of context.chips()) context.remove(chip.id);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    // Attaching reveals the Chat view, and with it the Models view, which then lists models whenever a
    // setting changes: later suites that count the server's requests must not see those.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });

  it('takes a workspace file from the explorer menu, never a file outside the workspace or a look-alike Uri', async () => {
    const inside = workspaceFile('attach-inside.ts', 'export const inside = 1;\n');
    const outsidePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'attach-')), 'secret.txt');
    fs.writeFileSync(outsidePath, 'TOP SECRET');
    const outside = vscode.Uri.file(outsidePath);
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachFile', outside), 0);
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachFile', { scheme: 'file', path: inside.path, fsPath: inside.fsPath }), 0);
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachFile', inside.fsPath), 0);
    assert.deepEqual(context.chips(), []);
    // The explorer's multi-selection: the outside file is dropped, the workspace file taken.
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachFile', inside, [inside, outside]), 1);
    assert.deepEqual(context.chips().map((chip) => chip.path), ['attach-inside.ts']);
    // A file outside the workspace the user has open in an editor (its tab's menu) is taken.
    await vscode.window.showTextDocument(outside);
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachFile', outside), 1);
    assert.equal(context.chips().length, 2);
  });

  it('refuses a binary file with the reason and adds no chip', async () => {
    const binary = workspaceFile('attach-image.bin', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1a]));
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachFile', binary), 0);
    assert.deepEqual(context.chips(), []);
  });

  it('reads the file when the message is sent: edits made after attaching are what is sent', async () => {
    const file = workspaceFile('attach-late.ts', 'const version = 1;\n');
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachActiveFile'), 1);
    const [chip] = context.chips();
    assert.equal(chip.label, 'attach-late.ts');
    const editor = vscode.window.activeTextEditor!;
    await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, 0, 18), 'const version = 2; // unsaved'));
    const sent = await context.takeForSend([chip.id]);
    assert.equal(sent.attachments?.[0].text, '```typescript attach-late.ts\nconst version = 2; // unsaved\n```');
    assert.deepEqual(context.chips(), [], 'sent chips leave the tray');
  });

  it('a chip shows the size of the file as it is now: edited in an editor or on disk, it is measured again; the disk is watched only while there are chips', async () => {
    assert.equal(context.watchingDisk, false, 'no chip: the workspace is not watched');
    const file = workspaceFile('attach-grows.ts', 'const small = 1;\n');
    const onDisk = workspaceFile('attach-disk.ts', 'const small = 2;\n');
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachFile', file, [file, onDisk]), 2);
    assert.equal(context.watchingDisk, true);
    const tokens = (name: string): number => context.chips().find((chip) => chip.path === name)?.tokens ?? -1;
    const [before, beforeOnDisk] = [tokens('attach-grows.ts'), tokens('attach-disk.ts')];
    await vscode.window.activeTextEditor!.edit((edit) => edit.insert(new vscode.Position(1, 0), 'export const grown = "a longer line of text";\n'.repeat(50)));
    await waitFor('the edited chip to grow', () => tokens('attach-grows.ts') > before + 400);
    // The watcher was created at the attach above, and may start watching only a moment later (VS Code sets the
    // recursive watch up in its file watcher process, asynchronously): a loaded CI run once missed a single write
    // made at once. So the file is written again every second until its chip grows, as a build that writes it again
    // would; a watcher that never reports still fails here.
    let writes = 0;
    let nextWrite = 0;
    await waitFor('the chip of the file changed on disk to grow', () => {
      if (tokens('attach-disk.ts') > beforeOnDisk + 400) return true;
      if (Date.now() >= nextWrite) {
        fs.writeFileSync(onDisk.fsPath, 'export const grown = "a longer line of text";\n'.repeat(50) + '\n'.repeat(writes++));
        nextWrite = Date.now() + 1000;
      }
      return false;
    }, 20_000);
    for (const chip of context.chips()) context.remove(chip.id);
    assert.equal(context.watchingDisk, false, 'the last chip removed: no longer watched');
  });

  it('a Problems chip is measured again when the file\'s diagnostics change, and only then', async () => {
    // Plain text, which no language server checks, left to settle: only the diagnostics set below can change the chip.
    const file = workspaceFile('attach-problems.txt', 'one\ntwo\nthree\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachProblems'), 1);
    const problemsTokens = (): number => context.chips().find((chip) => chip.kind === 'problems')?.tokens ?? -1;
    const before = problemsTokens();
    await new Promise((resolve) => setTimeout(resolve, 3 * RESIZE_DELAY_MS));
    assert.equal(problemsTokens(), before, 'nothing else measured it again');
    const diagnostics = vscode.languages.createDiagnosticCollection('attach-problems');
    try {
      diagnostics.set(file, Array.from({ length: 3 }, (_, line) => new vscode.Diagnostic(new vscode.Range(line, 0, line, 3), `Problem number ${line} on this line of the file, described at some length.`)));
      await waitFor('the Problems chip to grow with the diagnostics', () => problemsTokens() > before + 30);
    } finally {
      diagnostics.dispose();
    }
  });

  it('adds the problems of the current file with their lines, and every open editor', async () => {
    const file = workspaceFile('attach-problems.ts', 'let a = 1;\nlet b: number = "x";\n');
    const other = workspaceFile('attach-other.ts', 'export {};\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(other), { preview: false });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file), { preview: false });
    const diagnostics = vscode.languages.createDiagnosticCollection('attach-test');
    try {
      const problem = new vscode.Diagnostic(new vscode.Range(1, 4, 1, 5), "Type 'string' is not assignable to type 'number'.", vscode.DiagnosticSeverity.Error);
      problem.source = 'test';
      diagnostics.set(file, [problem]);
      assert.equal(await vscode.commands.executeCommand('modelAccess.attachProblems'), 1);
      const [chip] = context.chips();
      assert.equal(chip.kind, 'problems');
      assert.equal(chip.label, 'Problems: attach-problems.ts');
      const sent = await context.takeForSend([chip.id]);
      assert.equal(sent.attachments?.[0].text, [
        '```problems attach-problems.ts',
        "attach-problems.ts:2:5 error [test] Type 'string' is not assignable to type 'number'.",
        '  2 | let b: number = "x";',
        '```',
      ].join('\n'));
    } finally {
      diagnostics.dispose();
    }
    assert.equal(await vscode.commands.executeCommand('modelAccess.attachOpenEditors'), 2);
    assert.deepEqual(context.chips().map((chip) => chip.path).sort(), ['attach-other.ts', 'attach-problems.ts']);
  });

  it('project instructions are off until the user turns them on', async () => {
    assert.equal(context.instructions.on, false);
    assert.equal((await context.takeForSend([])).instructions, undefined);
  });
});
