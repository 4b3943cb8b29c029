import * as vscode from 'vscode';
import { checkBaseUrl, invalidBaseUrlError, maskKey, ModelAccessClient } from '../../api';
import type { KeyStore } from '../auth/keyStore';
import { onDidChangeSettings, readSettings, type Settings } from '../config/settings';
import type { Log } from '../logging/log';
import { networkWarnings } from '../network/networkReport';
import type { NetworkProvider, NetworkState } from '../network/networkSettings';
import { Disposable } from '../util/disposable';
import { ConfigurationError } from './configurationError';

export { ConfigurationError, type ConfigurationAction } from './configurationError';

function connectionFingerprint(settings: Settings): string {
  return JSON.stringify([settings.baseUrl, settings.retry.maxRetries, settings.retry.initialDelayMs]);
}

/**
 * Builds the API client from the settings and the key, and keeps it until either changes:
 * every caller shares one client, and a settings change takes effect without a reload.
 */
export class ClientProvider extends Disposable {
  private cached: { client: ModelAccessClient; fingerprint: string; network: NetworkState } | undefined;
  /** Network warnings already shown this session: each is shown once, and logged each time. */
  private readonly warned = new Set<string>();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fired when the key or a setting the client depends on changed: the next getClient() builds a new client. */
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor(
    private readonly keyStore: KeyStore,
    private readonly log: Log,
    private readonly network: NetworkProvider,
    private readonly settings: () => Settings = readSettings,
  ) {
    super();
    this.register(keyStore.onDidChange(() => this.invalidate()));
    this.register(network.onDidChange(() => this.invalidate()));
    let connection = connectionFingerprint(this.settings());
    this.register(onDidChangeSettings(() => {
      // Only what the client is built from counts: picking another model must not drop the client (or the model list).
      const next = connectionFingerprint(this.settings());
      if (next !== connection) {
        connection = next;
        this.invalidate();
      }
    }));
  }

  async getClient(): Promise<ModelAccessClient> {
    const settings = this.settings();
    if (!settings.baseUrl) {
      throw new ConfigurationError('No base URL is set. Run "Model Access: Set Base URL".', 'setBaseUrl');
    }
    // A refused URL (credentials, a query) builds no client, and is neither logged nor shown: the
    // error (the client's own, so every view maps it alike) carries only the reason.
    const checked = checkBaseUrl(settings.baseUrl);
    if (!checked.ok) {
      throw invalidBaseUrlError(checked.reason);
    }
    const apiKey = await this.keyStore.get();
    if (!apiKey) {
      throw new ConfigurationError('No API key is set. Run "Model Access: Set API Key".', 'setApiKey');
    }
    this.log.addSecret(apiKey);
    const connection = connectionFingerprint(settings);
    const fingerprint = JSON.stringify([connection, apiKey]);
    const network = await this.network.current();
    if (this.cached?.fingerprint !== fingerprint || this.cached.network !== network) {
      this.warnAboutNetwork(network, settings.baseUrl);
      const source = await this.keyStore.source().catch(() => undefined);
      // Calls overlap (VS Code asks the language-model provider while views do): one that finished
      // its wait first has cached the client, which must stay the one every caller shares; and
      // settings changed meanwhile make this call's client stale.
      if (this.cached?.fingerprint === fingerprint && this.cached.network === network) return this.cached.client;
      if (connectionFingerprint(this.settings()) !== connection) return this.getClient();
      this.log.info(`Using ${settings.baseUrl} with the key ${maskKey(apiKey)} (from ${source === 'environment' ? 'MODEL_ACCESS_API_KEY' : 'secret storage'}); ` +
        `retries on 429: ${settings.retry.maxRetries}, first wait ${settings.retry.initialDelayMs} ms.`);
      this.cached = {
        fingerprint,
        network,
        client: new ModelAccessClient({ baseUrl: settings.baseUrl, apiKey, retry: settings.retry, log: this.log.request, network: network.network.options }),
      };
    }
    return this.cached.client;
  }

  private warnAboutNetwork(network: NetworkState, baseUrl: string): void {
    let url: URL | undefined;
    try {
      url = new URL(baseUrl);
    } catch {
      url = undefined;
    }
    for (const warning of networkWarnings(network.proxies, network.cas, url)) {
      this.log.warn(warning);
      if (!this.warned.has(warning)) {
        this.warned.add(warning);
        void vscode.window.showWarningMessage(`Model Access: ${warning}`);
      }
    }
  }

  /**
   * Tells listeners to ask again. The cached client stays: getClient() compares its fingerprint
   * (connection settings and key) and builds a new client only when one of them really changed. A
   * key change is often announced twice (by set() and, later, by SecretStorage's own echo of it),
   * and the late echo must not throw away a client built meanwhile for the same key.
   */
  private invalidate(): void {
    this.changed.fire();
  }
}
