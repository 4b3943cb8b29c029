import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';

export type KeySource = 'secretStorage' | 'environment';

/** The SecretStorage entry; the key is stored nowhere else. */
const SECRET_ID = 'modelAccess.apiKey';
export const API_KEY_ENV_VAR = 'MODEL_ACCESS_API_KEY';

/** SecretStorage is unavailable (typically no keyring on Linux); the message says what to do instead. */
export class KeyStoreError extends Error {
  override readonly name = 'KeyStoreError';
}

function secretStorageFailure(action: 'read' | 'store' | 'delete', cause: unknown): KeyStoreError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new KeyStoreError(
    `VS Code could not ${action} the API key in its secret storage (${reason}). ` +
      `On Linux this usually means no keyring (for example gnome-keyring) is running. ` +
      `Instead, you can set the ${API_KEY_ENV_VAR} environment variable before starting VS Code.`,
  );
}

function envKey(env: NodeJS.ProcessEnv): string | undefined {
  const value = env[API_KEY_ENV_VAR]?.trim();
  return value ? value : undefined;
}

/** The API key: SecretStorage first, then the MODEL_ACCESS_API_KEY environment variable. */
export class KeyStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    super();
    // Also catches changes made by another window of the same profile.
    this.register(secrets.onDidChange((event) => {
      if (event.key === SECRET_ID) {
        this.changed.fire();
      }
    }));
  }

  /**
   * The key, trimmed, or undefined when none is set anywhere.
   * Throws KeyStoreError only when SecretStorage fails and there is no environment fallback.
   */
  async get(): Promise<string | undefined> {
    return (await this.lookup()).key;
  }

  async source(): Promise<KeySource | undefined> {
    return (await this.lookup()).source;
  }

  /** Stores the key (trimmed); the caller validates it first. */
  async set(key: string): Promise<void> {
    try {
      await this.secrets.store(SECRET_ID, key.trim());
    } catch (error) {
      throw secretStorageFailure('store', error);
    }
    this.changed.fire();
  }

  async clear(): Promise<void> {
    try {
      await this.secrets.delete(SECRET_ID);
    } catch (error) {
      throw secretStorageFailure('delete', error);
    }
    this.changed.fire();
  }

  private async lookup(): Promise<{ key?: string; source?: KeySource }> {
    let stored: string | undefined;
    try {
      stored = (await this.secrets.get(SECRET_ID))?.trim();
    } catch (error) {
      const fallback = envKey(this.env);
      if (fallback) {
        return { key: fallback, source: 'environment' };
      }
      throw secretStorageFailure('read', error);
    }
    if (stored) {
      return { key: stored, source: 'secretStorage' };
    }
    const fallback = envKey(this.env);
    return fallback ? { key: fallback, source: 'environment' } : {};
  }
}
