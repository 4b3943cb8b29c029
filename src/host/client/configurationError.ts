// Pure (no vscode), so the error mapping that recognizes it runs in plain Node tests.

export type ConfigurationAction = 'setApiKey' | 'setBaseUrl';

/** The client cannot be built: something the user must set first. `action` names the command that fixes it. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';

  constructor(message: string, readonly action: ConfigurationAction) {
    super(message);
  }
}
