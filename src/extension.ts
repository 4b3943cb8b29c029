import * as vscode from 'vscode';
import { KeyStore } from './host/auth/keyStore';
import { registerChat } from './host/chat';
import { ClientProvider } from './host/client/clientProvider';
import { clearApiKeyCommand, setApiKeyCommand } from './host/commands/apiKeyCommands';
import { setBaseUrlCommand } from './host/commands/baseUrlCommand';
import { trustedArgument } from './host/commands/trustedArgument';
import { copyModelIdCommand, selectModelCommand, useModelCommand } from './host/commands/modelCommands';
import { askAboutSelectionCommand, sendSelectionCommand } from './host/commands/selectionCommands';
import { onDidChangeSettings, readSettings } from './host/config/settings';
import { testConnectionCommand } from './host/connection/connectionTest';
import { updateContextKeys } from './host/context/contextKeys';
import { registerLanguageModelProvider } from './host/lm';
import type { ModelAccessChatProvider } from './host/lm/modelAccessChatProvider';
import { Log } from './host/logging/log';
import { ModelCatalog } from './host/models/modelCatalog';
import { MODELS_VIEW_ID, ModelsTreeProvider } from './host/models/modelsTreeProvider';
import { modelOptionsCommand, type ModelOptionsUi } from './host/modelOptions/modelOptionsCommand';
import { NetworkProvider } from './host/network/networkSettings';
import { ModelStatusBar } from './host/statusBar/modelStatusBar';

/** Handed to the in-host tests only (ExtensionMode.Test): other extensions never get the key store. */
export interface TestHooks {
  keys: KeyStore;
  clients: ClientProvider;
  catalog: ModelCatalog;
  modelsTree: ModelsTreeProvider;
  statusBar: ModelStatusBar;
  log: Log;
  /** Undefined on editors without the language-model provider API. */
  languageModels: ModelAccessChatProvider | undefined;
  /** Fires with the number of items once the Select Model quick pick shows them. */
  onModelPicksShown: vscode.Event<number>;
}

// Wiring only: every piece is created here and disposed through context.subscriptions.
// Nothing here touches the network; the first request happens when a view is shown or a command runs.
export function activate(context: vscode.ExtensionContext): TestHooks | undefined {
  const log = new Log();
  const keys = new KeyStore(context.secrets);
  const networks = new NetworkProvider();
  const clients = new ClientProvider(keys, log, networks);
  const catalog = new ModelCatalog(clients, log);
  const modelsTree = new ModelsTreeProvider(catalog);
  const statusBar = new ModelStatusBar(readSettings().model);
  context.subscriptions.push(log, keys, networks, clients, catalog, modelsTree, statusBar);

  const chat = registerChat(context, { keys, clients, log });
  const languageModels = registerLanguageModelProvider(context, { clients, catalog, log });
  closeChat = () => chat.close();

  // The chat view follows key and settings changes itself; the welcome views need the context keys.
  const refreshContextKeys = async (): Promise<void> => {
    await updateContextKeys(keys, readSettings());
  };
  context.subscriptions.push(
    vscode.window.registerTreeDataProvider(MODELS_VIEW_ID, modelsTree),
    keys.onDidChange(() => void refreshContextKeys()),
    onDidChangeSettings((settings) => {
      statusBar.update(settings.model);
      modelsTree.rerender();
      void refreshContextKeys();
    }),
  );
  void refreshContextKeys();

  const command = (id: string, run: (...args: unknown[]) => unknown): void => {
    context.subscriptions.push(vscode.commands.registerCommand(id, run));
  };
  const runningTests = context.extensionMode === vscode.ExtensionMode.Test;
  command('modelAccess.setApiKey', (key) => setApiKeyCommand(keys, trustedArgument(key, runningTests)));
  command('modelAccess.clearApiKey', () => clearApiKeyCommand(keys));
  command('modelAccess.setBaseUrl', (url) => setBaseUrlCommand(trustedArgument(url, runningTests)));
  const modelPicksShown = new vscode.EventEmitter<number>();
  context.subscriptions.push(modelPicksShown);
  command('modelAccess.selectModel', () => selectModelCommand(catalog, runningTests ? (count) => modelPicksShown.fire(count) : undefined));
  command('modelAccess.refreshModels', () => modelsTree.refresh());
  // Arguments count only from the extension's own tree rows or its tests (see trustedArgument.ts).
  const modelTrust = { runningTests, isOwnModelRow: (value: unknown) => modelsTree.isOwnModelRow(value) };
  command('modelAccess.useModel', (model) => useModelCommand(model, modelTrust));
  command('modelAccess.copyModelId', (model) => copyModelIdCommand(model, modelTrust));
  // The second argument (answers instead of the UI) is taken from the tests only.
  command('modelAccess.modelOptions', (model, ui) => modelOptionsCommand(model, modelTrust, trustedArgument(ui as ModelOptionsUi | undefined, runningTests)));
  command('modelAccess.sendSelection', () => sendSelectionCommand(chat));
  command('modelAccess.askAboutSelection', (question) => askAboutSelectionCommand(chat, question, runningTests));
  command('modelAccess.testConnection', () => testConnectionCommand(keys, log, networks, context.extension));
  command('modelAccess.newChat', () => chat.newChat());
  command('modelAccess.exportChat', () => chat.exportChat());
  command('modelAccess.showHistory', () => chat.showHistory());

  return runningTests
    ? { keys, clients, catalog, modelsTree, statusBar, log, onModelPicksShown: modelPicksShown.event, languageModels }
    : undefined;
}

/** Set by activate: saves the chat before the process ends (a streaming answer is stopped). */
let closeChat: (() => Promise<void>) | undefined;

/** VS Code waits for the returned promise (for a limited time) before a reload or shutdown ends the process. */
export function deactivate(): Promise<void> | undefined {
  const close = closeChat;
  closeChat = undefined;
  return close?.();
}
