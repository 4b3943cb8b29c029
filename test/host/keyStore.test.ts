// SecretStorage round trip through KeyStore and the Set/Clear API Key commands, in the real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { hooks, snapshotState, waitFor } from './hooks';

describe('API key in SecretStorage (in the real extension host)', () => {
  let restore: () => Promise<void>;
  const envKey = process.env.MODEL_ACCESS_API_KEY?.trim() || undefined;

  before(async () => {
    restore = await snapshotState();
  });

  after(async () => {
    await restore();
  });

  it('stores, reads back and clears the key, announcing each change', async () => {
    const { keys } = await hooks();
    let changes = 0;
    const subscription = keys.onDidChange(() => changes++);
    try {
      await keys.set('  demo-key \n');
      assert.equal(await keys.get(), 'demo-key');
      assert.equal(await keys.source(), 'secretStorage');
      await waitFor('a change event after set', () => changes >= 1);

      const before = changes;
      await keys.clear();
      assert.equal(await keys.get(), envKey);
      assert.equal(await keys.source(), envKey ? 'environment' : undefined);
      await waitFor('a change event after clear', () => changes > before);
    } finally {
      subscription.dispose();
    }
  });

  it('Set API Key stores a valid key, trimmed', async () => {
    const { keys } = await hooks();
    const stored = await vscode.commands.executeCommand<boolean>('modelAccess.setApiKey', ' limited-key ');
    assert.equal(stored, true);
    assert.equal(await keys.get(), 'limited-key');
  });

  it('Set API Key refuses a key with whitespace or control characters inside, keeping the old one', async () => {
    const { keys } = await hooks();
    await keys.set('demo-key');
    for (const bad of ['demo key', 'demo\tkey', 'demo\u0007key', '   ']) {
      const stored = await vscode.commands.executeCommand<boolean>('modelAccess.setApiKey', bad);
      assert.equal(stored, false, `accepted ${JSON.stringify(bad)}`);
    }
    assert.equal(await keys.get(), 'demo-key');
  });

  it('Clear API Key removes the stored key', async () => {
    const { keys } = await hooks();
    await keys.set('demo-key');
    await vscode.commands.executeCommand('modelAccess.clearApiKey');
    assert.equal(await keys.source(), envKey ? 'environment' : undefined);
  });

  it('never writes the key into the settings', async () => {
    const { keys } = await hooks();
    await keys.set('demo-key');
    const settings = JSON.stringify(vscode.workspace.getConfiguration('modelAccess'));
    assert.ok(!settings.includes('demo-key'), 'the key appears in the modelAccess settings');
  });
});
