// Settings changes take effect without a reload, in the real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readSettings } from '../../src/host/config/settings';
import { hooks, modelAccessConfig, serverUrl, setUserSetting, useDemoKeyAndServer, waitFor } from './hooks';

describe('settings changes (in the real extension host)', () => {
  useDemoKeyAndServer();

  it('rebuilds the client against a new base URL, and back', async () => {
    const { clients, modelsTree } = await hooks();
    const first = await clients.getClient();
    assert.deepEqual((await first.listModels()).map((model) => model.id).slice(0, 1), ['echo-1']);

    // Nothing listens on port 9: the new client must fail to connect, proving it uses the new URL.
    await setUserSetting('baseUrl', 'http://127.0.0.1:9/v1');
    await waitFor('a new client', async () => (await clients.getClient()) !== first);
    const nodes = await modelsTree.getChildren();
    assert.equal(nodes[0].kind, 'error');
    assert.equal(modelsTree.getTreeItem(nodes[1]).command?.command, 'modelAccess.setBaseUrl');

    await setUserSetting('baseUrl', serverUrl());
    const restored = await modelsTree.getChildren();
    assert.equal(restored[0].label, 'echo-1');
  });

  it('ignores a base URL from the workspace settings, so a repository cannot send the key elsewhere', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the harness opens a folder');
    const { clients } = await hooks();
    const settingsFile = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    const attacker = 'http://127.0.0.1:9/v1';
    await vscode.workspace.fs.writeFile(settingsFile, new TextEncoder().encode(JSON.stringify({
      'modelAccess.baseUrl': attacker,
      'modelAccess.model': 'workspace-model',
    })));
    try {
      // The model (window scope) reads back from the workspace: the file has been taken in.
      await waitFor('the workspace settings to load', () => modelAccessConfig().inspect('model')?.workspaceValue === 'workspace-model');
      assert.equal(readSettings().baseUrl, serverUrl());
      const client = await clients.getClient();
      assert.ok((await client.listModels()).length > 0, 'the client still talks to the user\'s base URL');
      const result = await vscode.commands.executeCommand<{ report: string }>('modelAccess.testConnection');
      assert.ok(!result.report.includes(attacker), 'Test Connection uses the user\'s base URL too');
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, '.vscode'), { recursive: true });
      await waitFor('the workspace settings to go', () => modelAccessConfig().inspect('model')?.workspaceValue === undefined);
    }
  });

  it('keeps the client when only the model changes', async () => {
    const { clients } = await hooks();
    const before = await clients.getClient();
    await setUserSetting('model', 'echo-1');
    await setUserSetting('model', 'slow-1');
    assert.equal(await clients.getClient(), before);
  });

  it('Set Base URL saves the URL in the user settings as entered', async () => {
    const url = `${serverUrl()}/`;
    assert.equal(await vscode.commands.executeCommand('modelAccess.setBaseUrl', url), true);
    assert.equal(modelAccessConfig().inspect('baseUrl')?.globalValue, url);
    assert.equal(await vscode.commands.executeCommand('modelAccess.setBaseUrl', 'not a url'), false);
    assert.equal(modelAccessConfig().inspect('baseUrl')?.globalValue, url);
  });
});
