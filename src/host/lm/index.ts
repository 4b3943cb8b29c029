// Registers Model Access as a language-model provider when the editor has the API (VS Code 1.104+),
// and the management command VS Code's "Manage Language Models" opens (registered everywhere, so
// the command palette works on older editors too).
import * as vscode from 'vscode';
import type { ClientProvider } from '../client/clientProvider';
import type { Log } from '../logging/log';
import type { ModelCatalog } from '../models/modelCatalog';
import { ModelAccessChatProvider } from './modelAccessChatProvider';
import { providerRegistration } from './providerApi';

/** The vendor in package.json's `languageModelChatProviders`, and what vscode.lm.selectChatModels filters by. */
export const LANGUAGE_MODEL_VENDOR = 'model-access';
export const MANAGE_COMMAND = 'modelAccess.manageLanguageModels';

export interface LanguageModelProviderDeps {
  clients: ClientProvider;
  catalog: ModelCatalog;
  log: Log;
}

/** The registered provider, or undefined when this editor has no provider API. */
export function registerLanguageModelProvider(context: vscode.ExtensionContext, deps: LanguageModelProviderDeps): ModelAccessChatProvider | undefined {
  context.subscriptions.push(vscode.commands.registerCommand(MANAGE_COMMAND, () => manageConnection()));
  const register = providerRegistration();
  if (!register) {
    deps.log.info(`This editor (VS Code ${vscode.version}) has no language-model provider API: Model Access models appear only in the Model Access views.`);
    return undefined;
  }
  const provider = new ModelAccessChatProvider(deps.clients, deps.catalog, deps.log);
  context.subscriptions.push(provider, register(LANGUAGE_MODEL_VENDOR, provider));
  return provider;
}

/** The key and base URL setup, offered as one choice (VS Code's model management opens this). */
async function manageConnection(): Promise<void> {
  const choices: (vscode.QuickPickItem & { command: string })[] = [
    { label: `$(key) ${vscode.l10n.t('Set API Key')}`, description: vscode.l10n.t('stored in VS Code\'s secret storage'), command: 'modelAccess.setApiKey' },
    { label: `$(globe) ${vscode.l10n.t('Set Base URL')}`, description: vscode.l10n.t('the API address, ending in /v1'), command: 'modelAccess.setBaseUrl' },
    { label: `$(plug) ${vscode.l10n.t('Test Connection')}`, command: 'modelAccess.testConnection' },
    { label: `$(refresh) ${vscode.l10n.t('Refresh Models')}`, command: 'modelAccess.refreshModels' },
  ];
  const picked = await vscode.window.showQuickPick(choices, { title: 'Model Access', placeHolder: vscode.l10n.t('Set up the connection to the Model Access API') });
  if (picked) await vscode.commands.executeCommand(picked.command);
}
