import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import { CA_CERTIFICATES_SETTING, loadCaConfig, type CaConfig } from './certificates';
import { buildNetwork, type Network } from './networkRoutes';
import { resolveProxyConfig, type ProxyConfig } from './proxyConfig';

const ENV_NAMES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY', 'NODE_EXTRA_CA_CERTS'];

export interface NetworkState {
  network: Network;
  proxies: ProxyConfig;
  cas: CaConfig;
}

/**
 * Only user (global) values: like the base URL, where requests go and whom they trust must never
 * come from a workspace.
 */
function readRaw(): { http: Record<string, unknown>; caCertificates: unknown; env: Record<string, string | undefined> } {
  const http = vscode.workspace.getConfiguration('http');
  const global = (key: string): unknown => http.inspect(key)?.globalValue;
  const env: Record<string, string | undefined> = {};
  for (const name of ENV_NAMES) env[name] = process.env[name];
  return {
    http: { proxy: global('proxy'), proxyStrictSSL: global('proxyStrictSSL'), proxyAuthorization: global('proxyAuthorization'), noProxy: global('noProxy') },
    caCertificates: vscode.workspace.getConfiguration().inspect(CA_CERTIFICATES_SETTING)?.globalValue,
    env,
  };
}

/** The network configuration in use, rebuilt (and the old connections closed) when a setting it reads changes. */
export class NetworkProvider extends Disposable {
  private cached: { fingerprint: string; state: Promise<NetworkState> } | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor() {
    super();
    this.register(vscode.workspace.onDidChangeConfiguration((event) => {
      if (['http.proxy', 'http.proxyStrictSSL', 'http.proxyAuthorization', 'http.noProxy', CA_CERTIFICATES_SETTING].some((key) => event.affectsConfiguration(key))) {
        this.changed.fire();
      }
    }));
    this.register({ dispose: () => void this.cached?.state.then((state) => state.network.close()).catch(() => undefined) });
  }

  /** The current state; built again only when the settings or environment it was built from differ. */
  current(): Promise<NetworkState> {
    const raw = readRaw();
    const fingerprint = JSON.stringify(raw);
    if (this.cached?.fingerprint !== fingerprint) {
      const previous = this.cached?.state;
      this.cached = {
        fingerprint,
        state: loadCaConfig(raw.caCertificates, raw.env).then(async (cas) => {
          const proxies = resolveProxyConfig({ ...raw.http, env: raw.env });
          return { network: await buildNetwork(proxies, cas), proxies, cas };
        }),
      };
      // Requests in flight keep their connections; the old dispatchers close once those end.
      void previous?.then((state) => state.network.close()).catch(() => undefined);
    }
    return this.cached.state;
  }
}
