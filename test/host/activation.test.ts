// Inside the real extension host: the extension is there, activates, and registers every command its
// manifest contributes (read from package.json, so the list cannot drift from the manifest).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

const extensionId = 'model-access.model-access';

interface Manifest {
  contributes: { commands: { command: string }[] };
}

function requireExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(extensionId);
  assert.ok(extension, `${extensionId} is not loaded in this extension host`);
  return extension;
}

describe('activation (in the real extension host)', () => {
  it('loads the extension under development', () => {
    const extension = requireExtension();
    assert.equal(extension.packageJSON.name, 'model-access');
  });

  it('activates without throwing', async () => {
    const extension = requireExtension();
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('registers every command contributed in package.json', async () => {
    const extension = requireExtension();
    await extension.activate();
    const manifest = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, 'package.json'), 'utf8')) as Manifest;
    const declared = manifest.contributes.commands.map((entry) => entry.command);
    assert.ok(declared.length > 0, 'package.json contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((command) => !registered.has(command));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('sees the base URL the harness wrote into the user settings', () => {
    const expected = process.env.MODEL_ACCESS_TEST_SERVER_URL;
    assert.ok(expected, 'MODEL_ACCESS_TEST_SERVER_URL is not set: run this suite through npm run test:editor');
    assert.equal(vscode.workspace.getConfiguration('modelAccess').get<string>('baseUrl'), expected);
  });
});
