import * as vscode from 'vscode';
import { DEFAULT_PROFILE_NAME, profileOfSecretId, profileSecretId } from '../profiles/profiles';
import { Disposable } from '../util/disposable';

export type KeySource = 'secretStorage' | 'environment';
export const API_KEY_ENV_VAR = 'MODEL_ACCESS_API_KEY';

/** SecretStorage is unavailable (typically no keyring on Linux); the message says what to do instead. */
export class KeyStoreError extends Error {
  override readonly name = 'KeyStoreError';
}

function secretStorageFailure(action: 'read' | 'store' | 'delete', cause: unknown): KeyStoreError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const what = {
    read: () => vscode.l10n.t('VS Code could not read the API key in its secret storage ({0}).', reason),
    store: () => vscode.l10n.t('VS Code could not store the API key in its secret storage ({0}).', reason),
    delete: () => vscode.l10n.t('VS Code could not delete the API key in its secret storage ({0}).', reason),
  }[action]();
  return new KeyStoreError(`${what} ${vscode.l10n.t(
    'On Linux this usually means no keyring (for example gnome-keyring) is running. Instead, you can set the {0} environment variable before starting VS Code.',
    API_KEY_ENV_VAR,
  )}`);
}

function envKey(env: NodeJS.ProcessEnv): string | undefined {
  const value = env[API_KEY_ENV_VAR]?.trim();
  return value ? value : undefined;
}

/**
 * The API keys, one per endpoint profile (see profileSecretId; the default profile's is the
 * historical modelAccess.apiKey entry): SecretStorage first, then, for the default profile only, the
 * MODEL_ACCESS_API_KEY environment variable. `profile` absent means the default profile.
 */
export class KeyStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<string>());
  /** Fires with the name of the profile whose key changed. */
  readonly onDidChange: vscode.Event<string> = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    super();
    // Also catches changes made by another window of the same profile.
    this.register(secrets.onDidChange((event) => {
      const profile = profileOfSecretId(event.key);
      if (profile !== undefined) {
        this.changed.fire(profile);
      }
    }));
  }

  /**
   * The key, trimmed, or undefined when none is set anywhere.
   * Throws KeyStoreError only when SecretStorage fails and there is no environment fallback.
   */
  async get(profile: string = DEFAULT_PROFILE_NAME): Promise<string | undefined> {
    return (await this.lookup(profile)).key;
  }

  async source(profile: string = DEFAULT_PROFILE_NAME): Promise<KeySource | undefined> {
    return (await this.lookup(profile)).source;
  }

  /** Stores the key (trimmed); the caller validates it first. */
  async set(key: string, profile: string = DEFAULT_PROFILE_NAME): Promise<void> {
    try {
      await this.secrets.store(profileSecretId(profile), key.trim());
    } catch (error) {
      throw secretStorageFailure('store', error);
    }
    this.changed.fire(profile);
  }

  async clear(profile: string = DEFAULT_PROFILE_NAME): Promise<void> {
    try {
      await this.secrets.delete(profileSecretId(profile));
    } catch (error) {
      throw secretStorageFailure('delete', error);
    }
    this.changed.fire(profile);
  }

  private async lookup(profile: string): Promise<{ key?: string; source?: KeySource }> {
    // The environment variable stands for the default profile's key only: another endpoint never gets it.
    const env = profile === DEFAULT_PROFILE_NAME ? this.env : {};
    let stored: string | undefined;
    try {
      stored = (await this.secrets.get(profileSecretId(profile)))?.trim();
    } catch (error) {
      const fallback = envKey(env);
      if (fallback) {
        return { key: fallback, source: 'environment' };
      }
      throw secretStorageFailure('read', error);
    }
    if (stored) {
      return { key: stored, source: 'secretStorage' };
    }
    const fallback = envKey(env);
    return fallback ? { key: fallback, source: 'environment' } : {};
  }
}
