// VS Code's own proxy setting, in the real extension host: http.proxy in the user settings sends
// the extension's requests through a real proxy (which records the CONNECT), without a reload.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startTestProxy, type TestProxy } from '../integration/network/proxyServer';
import { hooks, serverUrl, useDemoKeyAndServer, waitFor } from './hooks';

async function setHttpSetting(key: string, value: unknown): Promise<void> {
  const http = vscode.workspace.getConfiguration('http');
  await http.update(key, value, vscode.ConfigurationTarget.Global);
  await waitFor(`http.${key} to read back`, () => vscode.workspace.getConfiguration('http').inspect(key)?.globalValue === value);
}

describe('proxy settings (in the real extension host)', () => {
  useDemoKeyAndServer();
  let proxy: TestProxy;
  let before: unknown;

  beforeEach(async () => {
    before = vscode.workspace.getConfiguration('http').inspect('proxy')?.globalValue;
    proxy = await startTestProxy();
  });
  afterEach(async () => {
    await setHttpSetting('proxy', before);
    await proxy.close();
  });

  it('http.proxy: a chat goes through the proxy in a CONNECT tunnel, and Test Connection names the proxy', async () => {
    const { clients } = await hooks();
    const direct = await clients.getClient();
    await setHttpSetting('proxy', proxy.url);
    await waitFor('a new client', async () => (await clients.getClient()) !== direct);

    let text = '';
    for await (const event of (await clients.getClient()).chat({ model: 'echo-1', messages: [{ role: 'user', content: 'via the proxy' }] })) {
      if (event.type === 'text') text += event.text;
    }
    assert.match(text, /via the proxy/);
    const target = new URL(serverUrl()).host;
    assert.ok(proxy.connects.includes(target), `the proxy saw CONNECT ${target} (it saw ${proxy.connects.join(', ') || 'nothing'})`);
    assert.deepEqual(proxy.plainRequests, [], 'no request went to the proxy in the clear');

    const result = await vscode.commands.executeCommand<{ report: string }>('modelAccess.testConnection');
    assert.ok(result.report.includes(`[PASS] Proxy: ${proxy.url} (from http.proxy), CONNECT tunnel`), result.report);

    await setHttpSetting('proxy', undefined);
    const count = proxy.connects.length;
    await (await clients.getClient()).listModels();
    assert.equal(proxy.connects.length, count, 'with the setting removed, requests go direct again');
  });
});
