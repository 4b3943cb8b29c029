// SecretStorage round trip through KeyStore and the Set/Clear API Key commands, in the real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { KeyStore, KeyStoreError } from '../../src/host/auth/keyStore';
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

describe('KeyStore when secret storage fails (in the real extension host)', () => {
  const emitter = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  const broken: vscode.SecretStorage = {
    get: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    store: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    delete: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    onDidChange: emitter.event,
  } as vscode.SecretStorage;

  after(() => emitter.dispose());

  it('falls back to MODEL_ACCESS_API_KEY', async () => {
    const store = new KeyStore(broken, { MODEL_ACCESS_API_KEY: '  env-key-123 ' });
    try {
      assert.equal(await store.get(), 'env-key-123');
      assert.equal(await store.source(), 'environment');
    } finally {
      store.dispose();
    }
  });

  it('says what failed and points to the environment variable when there is no fallback', async () => {
    const store = new KeyStore(broken, {});
    try {
      await assert.rejects(store.get(), (error: Error) => {
        assert.ok(error instanceof KeyStoreError);
        assert.match(error.message, /secret storage/);
        assert.match(error.message, /MODEL_ACCESS_API_KEY/);
        return true;
      });
      await assert.rejects(store.set('demo-key'), (error: Error) => {
        assert.match(error.message, /could not store/);
        assert.match(error.message, /MODEL_ACCESS_API_KEY/);
        assert.ok(!error.message.includes('demo-key'));
        return true;
      });
    } finally {
      store.dispose();
    }
  });

  it('prefers the stored key over the environment, and ignores a blank environment value', async () => {
    const secrets = new Map<string, string>();
    const working = {
      get: (key: string) => Promise.resolve(secrets.get(key)),
      store: (key: string, value: string) => Promise.resolve(void secrets.set(key, value)),
      delete: (key: string) => Promise.resolve(void secrets.delete(key)),
      onDidChange: emitter.event,
    } as vscode.SecretStorage;
    const store = new KeyStore(working, { MODEL_ACCESS_API_KEY: 'env-key' });
    const blank = new KeyStore(working, { MODEL_ACCESS_API_KEY: '   ' });
    try {
      assert.equal(await store.source(), 'environment');
      await store.set('stored-key');
      assert.equal(await store.get(), 'stored-key');
      assert.equal(await store.source(), 'secretStorage');
      await store.clear();
      assert.equal(await blank.get(), undefined);
    } finally {
      store.dispose();
      blank.dispose();
    }
  });
});
