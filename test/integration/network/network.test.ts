import assert from 'node:assert/strict';
import { ApiError, CLIENT_ERROR_CODES, ModelAccessClient, type StreamEvent } from '../../../src/api';
import { loadCaConfig } from '../../../src/host/network/certificates';
import { buildNetwork, type Network } from '../../../src/host/network/networkRoutes';
import { resolveProxyConfig, type RawProxySettings } from '../../../src/host/network/proxyConfig';
import { maskKey, startReferenceServer, type ReferenceServer } from '../../../server';
import { startTestProxy, type TestProxy } from './proxyServer';
import { createTestCa, type TestCa } from './testCa';
import { waitFor } from '../../harness/timeFactor';

const KEY = 'demo-key';

interface Setup {
  http?: Omit<RawProxySettings, 'env'>;
  caCertificates?: unknown;
  env?: Record<string, string | undefined>;
}

/** Chats with echo-1 through the network the host would build from these settings. */
async function chatVia(server: ReferenceServer, setup: Setup, networks: Network[]): Promise<{ text: string; error?: unknown }> {
  const env = setup.env ?? {};
  const network = await buildNetwork(resolveProxyConfig({ ...setup.http, env }), await loadCaConfig(setup.caCertificates, env));
  networks.push(network);
  const client = new ModelAccessClient({ baseUrl: server.baseUrl, apiKey: KEY, retry: { maxRetries: 0 }, network: network.options });
  let text = '';
  try {
    for await (const event of client.chat({ model: 'echo-1', messages: [{ role: 'user', content: 'through the network' }] }) as AsyncIterable<StreamEvent>) {
      if (event.type === 'text') text += event.text;
    }
  } catch (error) {
    return { text, error };
  }
  return { text };
}

function apiError(error: unknown): ApiError {
  assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
  return error;
}

describe('network × reference server over HTTPS: proxies and certificates', () => {
  let ca: TestCa;
  let untrusted: TestCa;
  let server: ReferenceServer;
  let plain: ReferenceServer;
  let proxy: TestProxy;
  let authProxy: TestProxy;
  const networks: Network[] = [];
  const host = (): string => new URL(server.baseUrl).host;

  before(async function () {
    this.timeout(30_000);
    ca = createTestCa();
    untrusted = createTestCa('Some Other CA');
    server = await startReferenceServer({ tls: { key: ca.key, cert: ca.cert } });
    plain = await startReferenceServer();
    proxy = await startTestProxy();
    authProxy = await startTestProxy({ credentials: { user: 'alice', password: 's3cret' } });
  });
  after(async () => {
    await Promise.all(networks.map((network) => network.close()));
    await Promise.all([server.close(), plain.close(), proxy.close(), authProxy.close()]);
    ca.dispose();
    untrusted.dispose();
  });
  beforeEach(() => {
    proxy.connects.length = 0;
    authProxy.connects.length = 0;
  });

  it('a chat goes through the proxy in a CONNECT tunnel; the proxy never sees the key or any header', async () => {
    const { text, error } = await chatVia(server, { http: { proxy: proxy.url }, caCertificates: [ca.caFile] }, networks);
    assert.equal(error, undefined);
    assert.match(text, /through the network/);
    assert.deepEqual(proxy.connects, [host()]);
    assert.deepEqual(proxy.plainRequests, []);
    const relayed = proxy.relayed();
    assert.ok(relayed.length > 0, 'bytes went through the tunnel');
    assert.ok(!relayed.includes(KEY) && !relayed.toString('latin1').toLowerCase().includes('authorization'), 'the tunnel carried only TLS records');
    assert.equal(server.requests().at(-1)?.keyHint, maskKey(KEY), 'the server got the key');
  });

  it('Stop through the proxy closes the connection: the server sees the client leave', async () => {
    const env = {};
    const network = await buildNetwork(resolveProxyConfig({ proxy: proxy.url, env }), await loadCaConfig([ca.caFile], env));
    networks.push(network);
    const client = new ModelAccessClient({ baseUrl: server.baseUrl, apiKey: KEY, retry: { maxRetries: 0 }, network: network.options });
    const controller = new AbortController();
    let caught: unknown;
    try {
      for await (const event of client.chat({ model: 'slow-1', messages: [{ role: 'user', content: 'x' }] }, { signal: controller.signal })) {
        if (event.type === 'text') controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    assert.equal((caught as Error | undefined)?.name, 'AbortError');
    await waitFor(() => server.requests().at(-1)?.outcome === 'client-closed', 2000, 'the server to see the close');
    assert.equal(server.requests().filter((r) => r.model === 'slow-1').length, 1, 'sent once');
    assert.equal(server.requests().at(-1)?.model, 'slow-1');
    assert.equal(server.requests().at(-1)?.outcome, 'client-closed');
    assert.ok(proxy.connects.length > 0 && proxy.connects.every((target) => target === host()), proxy.connects.join(', '));
  });

  it('HTTPS_PROXY from the environment is used when http.proxy is not set, and http.proxy wins over it', async () => {
    const fromEnv = await chatVia(server, { caCertificates: [ca.caFile], env: { HTTPS_PROXY: proxy.url } }, networks);
    assert.equal(fromEnv.error, undefined);
    assert.deepEqual(proxy.connects, [host()]);
    const fromSetting = await chatVia(server, { http: { proxy: `http://alice:s3cret@127.0.0.1:${authProxy.port}` }, caCertificates: [ca.caFile], env: { HTTPS_PROXY: proxy.url } }, networks);
    assert.equal(fromSetting.error, undefined);
    assert.deepEqual(proxy.connects, [host()], 'the environment proxy was not used again');
    assert.deepEqual(authProxy.connects, [host()]);
  });

  it('http.noProxy (and NO_PROXY) bypass the proxy', async () => {
    const bySetting = await chatVia(server, { http: { proxy: proxy.url, noProxy: ['127.0.0.1'] }, caCertificates: [ca.caFile] }, networks);
    assert.equal(bySetting.error, undefined);
    const byEnv = await chatVia(server, { caCertificates: [ca.caFile], env: { HTTPS_PROXY: proxy.url, NO_PROXY: `localhost,127.0.0.1:${server.port}` } }, networks);
    assert.equal(byEnv.error, undefined);
    assert.deepEqual(proxy.connects, []);
  });

  it('407 without credentials says to set http.proxyAuthorization; with them the chat works', async () => {
    const refused = await chatVia(server, { http: { proxy: authProxy.url }, caCertificates: [ca.caFile] }, networks);
    const error = apiError(refused.error);
    assert.equal(error.code, CLIENT_ERROR_CODES.proxyAuthRequired);
    assert.match(error.message, /requires authentication \(HTTP 407/);
    assert.match(error.message, /http\.proxyAuthorization/);
    assert.ok(error.message.includes(authProxy.url), error.message);

    const wrong = await chatVia(server, { http: { proxy: authProxy.url, proxyAuthorization: 'Basic d3Jvbmc6d3Jvbmc=' }, caCertificates: [ca.caFile] }, networks);
    assert.equal(apiError(wrong.error).code, CLIENT_ERROR_CODES.proxyAuthRequired);

    const header = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;
    const accepted = await chatVia(server, { http: { proxy: authProxy.url, proxyAuthorization: header }, caCertificates: [ca.caFile] }, networks);
    assert.equal(accepted.error, undefined);
    assert.match(accepted.text, /through the network/);
  });

  it('credentials in the proxy URL are used and masked in messages', async () => {
    const accepted = await chatVia(server, { http: { proxy: `http://alice:s3cret@127.0.0.1:${authProxy.port}` }, caCertificates: [ca.caFile] }, networks);
    assert.equal(accepted.error, undefined);
    const refused = await chatVia(server, { http: { proxy: `http://alice:wrong@127.0.0.1:${authProxy.port}` }, caCertificates: [ca.caFile] }, networks);
    const error = apiError(refused.error);
    assert.equal(error.code, CLIENT_ERROR_CODES.proxyAuthRequired);
    assert.ok(!error.message.includes('wrong') && error.message.includes('***:***@'), error.message);
  });

  it('a proxy that is not there: "Could not reach the proxy", naming the setting', async () => {
    const closed = await startTestProxy();
    await closed.close();
    const { error } = await chatVia(server, { http: { proxy: closed.url }, caCertificates: [ca.caFile] }, networks);
    const failure = apiError(error);
    assert.equal(failure.code, CLIENT_ERROR_CODES.proxyUnreachable);
    assert.match(failure.message, new RegExp(`Could not reach the proxy http://127\\.0\\.0\\.1:${closed.port}: the connection was refused\\. Check the http\\.proxy setting`));
  });

  it('a custom CA from modelAccess.network.caCertificates or NODE_EXTRA_CA_CERTS is trusted', async () => {
    assert.equal((await chatVia(server, { caCertificates: [ca.caFile] }, networks)).error, undefined);
    assert.equal((await chatVia(server, { env: { NODE_EXTRA_CA_CERTS: ca.caFile } }, networks)).error, undefined);
  });

  for (const via of ['directly', 'through the proxy'] as const) {
    it(`an untrusted certificate is refused ${via}, naming its issuer and the setting to use`, async () => {
      const before = server.requests().length;
      const { error } = await chatVia(server, { http: via === 'directly' ? {} : { proxy: proxy.url }, caCertificates: [untrusted.caFile] }, networks);
      const failure = apiError(error);
      assert.equal(failure.code, CLIENT_ERROR_CODES.certificateUntrusted);
      assert.match(failure.message, new RegExp(`The certificate of ${host().replace(/\./g, '\\.')}, issued by "Model Access Test CA, Model Access Tests", is not trusted \\(`));
      assert.match(failure.message, /modelAccess\.network\.caCertificates/);
      assert.equal(server.requests().length, before, 'no request reached the server');
    });
  }

  it('http.proxyStrictSSL false turns verification off (the only way to)', async () => {
    const { error } = await chatVia(server, { http: { proxyStrictSSL: false } }, networks);
    assert.equal(error, undefined);
  });

  it('an http:// base URL goes through the tunnel too (the proxy sees no plain request)', async () => {
    const { error, text } = await chatVia(plain, { http: { proxy: proxy.url } }, networks);
    assert.equal(error, undefined);
    assert.match(text, /through the network/);
    assert.deepEqual(proxy.connects, [new URL(plain.baseUrl).host]);
    assert.deepEqual(proxy.plainRequests, []);
  });
});
