// Entry point of the chat feature for the wiring in src/extension.ts.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { isStreamingRequiredError } from '../../api';
import type { KeyStore } from '../auth/keyStore';
import type { ClientProvider } from '../client/clientProvider';
import { onDidChangeSettings, readSettings, SECTION } from '../config/settings';
import type { Log } from '../logging/log';
import { ChatContext } from '../attachments/chatContext';
import { DEFAULT_PROFILE_NAME } from '../profiles/profiles';
import { settingsForProfile } from '../config/parseSettings';
import { ChatSession } from './chatSession';
import { CHAT_VIEW_ID, ChatViewProvider, type ChatConfigStatus } from './chatViewProvider';
import { memoryChatFiles, nodeChatFiles, type ChatFiles } from './chatFiles';
import { HistoryStore } from './historyStore';
import type { ModelCatalog } from '../models/modelCatalog';
import { windowLookup } from '../contextWindow/windowLookup';
import { SearchIndex } from '../search/searchIndex';
import { localizedWebviewStrings } from '../l10n/webviewStrings';

export { CHAT_VIEW_ID, ChatViewProvider } from './chatViewProvider';
export type { ChatSession } from './chatSession';

export interface ChatDeps {
  keys: KeyStore;
  clients: ClientProvider;
  log: Log;
  /** The listed models, for their context windows (unknown without it). */
  catalog?: ModelCatalog;
  /** Called each time an answer finishes completely (status done) in the Chat view. */
  onAnswerDone?: () => void;
}

/**
 * Registers the `modelAccess.chat` webview view and everything behind it; all of it is disposed
 * with the extension. The returned provider has what the commands call: newChat(), exportChat(),
 * showHistory(), insertIntoPrompt(text), ask(text), refreshConfig().
 *
 * History lives in files under `context.globalStorageUri` (see HistoryStore for why, and
 * MAX_STORED_CHATS for the cap).
 */
export function registerChat(context: vscode.ExtensionContext, deps: ChatDeps): ChatViewProvider {
  const { keys, clients, log } = deps;
  const configStatus = async (): Promise<ChatConfigStatus> => {
    const settings = readSettings();
    let hasApiKey = false;
    try {
      hasApiKey = (await keys.get(settings.profile.name)) !== undefined;
    } catch (error) {
      // SecretStorage unavailable: the welcome view offers Set API Key, whose failure explains the fallback.
      log.warn(`Chat: could not read the API key: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { hasApiKey, hasBaseUrl: settings.baseUrl !== undefined };
  };

  const store = new HistoryStore(historyFiles(context, log));
  const windows = deps.catalog
    ? windowLookup(deps.catalog, () => clients.activeProfile(), () => readSettings().contextWindows, () => provider.postContext())
    : undefined;
  const session = new ChatSession({
    getClient: (profile) => clients.getClient(profile),
    getSettings: readSettings,
    settingsFor: (choice) => {
      const settings = readSettings();
      // A chat made while there was one endpoint recorded no profile: it was the default one.
      const name = choice.profile ?? DEFAULT_PROFILE_NAME;
      return settings.profiles.some((profile) => profile.name === name) ? { ...settingsForProfile(settings, name), model: choice.model } : undefined;
    },
    store,
    post: (message) => {
      if (message.type === 'messageUpdated' && message.message.role === 'assistant' && message.message.status === 'done') deps.onAnswerDone?.();
      provider.post(message);
    },
    onStateReplaced: () => void provider.replayState(),
    log,
    isStreamingRequiredError,
    getLimits: () => readSettings().limits,
    offerUndo: async (title) => {
      const undo = vscode.l10n.t('Undo');
      return (await vscode.window.showInformationMessage(vscode.l10n.t('Deleted the chat "{0}".', title || localizedWebviewStrings().untitledChat), undo)) === undo;
    },
    offerKeep: async (title) => {
      const keep = vscode.l10n.t('Keep Chat');
      const message = vscode.l10n.t('Another window deleted the chat "{0}" while this window was answering in it, so it is not saved.', title || localizedWebviewStrings().untitledChat);
      return (await vscode.window.showInformationMessage(message, keep)) === keep;
    },
    ...(windows ? { contextWindow: (model: string, profile: string | undefined) => windows.lookup(model, profile) } : {}),
  });
  // Attachments and project instructions; like the session, they reach the provider through callbacks.
  const chatContext: ChatContext = new ChatContext({
    post: (message) => provider.post(message),
    reveal: (): Promise<void> => provider.show(),
    workspaceState: context.workspaceState,
    log,
  });
  // The session reaches the provider only through these callbacks, called after both exist.
  // Built on the first search, then kept in step with the chat files (see SearchIndex).
  let index: SearchIndex | undefined;
  const searchIndex = (): SearchIndex => (index ??= new SearchIndex(store));
  const search = (query: string) => searchIndex().search(query);
  // A search UI opened: build the index in the background, so the first query does not wait for it.
  const prepareSearch = (): void => {
    searchIndex().warmUp().catch((error: unknown) => log.warn(`Search: could not read the chats: ${String(error)}`));
  };
  const provider = new ChatViewProvider({ extensionUri: context.extensionUri, session, configStatus, log, search, prepareSearch, context: chatContext });

  const refresh = (): void => void provider.refreshConfig();
  context.subscriptions.push(
    chatContext,
    provider,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, provider),
    keys.onDidChange(refresh),
    // A model or profile picked by editing the settings applies to the open chat too (the commands
    // that pick one call followActiveModel themselves, since picking the same model changes nothing).
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`${SECTION}.model`) || event.affectsConfiguration(`${SECTION}.activeProfile`)) {
        session.followActiveModel();
      }
    }),
    onDidChangeSettings(refresh),
  );
  if (deps.catalog && windows) {
    context.subscriptions.push(deps.catalog.onDidChange(() => {
      windows.reset();
      provider.postContext();
    }));
  }
  return provider;
}

/**
 * The extension host runs in Node, local or remote (code-server, SSH, WSL), and there its storage
 * URIs are file: URIs of that machine, so the history goes straight to disk with node:fs.
 */
function historyFiles(context: vscode.ExtensionContext, log: Log): ChatFiles {
  const storage = context.globalStorageUri;
  if (storage.scheme !== 'file') {
    log.error(`Chat: the storage folder is not on disk (${storage.scheme}:), so chats last only until the window closes.`);
    return memoryChatFiles();
  }
  return nodeChatFiles(join(storage.fsPath, 'chats'));
}
