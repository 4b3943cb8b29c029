// Pure Node (no vscode): the undici dispatchers for the resolved proxy and CA configuration, and
// the NetworkOptions the API client takes. Every request goes through `route`, so the proxy
// decision shown in errors and reports is the one that sent the request.
import * as l10n from '@vscode/l10n';
import type { Dispatcher } from 'undici';
import type { NetworkOptions, NetworkRoute } from '../../api';
import { CA_CERTIFICATES_SETTING, type CaConfig } from './certificates';
import { displayProxy, proxyFor, type ProxyConfig, type ProxyServer } from './proxyConfig';

/**
 * What each kind of failure asks the user to set; the API client appends it to its message. Built
 * per network (not at module load) so it is in the display language.
 */
export function networkHints(): NonNullable<NetworkOptions['hints']> {
  return {
    proxy: l10n.t('Check the http.proxy setting (or HTTPS_PROXY / HTTP_PROXY) and http.noProxy (or NO_PROXY).'),
    proxyAuth: l10n.t('Set http.proxyAuthorization (for example "Basic " followed by base64 of user:password), or put user:password@ in the proxy URL.'),
    certificate: l10n.t('If your network inspects TLS, add its CA certificate (a PEM file) to the setting {0}, or set NODE_EXTRA_CA_CERTS.', CA_CERTIFICATES_SETTING),
  };
}

export interface Network {
  options: NetworkOptions;
  /** Closes every connection of the dispatchers. */
  close(): Promise<void>;
}

/**
 * Async because undici is loaded here, on the first request, not with the extension (activation
 * sends nothing, and evaluating undici costs more than the rest of activation together).
 */
export async function buildNetwork(proxies: ProxyConfig, cas: CaConfig): Promise<Network> {
  const { Agent, ProxyAgent } = await import('undici');
  // One TLS configuration for the server (direct or through a tunnel) and for an https:// proxy.
  const tlsOptions = { ...(cas.ca ? { ca: cas.ca } : {}), rejectUnauthorized: proxies.strictSSL };
  const direct = new Agent({ connect: tlsOptions });
  const agents = new Map<ProxyServer, Dispatcher>();
  const agentFor = (proxy: ProxyServer): Dispatcher => {
    let agent = agents.get(proxy);
    if (!agent) {
      // Always a CONNECT tunnel (undici's default): the proxy relays bytes and never sees a request header.
      agent = new ProxyAgent({
        uri: proxy.url.href,
        ...(proxies.proxyAuthorization ? { token: proxies.proxyAuthorization } : {}),
        requestTls: tlsOptions,
        proxyTls: tlsOptions,
        proxyTunnel: true,
      });
      agents.set(proxy, agent);
    }
    return agent;
  };
  const route = (url: URL): NetworkRoute => {
    const proxy = proxyFor(proxies, url);
    return proxy ? { dispatcher: agentFor(proxy), proxy: displayProxy(proxy.url) } : { dispatcher: direct };
  };
  return {
    options: {
      route,
      // Loaded when a certificate was refused: its https/tls/net modules are not needed before.
      certificateIssuer: async (url) => (await import('./certificateIssuer')).readCertificateIssuer(url, proxyFor(proxies, url), proxies.proxyAuthorization),
      hints: networkHints(),
    },
    close: async () => {
      await Promise.all([direct.close(), ...[...agents.values()].map((agent) => agent.close())]);
    },
  };
}
