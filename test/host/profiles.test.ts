// Endpoint profiles in the real extension host: a second profile added through the command (no
// JSON by hand), listed in the Models tree beside the default one, used in one chat session with its
// own key (the reference server records the masked key of every request), switched in the status
// bar, and its key deleted from SecretStorage when the profile is removed from the settings.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readSettings } from '../../src/host/config/settings';
import { maskKey } from '../../server/keyHint';
import { hooks, hostChatSession, modelAccessConfig, serverUrl, setUserSetting, useDemoKeyAndServer, waitFor } from './hooks';

async function keyHints(): Promise<(string | null)[]> {
  const reply = await fetch(new URL('/_admin/requests', serverUrl()));
  return ((await reply.json()) as { keyHint: string | null }[]).map((record) => record.keyHint);
}

describe('endpoint profiles (in the real extension host)', function () {
  this.timeout(60_000);
  useDemoKeyAndServer();
  let folder: string;

  before(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-profiles-'));
    await setUserSetting('model', 'echo-1');
  });

  after(async () => {
    await setUserSetting('activeProfile', undefined);
    await setUserSetting('profiles', undefined);
    fs.rmSync(folder, { recursive: true, force: true });
    await fetch(new URL('/_admin/reset', serverUrl()), { method: 'POST' });
  });

  it('Add Endpoint Profile stores the profile in the user settings and its key in SecretStorage; the tree gets one root per profile', async () => {
    const { keys, modelsTree } = await hooks();
    const added = await vscode.commands.executeCommand('modelAccess.addProfile', { name: 'Second', baseUrl: serverUrl(), key: 'limited-key' });
    assert.equal(added, 'Second');
    assert.deepEqual(modelAccessConfig().inspect('profiles')?.globalValue, [{ name: 'Second', baseUrl: serverUrl() }]);
    assert.equal(await keys.get('Second'), 'limited-key');
    assert.equal(await keys.get(), 'demo-key', 'the default profile keeps its key');

    const roots = await modelsTree.getChildren();
    assert.deepEqual(roots.map((node) => [node.kind, node.label]), [['profile', 'Default'], ['profile', 'Second']]);
    const secondModels = await modelsTree.getChildren(roots[1]);
    assert.ok(secondModels.some((node) => node.kind === 'model' && node.label === 'echo-1' && node.profile === 'Second'));
  });

  it('one chat session uses Default with demo-key, then Second with limited-key after Select Endpoint Profile; the status bar says profile / model', async () => {
    const { statusBar } = await hooks();
    const chat = hostChatSession(folder);
    await fetch(new URL('/_admin/reset', serverUrl()), { method: 'POST' });
    await waitFor('the status bar to show Default / echo-1', () => statusBar.item.text === '$(hubot) Default / echo-1');
    await chat.send('first');
    assert.equal(await vscode.commands.executeCommand('modelAccess.selectProfile', 'Second'), 'Second');
    await waitFor('Second to be active', () => readSettings().profile.name === 'Second');
    await waitFor('the status bar to show Second / echo-1', () => statusBar.item.text === '$(hubot) Second / echo-1');
    await chat.send('second');
    const answers = chat.chat.messages.filter((message) => message.role === 'assistant');
    assert.deepEqual(answers.map((answer) => [answer.status, answer.profile, answer.content]), [['done', 'Default', 'first'], ['done', 'Second', 'second']]);
    assert.deepEqual(await keyHints(), [maskKey('demo-key'), maskKey('limited-key')]);
  });

  it('a Use for Chat on a row under a profile root switches to that profile', async () => {
    const { modelsTree } = await hooks();
    const roots = await modelsTree.getChildren();
    const row = (await modelsTree.getChildren(roots.find((node) => node.label === 'Default'))).find((node) => node.label === 'slow-1');
    assert.ok(row);
    await vscode.commands.executeCommand('modelAccess.useModel', row);
    assert.equal(modelAccessConfig().inspect('activeProfile')?.globalValue, 'Default');
    assert.equal(modelAccessConfig().inspect('model')?.globalValue, 'slow-1');
    await setUserSetting('model', 'echo-1');
  });

  it('removing the profile from the settings deletes its key; the default key stays; the tree is flat again', async () => {
    const { keys, modelsTree } = await hooks();
    await setUserSetting('profiles', []);
    await waitFor('the removed profile\'s key to be deleted', async () => (await keys.get('Second')) === undefined);
    assert.equal(await keys.get(), 'demo-key');
    assert.equal(readSettings().profile.name, 'Default', 'an active profile that is gone falls back to the default');
    const nodes = await modelsTree.getChildren();
    assert.ok(nodes.every((node) => node.kind !== 'profile'));
    assert.ok(nodes.some((node) => node.label === 'echo-1'));
  });
});
