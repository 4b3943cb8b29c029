// Settings changes take effect without a reload, in the real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readSettings } from '../../src/host/config/settings';
import { EXTENSION_ID, hooks, modelAccessConfig, serverUrl, setUserSetting, useDemoKeyAndServer, waitFor } from './hooks';

interface AdminRequest {
  path: string;
  model: string | null;
  stream: boolean | null;
  maxTokens: number | null;
  roles: string[] | null;
  startedAt: number;
}

async function adminRequests(): Promise<AdminRequest[]> {
  const reply = await fetch(new URL('/_admin/requests', serverUrl()));
  assert.equal(reply.status, 200);
  return (await reply.json()) as AdminRequest[];
}

describe('settings changes (in the real extension host)', function () {
  // (A workspace settings file can take up to 20 s to be noticed: see the test that plants one.)
  this.timeout(60_000);
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

  /** A value for every modelAccess setting that would steer the request if it were read. */
  const planted: Record<string, unknown> = {
    'modelAccess.baseUrl': 'http://127.0.0.1:9/v1',
    'modelAccess.model': 'slow-1',
    'modelAccess.api': 'responses',
    'modelAccess.maxOutputTokens': 2,
    'modelAccess.retry.maxRetries': 10,
    'modelAccess.retry.initialDelayMs': 60000,
    'modelAccess.systemPrompt': 'Hidden instructions from the repository',
    'modelAccess.stream': false,
    'modelAccess.languageModels.toolCallingModels': ['slow-1'],
    'modelAccess.maxAnswerChars': 100_000_000,
    'modelAccess.firstTokenTimeoutSeconds': 3600,
    'modelAccess.idleTimeoutSeconds': 3600,
    'modelAccess.modelOptions': { 'echo-1': { temperature: 2, reasoningEffort: 'high' } },
    'modelAccess.network.caCertificates': ['/planted/ca.pem'],
    'modelAccess.profiles': [{ name: 'Planted', baseUrl: 'http://127.0.0.1:9/v1', headers: { 'X-Planted': '1' } }],
    'modelAccess.activeProfile': 'Planted',
    'modelAccess.contextWindow': { 'echo-1': 10 },
  };

  it('a workspace cannot write any modelAccess setting (all are user-scope)', async () => {
    const declared = Object.keys((vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { configuration: { properties: object } } })
      .contributes.configuration.properties);
    assert.deepEqual(Object.keys(planted).sort(), declared.sort(), 'this test plants every declared setting');
    for (const [key, value] of Object.entries(planted)) {
      const name = key.slice('modelAccess.'.length);
      await assert.rejects(Promise.resolve(modelAccessConfig().update(name, value, vscode.ConfigurationTarget.Workspace)), `${key} was written to the workspace`);
    }
  });

  it('ignores every modelAccess setting of the workspace .vscode/settings.json: the request goes where and as the user set', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the harness opens a folder');
    const { clients } = await hooks();
    await setUserSetting('model', 'echo-1');
    const settingsFile = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    await vscode.workspace.fs.writeFile(settingsFile, new TextEncoder().encode(JSON.stringify({ ...planted, 'http.proxy': 'http://127.0.0.1:9', 'http.proxyStrictSSL': false, 'editor.tabSize': 7 })));
    const editorConfig = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('editor');
    try {
      // A window-scope setting of the same file reads back: the file has been taken in. (Up to 20 s: this
      // takes 4.5-4.8 s here, and once, on a busy 2-core machine, more than 5 s; the log then showed VS
      // Code's file watcher shutting down for a deleted path just before.)
      await waitFor('the workspace settings to load', () => editorConfig().inspect('tabSize')?.workspaceValue === 7, 20_000);
      const settings = readSettings();
      assert.equal(settings.baseUrl, serverUrl());
      assert.equal(settings.model, 'echo-1');
      assert.equal(settings.api, 'chat');
      assert.equal(settings.maxOutputTokens, undefined);
      assert.deepEqual(settings.toolCallingModels, []);
      assert.deepEqual(settings.retry, { maxRetries: 3, initialDelayMs: 500 });
      assert.equal(settings.systemPrompt, undefined);
      assert.equal(settings.stream, true);
      assert.deepEqual(settings.limits, { maxAnswerChars: 4_000_000, firstTokenTimeoutMs: 300_000, idleTimeoutMs: 120_000 }, 'a repository cannot lift the answer limits');
      assert.deepEqual(settings.modelOptions, {});
      assert.deepEqual(settings.contextWindows, {}, 'a repository cannot shrink what is sent');
      assert.deepEqual(settings.profiles.map((profile) => profile.name), ['Default'], 'a repository cannot add an endpoint profile');
      assert.equal(settings.profile.name, 'Default', 'nor switch to one');
      const client = await clients.getClient();
      assert.ok((await client.listModels()).length > 0, 'the client still talks to the user\'s base URL');

      // A real chat through the extension: the server sees the user's request, nothing planted.
      const startedAt = Date.now() - 1000;
      const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'const planted = false;\n' });
      await vscode.window.showTextDocument(document);
      assert.equal(await vscode.commands.executeCommand('modelAccess.askAboutSelection', 'What is this?'), true);
      const calls = (await adminRequests()).filter((r) => r.path !== '/v1/models' && r.startedAt >= startedAt);
      assert.deepEqual(calls.map((r) => [r.path, r.model, r.stream, r.maxTokens, r.roles]), [
        ['/v1/chat/completions', 'echo-1', true, null, ['user']],
      ], 'no hidden system prompt, no token limit, the user\'s model and API, streamed');

      const result = await vscode.commands.executeCommand<{ report: string }>('modelAccess.testConnection');
      assert.ok(!result.report.includes('127.0.0.1:9/'), 'Test Connection uses the user\'s base URL too');
      assert.match(result.report, /API: {6}chat\n/);
      // (The environment's NODE_EXTRA_CA_CERTS may add a file; the workspace's may not.)
      assert.match(result.report, /\[PASS\] Proxy: none \(direct connection\)\n\[PASS\] Certificates: Node's bundled CAs/, 'no proxy and no unchecked TLS from the workspace');
      assert.ok(!result.report.includes('/planted/ca.pem'), 'no CA file from the workspace');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, '.vscode'), { recursive: true });
      await waitFor('the workspace settings to go', () => editorConfig().inspect('tabSize')?.workspaceValue === undefined, 20_000);
    }
  });

  it('refuses a base URL with credentials or a query: no client, the reason in the tree and Test Connection, nothing of it logged', async () => {
    const { clients, modelsTree, log } = await hooks();
    const origin = serverUrl().replace(/^http:\/\//, '');
    const logged: string[] = [];
    const channel = log.channel as unknown as Record<string, (message: string) => void>;
    const originals = new Map<string, (message: string) => void>();
    for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'appendLine']) {
      const original = channel[level].bind(channel);
      originals.set(level, channel[level]);
      channel[level] = (message: string) => {
        logged.push(String(message));
        original(message);
      };
    }
    try {
      for (const refused of [`http://planted-user:s3cret-pw@${origin}`, `http://${origin}?api_key=s3cret-pw`]) {
        // Set Base URL refuses it and keeps the current value.
        const before = modelAccessConfig().inspect('baseUrl')?.globalValue;
        assert.equal(await vscode.commands.executeCommand('modelAccess.setBaseUrl', refused), false);
        assert.equal(modelAccessConfig().inspect('baseUrl')?.globalValue, before);

        // Written into settings.json by hand: no client is built, and the user sees why.
        await setUserSetting('baseUrl', refused);
        await assert.rejects(clients.getClient(), (error: unknown) => error instanceof Error
          && /user name or password|query string/.test(error.message) && !error.message.includes('s3cret-pw'));
        const nodes = await modelsTree.getChildren();
        assert.equal(nodes[0].kind, 'error');
        assert.match(nodes[0].label, /not valid: it contains (a user name or password|a query string)/);
        assert.equal(modelsTree.getTreeItem(nodes[1]).command?.command, 'modelAccess.setBaseUrl');
        const result = await vscode.commands.executeCommand<{ status: string; report: string }>('modelAccess.testConnection');
        assert.equal(result.status, 'fail');
        assert.match(result.report, /\[FAIL\] Base URL: refused: it contains/);
        assert.ok(!result.report.includes('s3cret-pw') && !result.report.includes('planted-user'), result.report);
      }
      assert.ok(logged.length > 0, 'the log was captured');
      const text = logged.join('\n');
      assert.ok(!text.includes('s3cret-pw') && !text.includes('planted-user'), text);
    } finally {
      for (const [level, original] of originals) channel[level] = original;
      await setUserSetting('baseUrl', serverUrl());
    }
  });

  it('keeps the settings it read until one changes, and reads the change at once', async () => {
    const { settings } = await hooks();
    await setUserSetting('maxOutputTokens', 7);
    const kept = settings();
    assert.equal(settings(), kept, 'read once, kept');
    assert.ok(Object.isFrozen(kept.retry), 'no caller can change what the others read');
    // No waitFor: VS Code has the new value and has told the extension when update() resolves.
    await setUserSetting('maxOutputTokens', 8);
    assert.equal(settings().maxOutputTokens, 8);
    await setUserSetting('maxOutputTokens', undefined);
    assert.equal(settings().maxOutputTokens, undefined);
  });

  it('keeps the client when only the model changes', async () => {
    const { clients } = await hooks();
    const before = await clients.getClient();
    await setUserSetting('model', 'echo-1');
    await setUserSetting('model', 'slow-1');
    assert.equal(await clients.getClient(), before);
  });

  it('keeps the client when the same key is stored again (SecretStorage echoes a change late)', async () => {
    const { clients, keys } = await hooks();
    const before = await clients.getClient();
    let announced = 0;
    const subscription = clients.onDidChange(() => announced++);
    try {
      await keys.set('demo-key');
      await waitFor('the change to be announced', () => announced > 0);
      assert.equal(await clients.getClient(), before);
    } finally {
      subscription.dispose();
    }
  });

  it('Set Base URL saves the URL in the user settings as entered', async () => {
    const url = `${serverUrl()}/`;
    assert.equal(await vscode.commands.executeCommand('modelAccess.setBaseUrl', url), true);
    assert.equal(modelAccessConfig().inspect('baseUrl')?.globalValue, url);
    assert.equal(await vscode.commands.executeCommand('modelAccess.setBaseUrl', 'not a url'), false);
    assert.equal(modelAccessConfig().inspect('baseUrl')?.globalValue, url);
  });
});
