import * as vscode from 'vscode';
import { checkBaseUrl, invalidBaseUrlError, maskKey, ModelAccessClient } from '../../api';
import type { KeyStore } from '../auth/keyStore';
import { settingsForProfile } from '../config/parseSettings';
import { onDidChangeSettings, readSettings, type Settings } from '../config/settings';
import { DEFAULT_PROFILE_NAME } from '../profiles/profiles';
import type { Log } from '../logging/log';
import { networkWarnings } from '../network/networkReport';
import type { NetworkProvider, NetworkState } from '../network/networkSettings';
import { Disposable } from '../util/disposable';
import { ConfigurationError } from './configurationError';

export { ConfigurationError, type ConfigurationAction } from './configurationError';

/** What one profile's client is built from, apart from its key. */
function profileFingerprint(settings: Settings): string {
  return JSON.stringify([settings.baseUrl, settings.profile.headers, settings.retry.maxRetries, settings.retry.initialDelayMs]);
}

/** What any client is built from: every profile's endpoint and the retry settings (not the active choice). */
function connectionFingerprint(settings: Settings): string {
  return JSON.stringify([settings.profiles.map((profile) => [profile.name, profile.baseUrl, profile.headers]), settings.retry]);
}

/**
 * Builds one API client per endpoint profile from the settings and that profile's key, and keeps
 * each until either changes: every caller shares it, and a settings change takes effect without a
 * reload. `profile` absent means the active profile.
 */
export class ClientProvider extends Disposable {
  private readonly cached = new Map<string, { client: ModelAccessClient; fingerprint: string; network: NetworkState }>();
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

  /** The name of the profile getClient() uses when none is given. */
  activeProfile(): string {
    return this.settings().profile.name;
  }

  async getClient(profile?: string): Promise<ModelAccessClient> {
    const settings = settingsForProfile(this.settings(), profile);
    const name = settings.profile.name;
    if (profile !== undefined && name !== profile) {
      throw new ConfigurationError(vscode.l10n.t('There is no endpoint profile named "{0}" in modelAccess.profiles.', profile), 'setBaseUrl');
    }
    if (!settings.baseUrl) {
      throw new ConfigurationError(vscode.l10n.t('No base URL is set. Run "Model Access: Set Base URL".'), 'setBaseUrl');
    }
    // A refused URL (credentials, a query) builds no client, and is neither logged nor shown: the
    // error (the client's own, so every view maps it alike) carries only the reason.
    const checked = checkBaseUrl(settings.baseUrl);
    if (!checked.ok) {
      throw invalidBaseUrlError(checked.reason);
    }
    const apiKey = await this.keyStore.get(name);
    if (!apiKey) {
      throw new ConfigurationError(name === DEFAULT_PROFILE_NAME
        ? vscode.l10n.t('No API key is set. Run "Model Access: Set API Key".')
        : vscode.l10n.t('No API key is set for the profile "{0}". Run "Model Access: Set API Key".', name), 'setApiKey');
    }
    this.log.addSecret(apiKey);
    const connection = profileFingerprint(settings);
    const fingerprint = JSON.stringify([connection, apiKey]);
    const network = await this.network.current();
    let cached = this.cached.get(name);
    if (cached?.fingerprint !== fingerprint || cached.network !== network) {
      this.warnAboutNetwork(network, settings.baseUrl);
      const source = await this.keyStore.source(name).catch(() => undefined);
      // Calls overlap (VS Code asks the language-model provider while views do): one that finished
      // its wait first has cached the client, which must stay the one every caller shares; and
      // settings changed meanwhile make this call's client stale.
      const settled = this.cached.get(name);
      if (settled?.fingerprint === fingerprint && settled.network === network) return settled.client;
      if (profileFingerprint(settingsForProfile(this.settings(), name)) !== connection) return this.getClient(profile);
      this.log.info(`Using ${settings.baseUrl} (profile ${name}) with the key ${maskKey(apiKey)} (from ${source === 'environment' ? 'MODEL_ACCESS_API_KEY' : 'secret storage'}); ` +
        `retries on 429: ${settings.retry.maxRetries}, first wait ${settings.retry.initialDelayMs} ms.`);
      cached = {
        fingerprint,
        network,
        client: new ModelAccessClient({
          baseUrl: settings.baseUrl, apiKey, retry: settings.retry, log: this.log.request, network: network.network.options, headers: settings.profile.headers,
        }),
      };
      this.cached.set(name, cached);
    }
    return cached.client;
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
        void vscode.window.showWarningMessage(vscode.l10n.t('Model Access: {0}', warning));
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
