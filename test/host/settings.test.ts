// Settings changes take effect without a reload, in the real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { hooks, modelAccessConfig, serverUrl, setUserSetting, snapshotState, waitFor } from './hooks';

describe('settings changes (in the real extension host)', () => {
  let restore: () => Promise<void>;

  before(async () => {
    restore = await snapshotState();
    const { keys } = await hooks();
    await keys.set('demo-key');
    await setUserSetting('baseUrl', serverUrl());
  });

  after(async () => {
    await restore();
  });

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
