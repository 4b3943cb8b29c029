// The Models tree provider against the reference server, in the real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { hooks, listedModelIds, serverUrl, setUserSetting, snapshotState } from './hooks';

describe('Models tree (in the real extension host)', () => {
  let restore: () => Promise<void>;
  let listed: string[];

  before(async () => {
    restore = await snapshotState();
    listed = await listedModelIds();
    assert.ok(listed.includes('echo-1') && listed.includes('slow-1'), `unexpected list: ${listed.join(', ')}`);
    await setUserSetting('baseUrl', serverUrl());
  });

  after(async () => {
    await restore();
  });

  it('lists the reference server\'s models, each labelled by its id, with the active one marked', async () => {
    const { keys, modelsTree } = await hooks();
    await keys.set('demo-key');
    await setUserSetting('model', 'slow-1');
    modelsTree.refresh();
    const nodes = await modelsTree.getChildren();
    assert.deepEqual(nodes.map((node) => node.label), listed);

    const items = nodes.map((node) => modelsTree.getTreeItem(node));
    const active = items.filter((item) => item.contextValue === 'model.active');
    assert.deepEqual(active.map((item) => item.label), ['slow-1']);
    assert.equal(active[0].description, 'active');
    assert.equal((active[0].iconPath as vscode.ThemeIcon).id, 'check');
    assert.ok(items.filter((item) => item.label !== 'slow-1').every((item) => item.contextValue === 'model' && !item.description));

    const echo = items[0];
    assert.deepEqual(echo.command?.command, 'modelAccess.useModel');
    assert.equal(echo.command?.arguments?.length, 1);
    assert.equal(echo.command?.arguments?.[0], nodes[0], 'the click passes the row object itself (see trustedModelId)');
    const tooltip = echo.tooltip as vscode.MarkdownString;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    assert.match(tooltip.value, /\*\*id\*\*: echo\\-1/);
    assert.notEqual(tooltip.isTrusted, true);
  });

  it('shows a 401 as an error row with Set API Key', async () => {
    const { keys, modelsTree } = await hooks();
    await keys.set('wrong-key-for-tests');
    const nodes = await modelsTree.getChildren();
    assert.equal(nodes[0].kind, 'error');
    assert.match(nodes[0].kind === 'error' ? nodes[0].description ?? '' : '', /HTTP 401/);
    const action = modelsTree.getTreeItem(nodes[1]);
    assert.equal(action.command?.command, 'modelAccess.setApiKey');
  });

  it('lists models again once a valid key is stored (the key change drops the cached list)', async () => {
    const { keys, modelsTree } = await hooks();
    await keys.set('demo-key');
    const nodes = await modelsTree.getChildren();
    assert.deepEqual(nodes.map((node) => node.label), listed);
  });

  it('shows nothing (so the welcome view shows) without a key', async () => {
    const { keys, modelsTree } = await hooks();
    if (process.env.MODEL_ACCESS_API_KEY) {
      return; // the environment fallback supplies a key in this run
    }
    await keys.clear();
    assert.deepEqual(await modelsTree.getChildren(), []);
  });
});
