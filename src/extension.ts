import * as vscode from 'vscode';
import { KeyStore } from './host/auth/keyStore';
import { registerChat } from './host/chat';
import { registerAttachCommands } from './host/attachments/attachCommands';
import type { ChatContext } from './host/attachments/chatContext';
import { ClientProvider } from './host/client/clientProvider';
import { clearApiKeyCommand, setApiKeyCommand } from './host/commands/apiKeyCommands';
import { setBaseUrlCommand } from './host/commands/baseUrlCommand';
import { trustedArgument, trustedString } from './host/commands/trustedArgument';
import { searchChatsCommand } from './host/search/searchChatsCommand';
import { copyModelIdCommand, selectModelCommand, useModelCommand } from './host/commands/modelCommands';
import { askAboutSelectionCommand, sendSelectionCommand } from './host/commands/selectionCommands';
import { onDidChangeSettings, readSettings, watchSettings, type Settings } from './host/config/settings';
import { testConnectionCommand } from './host/connection/connectionTest';
import { CONTEXT_KEYS } from './host/context/contextKeyNames';
import { ContextKeys, updateContextKeys } from './host/context/contextKeys';
import { registerLanguageModelProvider } from './host/lm';
import type { ModelAccessChatProvider } from './host/lm/modelAccessChatProvider';
import { Log } from './host/logging/log';
import { ModelCatalog } from './host/models/modelCatalog';
import { MODELS_VIEW_ID, ModelsTreeProvider } from './host/models/modelsTreeProvider';
import { modelOptionsCommand, type ModelOptionsUi } from './host/modelOptions/modelOptionsCommand';
import { NetworkProvider } from './host/network/networkSettings';
import { addProfileCommand, deleteKeysOfRemovedProfiles, pickProfile, selectProfileCommand, type AddProfileAnswers } from './host/profiles/profileCommands';
import { profileModelLabel } from './host/profiles/profiles';
import { ModelStatusBar } from './host/statusBar/modelStatusBar';
import { useHostBundle } from './host/l10n/hostBundle';

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
  /** The chat's attachments and project instructions. */
  attachments: ChatContext | undefined;
  /** The context keys as the extension last set them (the walkthrough's completion events read them). */
  contextKeys: ContextKeys;
  /** The extension's own readSettings (a test's import of it is another copy, with no watcher). */
  settings: () => Settings;
}

// Wiring only: every piece is created here and disposed through context.subscriptions.
// Nothing here touches the network; the first request happens when a view is shown or a command runs.
export function activate(context: vscode.ExtensionContext): TestHooks | undefined {
  // First: host modules that run in plain Node too translate through @vscode/l10n, given VS Code's bundle here.
  useHostBundle(vscode.l10n.bundle);
  // Before any listener of ours: each then reads the changed settings, not the kept ones.
  context.subscriptions.push(watchSettings());
  const log = new Log();
  const keys = new KeyStore(context.secrets);
  const networks = new NetworkProvider();
  const clients = new ClientProvider(keys, log, networks);
  const catalog = new ModelCatalog(clients, log);
  const modelsTree = new ModelsTreeProvider(catalog);
  // The status bar shows `profile / model` once there is more than one endpoint profile.
  const statusLabel = (settings = readSettings()): string | undefined =>
    settings.model ? profileModelLabel(settings.profiles.length, settings.profile.name, settings.model) : undefined;
  const statusBar = new ModelStatusBar(statusLabel());
  // A refused entry of modelAccess.profiles (an Authorization header, a duplicate name…) is left out:
  // say why, once per session for each reason, and in the log each time.
  const shownProblems = new Set<string>();
  const reportProfileProblems = (problems: readonly string[]): void => {
    for (const problem of problems) {
      log.warn(problem);
      if (!shownProblems.has(problem)) {
        shownProblems.add(problem);
        void vscode.window.showWarningMessage(vscode.l10n.t('Model Access: an endpoint profile was left out: {0}', problem));
      }
    }
  };
  context.subscriptions.push(log, keys, networks, clients, catalog, modelsTree, statusBar);

  // Context keys: the welcome views and the walkthrough's steps (each completes when its key turns true).
  const contextKeys = new ContextKeys();
  const chat = registerChat(context, { keys, clients, log, catalog, onAnswerDone: () => void contextKeys.set(CONTEXT_KEYS.chatAnswered, true) });
  if (chat.attachments) context.subscriptions.push(...registerAttachCommands(chat.attachments));
  const languageModels = registerLanguageModelProvider(context, { clients, catalog, log });
  closeChat = () => chat.close();

  // The chat view follows key and settings changes itself; the welcome views need the context keys.
  const refreshContextKeys = async (): Promise<void> => {
    await updateContextKeys(contextKeys, keys, readSettings());
  };
  context.subscriptions.push(
    vscode.window.registerTreeDataProvider(MODELS_VIEW_ID, modelsTree),
    keys.onDidChange(() => void refreshContextKeys()),
    deleteKeysOfRemovedProfiles(keys, log),
    onDidChangeSettings((settings) => {
      statusBar.update(statusLabel(settings));
      reportProfileProblems(settings.profileProblems);
      modelsTree.rerender();
      void refreshContextKeys();
    }),
  );
  void refreshContextKeys();
  // A profile refused at startup is reported too, not only one edited later.
  reportProfileProblems(readSettings().profileProblems);

  const command = (id: string, run: (...args: unknown[]) => unknown): void => {
    context.subscriptions.push(vscode.commands.registerCommand(id, run));
  };
  const runningTests = context.extensionMode === vscode.ExtensionMode.Test;
  // A profile argument counts only from a profile root of our own tree (identity) or the tests;
  // anyone else gets the profile quick pick (which answers at once when there is one profile).
  const rowProfile = (argument: unknown): string | undefined => (modelsTree.isOwnProfileRow(argument) ? argument.name : undefined);
  const chosenProfile = async (argument: unknown, title: string): Promise<string | undefined> => {
    const trusted = rowProfile(argument) ?? trustedArgument(argument, runningTests);
    return typeof trusted === 'string' ? trusted : pickProfile(title);
  };
  command('modelAccess.setApiKey', async (key, profile) => {
    const fromRow = rowProfile(key);
    const name = fromRow ?? await chosenProfile(profile, vscode.l10n.t('Set API Key'));
    return name === undefined ? false : setApiKeyCommand(keys, fromRow ? undefined : trustedArgument(key, runningTests), name);
  });

  command('modelAccess.addProfile', (answers) =>
    addProfileCommand((profile, key) => setApiKeyCommand(keys, key, profile), trustedArgument(answers as AddProfileAnswers | undefined, runningTests)));
  command('modelAccess.clearApiKey', async () => {
    const name = await pickProfile(vscode.l10n.t('Clear API Key'));
    if (name !== undefined) await clearApiKeyCommand(keys, name);
  });
  command('modelAccess.setBaseUrl', (url) => setBaseUrlCommand(trustedArgument(url, runningTests)));
  const modelPicksShown = new vscode.EventEmitter<number>();
  context.subscriptions.push(modelPicksShown);
  // A model picked from any of these applies to the open chat too, even when it is the model already set.
  const pickedFor = <T>(picked: T): T => {
    if (picked) chat.followActiveModel();
    return picked;
  };
  command('modelAccess.selectModel', async () => pickedFor(await selectModelCommand(catalog, runningTests ? (count) => modelPicksShown.fire(count) : undefined)));
  command('modelAccess.refreshModels', (row) => modelsTree.refresh(rowProfile(row)));
  // Arguments count only from the extension's own tree rows or its tests (see trustedArgument.ts).
  const modelTrust = { runningTests, isOwnModelRow: (value: unknown) => modelsTree.isOwnModelRow(value) };
  command('modelAccess.useModel', async (model) => pickedFor(await useModelCommand(model, modelTrust)));
  command('modelAccess.selectProfile', async (name) => pickedFor(await selectProfileCommand(trustedArgument(name, runningTests))));
  command('modelAccess.copyModelId', (model) => copyModelIdCommand(model, modelTrust));
  // The second argument (answers instead of the UI) is taken from the tests only.
  command('modelAccess.modelOptions', (model, ui) => modelOptionsCommand(model, modelTrust, trustedArgument(ui as ModelOptionsUi | undefined, runningTests)));
  const selectionSent = async (sent: boolean): Promise<boolean> => {
    if (sent) await contextKeys.set(CONTEXT_KEYS.selectionSent, true);
    return sent;
  };
  command('modelAccess.sendSelection', async () => selectionSent(await sendSelectionCommand(chat)));
  command('modelAccess.askAboutSelection', async (question) => selectionSent(await askAboutSelectionCommand(chat, question, runningTests)));
  command('modelAccess.testConnection', async (profile) => {
    const name = await chosenProfile(profile, vscode.l10n.t('Test Connection'));
    if (name === undefined) return undefined;
    const result = await testConnectionCommand(keys, log, networks, context.extension, name);
    if (result.status !== 'fail') await contextKeys.set(CONTEXT_KEYS.connectionTested, true);
    return result;
  });
  command('modelAccess.newChat', () => chat.newChat());
  command('modelAccess.exportChat', () => chat.exportChat());
  command('modelAccess.showHistory', () => chat.showHistory());
  // Takes no argument: it opens the newest answer of the open chat (the webview's button names its own).
  command('modelAccess.openAnswerInEditor', () => chat.openAnswerInEditor());
  command('modelAccess.searchChats', (query) =>
    searchChatsCommand({ search: (text) => chat.search(text), open: (hit) => chat.openSearchHit(hit), prepare: () => chat.prepareSearch() }, typeof query === 'string' ? trustedArgument(query, runningTests) : undefined));
  // A chat id argument is the tests' only; the store is asked about it either way (see renameChat, pinChat).
  command('modelAccess.renameChat', (chatId, name) =>
    chat.renameChat(trustedString(chatId, runningTests), trustedString(name, runningTests)));
  command('modelAccess.togglePinChat', (chatId) => chat.pinChat(trustedString(chatId, runningTests)));

  return runningTests
    ? { keys, clients, catalog, modelsTree, statusBar, log, onModelPicksShown: modelPicksShown.event, languageModels, contextKeys, attachments: chat.attachments, settings: readSettings }
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
