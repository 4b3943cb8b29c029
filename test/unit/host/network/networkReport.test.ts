import assert from 'node:assert/strict';
import { describeCertificates, describeProxy, networkWarnings } from '../../../../src/host/network/networkReport';
import { resolveProxyConfig } from '../../../../src/host/network/proxyConfig';

const noCas = { files: [], problems: [] };

describe('network report and warnings', () => {
  it('describes the proxy in use with its source, credentials masked, and the bypass list', () => {
    const config = resolveProxyConfig({ proxy: 'http://alice:s3cret@proxy.corp:3128', proxyAuthorization: 'Basic c2VjcmV0', noProxy: ['localhost'], env: {} });
    const text = describeProxy(config, new URL('https://api.example.com/v1'));
    assert.equal(text, 'http://***:***@proxy.corp:3128 (from http.proxy, with http.proxyAuthorization (masked)), CONNECT tunnel; no proxy for localhost (from http.noProxy)');
    assert.ok(!text.includes('s3cret') && !text.includes('c2VjcmV0'));
    assert.match(describeProxy(config, new URL('http://localhost:8787/v1')), /^direct: localhost:8787 bypasses http:\/\/\*\*\*:\*\*\*@proxy\.corp:3128/);
    assert.equal(describeProxy(resolveProxyConfig({ env: {} }), new URL('https://a.test/v1')), 'none (direct connection)');
  });

  it('describes the CAs in use, and verification off', () => {
    assert.equal(describeCertificates(resolveProxyConfig({ env: {} }), noCas), "Node's bundled CAs");
    const cas = { files: [{ path: '/etc/corp.pem', source: 'modelAccess.network.caCertificates', subjects: ['CN=Corp CA'] }], problems: [] };
    assert.equal(describeCertificates(resolveProxyConfig({ env: {} }), cas), "Node's bundled CAs + /etc/corp.pem from modelAccess.network.caCertificates: CN=Corp CA");
    assert.match(describeCertificates(resolveProxyConfig({ proxyStrictSSL: false, env: {} }), cas), /verification OFF/);
    const bundle = { files: [{ path: '/etc/ssl/bundle.crt', source: 'NODE_EXTRA_CA_CERTS', subjects: ['CN=A', 'CN=B', 'CN=C', 'CN=D', 'CN=E'] }], problems: [] };
    assert.equal(describeCertificates(resolveProxyConfig({ env: {} }), bundle), "Node's bundled CAs + /etc/ssl/bundle.crt from NODE_EXTRA_CA_CERTS: CN=A; CN=B; CN=C and 2 more");
  });

  it('warns when verification is off, and when an http:// base URL goes through a proxy', () => {
    assert.deepEqual(networkWarnings(resolveProxyConfig({ env: {} }), noCas, new URL('https://a.test/v1')), []);
    const off = networkWarnings(resolveProxyConfig({ proxyStrictSSL: false, env: {} }), noCas, new URL('https://a.test/v1'));
    assert.equal(off.length, 1);
    assert.match(off[0] ?? '', /verification is OFF because http\.proxyStrictSSL is false/);
    const proxied = resolveProxyConfig({ proxy: 'http://p:1', env: {} });
    assert.match(networkWarnings(proxied, noCas, new URL('http://server.lan/v1'))[0] ?? '', /http:\/\/ and goes through the proxy http:\/\/p:1: the proxy can read the API key/);
    assert.deepEqual(networkWarnings(proxied, noCas, new URL('https://server.lan/v1')), []);
  });

  it('passes on the problems of the settings and CA files', () => {
    const warnings = networkWarnings(resolveProxyConfig({ proxy: 'ftp://x', env: {} }), { files: [], problems: ['cannot read /x.pem'] }, undefined);
    assert.equal(warnings.length, 2);
  });
});
