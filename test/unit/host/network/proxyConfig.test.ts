import assert from 'node:assert/strict';
import { bypassesProxy, displayProxy, proxyFor, resolveProxyConfig } from '../../../../src/host/network/proxyConfig';

describe('proxy configuration', () => {
  it('http.proxy wins over the environment, for http and https alike', () => {
    const config = resolveProxyConfig({ proxy: 'http://setting:8080', env: { HTTPS_PROXY: 'http://env:3128', HTTP_PROXY: 'http://env:3129' } });
    assert.equal(config.https?.url.host, 'setting:8080');
    assert.equal(config.http?.url.host, 'setting:8080');
    assert.equal(config.https?.source, 'http.proxy');
  });

  it('without the setting: https_proxy / HTTPS_PROXY for https, HTTP_PROXY for http and as the https fallback', () => {
    const both = resolveProxyConfig({ env: { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2', HTTP_PROXY: 'plain:3' } });
    assert.equal(both.https?.url.host, 'lower:1');
    assert.equal(both.https?.source, 'https_proxy');
    assert.equal(both.http?.url.href, 'http://plain:3/', 'a proxy without scheme is http');
    const onlyHttp = resolveProxyConfig({ env: { HTTP_PROXY: 'http://only:3' } });
    assert.equal(onlyHttp.https?.url.host, 'only:3');
    assert.equal(resolveProxyConfig({ env: {} }).https, undefined);
  });

  it('http.noProxy wins over NO_PROXY; blank and non-string entries are ignored', () => {
    assert.deepEqual(resolveProxyConfig({ noProxy: ['A.example', '', 7], env: { NO_PROXY: 'b.example' } }).noProxy, ['a.example']);
    const fromEnv = resolveProxyConfig({ noProxy: [], env: { NO_PROXY: 'b.example, c.example' } });
    assert.deepEqual(fromEnv.noProxy, ['b.example', 'c.example']);
    assert.equal(fromEnv.noProxySource, 'NO_PROXY');
  });

  it('verification stays on unless http.proxyStrictSSL is exactly false', () => {
    assert.equal(resolveProxyConfig({ env: {} }).strictSSL, true);
    assert.equal(resolveProxyConfig({ proxyStrictSSL: 'false', env: {} }).strictSSL, true);
    assert.equal(resolveProxyConfig({ proxyStrictSSL: false, env: {} }).strictSSL, false);
  });

  it('an unusable proxy value is reported and ignored', () => {
    const socks = resolveProxyConfig({ proxy: 'socks5://p:1080', env: {} });
    assert.equal(socks.https, undefined);
    assert.match(socks.problems[0] ?? '', /http\.proxy uses socks5:/);
    assert.match(resolveProxyConfig({ proxy: 'http://[bad', env: {} }).problems[0] ?? '', /not a valid proxy URL/);
  });

  it('no_proxy matches the host, its subdomains, a port, or everything', () => {
    const url = new URL('https://api.example.com:8443/v1');
    assert.equal(bypassesProxy(['example.com'], url), true);
    assert.equal(bypassesProxy(['.example.com'], url), true);
    assert.equal(bypassesProxy(['*.example.com'], url), true);
    assert.equal(bypassesProxy(['api.example.com:8443'], url), true);
    assert.equal(bypassesProxy(['api.example.com:443'], url), false);
    assert.equal(bypassesProxy(['ample.com', 'other.org'], url), false);
    assert.equal(bypassesProxy(['*'], url), true);
    assert.equal(bypassesProxy(['::1'], new URL('http://[::1]:8787/v1')), true);
    assert.equal(bypassesProxy(['example.com'], new URL('https://example.com/v1')), true, 'default port');
  });

  it('proxyFor picks the proxy of the scheme unless the host bypasses it', () => {
    const config = resolveProxyConfig({ proxy: 'http://p:1', noProxy: ['local.test'], env: {} });
    assert.equal(proxyFor(config, new URL('https://api.test/v1'))?.url.host, 'p:1');
    assert.equal(proxyFor(config, new URL('https://local.test/v1')), undefined);
  });

  it('credentials never show', () => {
    assert.equal(displayProxy(new URL('http://alice:s3cret@proxy.corp:3128')), 'http://***:***@proxy.corp:3128');
    assert.equal(displayProxy(new URL('http://proxy.corp:3128/')), 'http://proxy.corp:3128');
  });
});
