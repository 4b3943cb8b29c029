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
  let before: { proxy: unknown; proxyStrictSSL: unknown };

  beforeEach(async () => {
    const http = vscode.workspace.getConfiguration('http');
    before = { proxy: http.inspect('proxy')?.globalValue, proxyStrictSSL: http.inspect('proxyStrictSSL')?.globalValue };
    proxy = await startTestProxy();
  });
  afterEach(async () => {
    await setHttpSetting('proxy', before.proxy);
    await setHttpSetting('proxyStrictSSL', before.proxyStrictSSL);
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

  it('http.proxyStrictSSL false: Test Connection warns that certificates are not checked', async () => {
    await setHttpSetting('proxyStrictSSL', false);
    const result = await vscode.commands.executeCommand<{ status: string; report: string }>('modelAccess.testConnection');
    assert.equal(result.status, 'warn');
    assert.match(result.report, /\[WARN\] Certificates: verification OFF \(http\.proxyStrictSSL is false\)/);
    assert.match(result.report, /\[WARN\] Network: TLS certificate verification is OFF because http\.proxyStrictSSL is false/);
  });
});
