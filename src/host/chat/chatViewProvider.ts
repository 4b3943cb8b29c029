import { homedir } from 'node:os';
import { posix } from 'node:path';
import * as vscode from 'vscode';
import { answerToOpen, openMarkdownInEditor } from '../accessibility/answerInEditor';
import { isWebviewToHost, type ErrorAction, type HostToWebview, type SearchHit, type WebviewToHost } from '../../shared/protocol';
import type { SearchResult } from '../search/searchIndex';
import type { ChatContext } from '../attachments/chatContext';
import { Disposable } from '../util/disposable';
import type { ChatLog } from './chatTypes';
import type { ChatSession } from './chatSession';
import { isAllowedLink } from './links';
import { olderPage, stateStart } from './olderMessages';
import { exportFileName, transcriptToMarkdown } from './markdownExport';
import { createNonce, renderWebviewHtml } from './webviewHtml';
import { localizedWebviewStrings } from '../l10n/webviewStrings';

export const CHAT_VIEW_ID = 'modelAccess.chat';

/** The commands behind the error actions and the model picker (contributed by the extension). */
const ACTION_COMMANDS: Record<Exclude<ErrorAction, SessionAction>, string> = {
  setApiKey: 'modelAccess.setApiKey',
  setBaseUrl: 'modelAccess.setBaseUrl',
  refreshModels: 'modelAccess.refreshModels',
  selectModel: 'modelAccess.selectModel',
};

/** Error actions the chat session carries out itself. */
type SessionAction = 'retry' | 'dropEarlierAndRetry' | 'newChatWithSummary';

export interface ChatConfigStatus {
  hasApiKey: boolean;
  hasBaseUrl: boolean;
}

export interface ChatViewDeps {
  extensionUri: vscode.Uri;
  session: ChatSession;
  /** Whether a key and a base URL are set (never the key itself). */
  configStatus(): Promise<ChatConfigStatus>;
  log: ChatLog;
  /** Searches every stored chat (the index in src/host/search). */
  search(query: string): SearchResult;
  /** A search UI opened: get the index ready in the background. */
  prepareSearch?(): void;
  /** Attachments and project instructions (absent in tests of the view alone). */
  context?: ChatContext;
}

/**
 * The Chat view: renders the webview page, relays the user's actions to the session, and keeps
 * the page in step with the session. Nothing is posted before the page says `ready`; on every
 * `ready` (first load, reload, the view shown again) the full state is replayed, so the page
 * keeps no state of its own worth losing.
 */
export class ChatViewProvider extends Disposable implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;
  private ready = false;
  /** The configuration as last read (refreshed on every ready and every key or settings change). */
  private config: ChatConfigStatus | undefined;
  /** One-shot requests (Send Selection, Show History) that must reach the page once it is ready. */
  private queued: HostToWebview[] = [];
  /** The chat the page shows: the last state posted to it since it said `ready`. */
  private shownChatId: string | undefined;

  constructor(private readonly deps: ChatViewDeps) {
    super();
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    const { extensionUri } = this.deps;
    const dist = vscode.Uri.joinPath(extensionUri, 'dist');
    view.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [dist, vscode.Uri.joinPath(extensionUri, 'media')],
    };
    view.webview.html = renderWebviewHtml({
      cspSource: view.webview.cspSource,
      nonce: createNonce(),
      scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
      styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
      strings: localizedWebviewStrings(),
      language: vscode.env.language,
    });
    const subscriptions = [
      view.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      // Hidden without retainContextWhenHidden, the page is destroyed; it says `ready` again when shown.
      view.onDidChangeVisibility(() => {
        if (!view.visible) {
          this.ready = false;
        }
      }),
    ];
    view.onDidDispose(() => {
      subscriptions.forEach((subscription) => subscription.dispose());
      if (this.view === view) {
        this.view = undefined;
        this.ready = false;
      }
    });
  }

  /** Posts to the page when it is ready; otherwise drops the message (the next `ready` replays the state). */
  post(message: HostToWebview): void {
    if (this.ready && this.view) {
      void this.view.webview.postMessage(message).then(undefined, (error: unknown) => {
        this.deps.log.debug(`Chat: a message to the view was not delivered: ${String(error)}`);
      });
    }
  }

  /** Sends the page the whole conversation and configuration (after `ready`, or when the chat was replaced). */
  /**
   * Sends the full state. With the configuration already read, it is posted before this returns: a
   * replay the session asks for (Regenerate, Edit) must reach the page before the new answer's
   * messages, or the old answer shows above the new one until the state catches up.
   */
  async replayState(): Promise<void> {
    const config = this.config ?? (await this.readConfig());
    if (!this.ready) {
      return;
    }
    // Captured synchronously right before posting, so no delta can slip in between.
    const state = this.deps.session.captureState();
    // A chat the page shows already comes whole: its views are kept, and what changed is all it renders again.
    const start = state.chat.id === this.shownChatId ? 0 : stateStart(state.chat.messages);
    this.shownChatId = state.chat.id;
    this.post({
      type: 'state',
      chat: start > 0 ? { ...state.chat, messages: state.chat.messages.slice(start) } : state.chat,
      ...(start > 0 ? { olderMessages: start } : {}),
      model: this.deps.session.modelLabel(),
      busy: state.busy,
      hasApiKey: config.hasApiKey,
      hasBaseUrl: config.hasBaseUrl,
      history: state.history,
      ...(state.saveError !== undefined ? { saveError: state.saveError } : {}),
    });
    if (state.retrying) {
      // The state has no countdown of its own: without this, a page reloaded during a back-off shows none.
      this.post({ type: 'retrying', notice: state.retrying });
    }
    this.postContext();
  }

  /** The meter's reading, and a summary being written or shown (the state carries neither). */
  postContext(): void {
    if (!this.ready) return;
    this.deps.session.postContextStatus();
    const summary = this.deps.session.summaryProposal;
    if (summary) this.post(summary);
  }

  // ---------------------------------------------------------------- commands

  /** New Chat (the view's title): the new chat, in place of the history list if that was open. */
  async newChat(): Promise<void> {
    const switched = this.deps.session.newChat();
    this.switching = switched.catch(() => undefined);
    await switched;
    this.post({ type: 'showConversation' });
  }

  /**
   * Settles once the New Chat asked for last has been shown. Show History waits for it, so a New
   * Chat asked for first cannot close the list that Show History opened after it.
   */
  private switching: Promise<void> = Promise.resolve();

  /** Writes the chat as Markdown to `target`, or where the user picks in a save dialog. */
  async exportChat(target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const transcript = this.deps.session.chat;
    if (transcript.messages.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('This chat is empty: there is nothing to export yet.'));
      return undefined;
    }
    const markdown = await transcriptToMarkdown(transcript);
    const uri = target instanceof vscode.Uri ? target : await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export Chat as Markdown'),
      saveLabel: vscode.l10n.t('Export'),
      filters: { Markdown: ['md'] },
      defaultUri: this.defaultExportUri(exportFileName(transcript)),
    });
    if (!uri) {
      return undefined;
    }
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(markdown));
    this.deps.log.info(`Chat: exported the chat to ${uri.scheme === 'file' ? uri.fsPath : uri.toString()}.`);
    const open = vscode.l10n.t('Open');
    void vscode.window.showInformationMessage(vscode.l10n.t('Chat exported to {0}.', posix.basename(uri.path)), open).then((choice) => {
      if (choice === open) {
        void vscode.window.showTextDocument(uri);
      }
    });
    return uri;
  }

  async showHistory(): Promise<void> {
    await this.switching;
    await this.reveal(false);
    this.postWhenReady({ type: 'showHistory' });
  }

  /** Adds `text` to the prompt box (Send Selection): the user writes the question and sends. */
  async insertIntoPrompt(text: string): Promise<void> {
    await this.reveal(false);
    this.postWhenReady({ type: 'setInput', text, mode: 'append' });
  }

  /**
   * Sends `text` at once (Ask About Selection) and resolves true when the answer is finished. While
   * another answer streams, the text goes into the prompt box instead (the session would drop it)
   * and this resolves false: the user sends it when that answer ends, or stops it.
   */
  async ask(text: string): Promise<boolean> {
    await this.reveal(true);
    if (this.deps.session.busy) {
      this.postWhenReady({ type: 'setInput', text, mode: 'append' });
      void vscode.window.showInformationMessage(vscode.l10n.t('Model Access: an answer is still streaming. Your question is in the chat prompt: send it when the answer ends, or stop it.'));
      return false;
    }
    await this.deps.session.send(text);
    return true;
  }

  /** Searches every stored chat (Search Chats). */
  search(query: string): SearchResult {
    return this.deps.search(query);
  }

  /** Gets the search index ready in the background (Search Chats opened). */
  prepareSearch(): void {
    this.deps.prepareSearch?.();
  }

  /** Opens a search hit's chat in the view, scrolled to its message (checked against the opened chat). */
  async openSearchHit(hit: Pick<SearchHit, 'chatId' | 'messageId'>): Promise<void> {
    await this.reveal(false);
    await this.openChatAt(hit.chatId, hit.messageId);
    // Asked for from outside the page: the chat shows in place of the history list (a hit on a title has no message to reveal).
    this.postWhenReady({ type: 'showConversation' });
  }

  /**
   * Renames a chat (the open one when `chatId` is absent). Without `name`, asks for it in an input
   * box; an empty name gives the chat its automatic title back. Resolves the new title, or
   * undefined when cancelled or the chat is not stored.
   */
  async renameChat(chatId = this.deps.session.chat.id, name?: string): Promise<string | undefined> {
    const { session } = this.deps;
    const current = session.chatTitle(chatId);
    if (current === undefined) {
      void vscode.window.showWarningMessage(vscode.l10n.t('This chat is no longer stored.'));
      return undefined;
    }
    const newName = name ?? await vscode.window.showInputBox({
      title: vscode.l10n.t('Rename Chat'),
      value: current,
      prompt: vscode.l10n.t('The chat\'s new name (leave it empty to name the chat after its first prompt again).'),
    });
    if (newName === undefined || !(await session.rename(chatId, newName))) {
      return undefined;
    }
    return session.chatTitle(chatId);
  }

  /** Pins or unpins a chat (the open one when `chatId` is absent; toggles when `pinned` is absent). */
  async pinChat(chatId = this.deps.session.chat.id, pinned?: boolean): Promise<boolean> {
    const { session } = this.deps;
    const wanted = pinned ?? !session.history().some((summary) => summary.id === chatId && summary.pinned);
    const refusal = await session.setPinned(chatId, wanted);
    if (refusal?.reason === 'tooMany') {
      void vscode.window.showWarningMessage(vscode.l10n.t(
        'At most {0} chats can be pinned: the history keeps {1}, and one place stays for the chat you are in. Unpin a chat first.',
        refusal.limit, refusal.capacity));
      return false;
    }
    if (refusal?.reason === 'notStored') {
      void vscode.window.showWarningMessage(vscode.l10n.t('This chat is no longer stored.'));
      return false;
    }
    return true;
  }

  /** The user picked a model: the open chat continues with it (see ChatSession.followActiveModel). */
  followActiveModel(): void {
    this.deps.session.followActiveModel();
    void this.refreshConfig();
  }

  /** Tells the page that the key, base URL or model changed. */
  async refreshConfig(): Promise<void> {
    const config = await this.readConfig();
    this.post({ type: 'config', hasApiKey: config.hasApiKey, hasBaseUrl: config.hasBaseUrl });
    this.post({ type: 'modelChanged', model: this.deps.session.modelLabel() });
    // Another model, another window (or a changed modelAccess.contextWindow): the meter follows.
    this.deps.session.postContextStatus();
  }

  /** Stops the answer in progress and settles once the chat is saved (see ChatSession.close). */
  close(): Promise<void> {
    return this.deps.session.close();
  }

  override dispose(): void {
    this.deps.session.dispose();
    super.dispose();
  }

  private async readConfig(): Promise<ChatConfigStatus> {
    this.config = await this.deps.configStatus();
    return this.config;
  }

  // ---------------------------------------------------------------- from the page

  private receive(message: unknown): void {
    if (!isWebviewToHost(message)) {
      const type = typeof message === 'object' && message !== null ? String((message as { type?: unknown }).type) : typeof message;
      this.deps.log.warn(`Chat: ignored a malformed message from the view (type ${type.slice(0, 40)}).`);
      return;
    }
    this.handle(message).catch((error: unknown) => {
      this.deps.log.error(`Chat: handling "${message.type}" failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private async handle(message: WebviewToHost): Promise<void> {
    const { session } = this.deps;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.shownChatId = undefined;
        await this.readConfig();
        await this.replayState();
        await this.deps.context?.postState();
        this.flushQueued();
        return;
      case 'send':
        return this.send(message.text, message.attachmentIds ?? []);
      case 'pickAttachments':
        return message.via === 'hash' ? this.deps.context?.pickFromHash() : this.deps.context?.showMenu();
      case 'removeAttachment':
        return this.deps.context?.remove(message.id);
      case 'setInstructions':
        // Only from the user's click on the chip in this view: a workspace can offer, never accept.
        return this.deps.context?.instructions.setOn(message.on);
      case 'stop':
        return session.stop();
      case 'regenerate':
        return session.regenerate();
      case 'edit':
        return session.edit(message.messageId, message.text);
      case 'openChat':
        return this.openChatAt(message.chatId, message.messageId);
      case 'loadOlder':
        return this.postOlder(message.chatId, message.beforeId);
      case 'forkChat':
        if (!(await session.fork(message.messageId)) && session.busy) {
          void vscode.window.showInformationMessage(vscode.l10n.t('Wait until the answer ends (or stop it) to fork the chat.'));
        }
        return;
      case 'renameChat':
        await this.renameChat(message.chatId);
        return;
      case 'pinChat':
        await this.pinChat(message.chatId, message.pinned);
        return;
      case 'searchChats': {
        if (!message.query.trim()) {
          // The search box got focus: nothing to find yet, but the index can get ready meanwhile.
          this.deps.prepareSearch?.();
        }
        const result = this.deps.search(message.query);
        this.post({ type: 'searchResults', requestId: message.requestId, hits: result.hits, total: result.total });
        return;
      }
      case 'deleteChat':
        return session.deleteChat(message.chatId);
      case 'openChatFile':
        return this.openChatFile(message.chatId);
      case 'pickModel':
        await vscode.commands.executeCommand(ACTION_COMMANDS.selectModel);
        return;
      case 'runAction':
        return this.runAction(message.action);
      case 'openLink':
        return this.openLink(message.href);
      case 'copyText':
        await vscode.env.clipboard.writeText(message.text);
        vscode.window.setStatusBarMessage(vscode.l10n.t('Copied to the clipboard.'), 2000);
        return;
      case 'insertCode':
        return this.insertCode(message.code);
      case 'startFromSummary':
        return session.startFromSummary(message.text);
      case 'discardSummary':
        return session.discardSummary();
      case 'openAnswerInEditor':
        await this.openAnswerInEditor(message.messageId);
        return;
    }
  }

  /**
   * A prompt from the page, with the chips it showed: they are read now (from the open editor when
   * the file is open) and sent with it. While an answer streams the session gives the text back and
   * the chips stay where they are.
   */
  private async send(text: string, attachmentIds: readonly string[]): Promise<void> {
    const { session, context } = this.deps;
    if (session.busy || !text.trim() || !context) {
      return session.send(text);
    }
    return session.send(text, await context.takeForSend(attachmentIds));
  }

  /** The attach commands' side of the chat (see src/host/attachments/attachCommands.ts). */
  get attachments(): ChatContext | undefined {
    return this.deps.context;
  }

  /** Shows the Chat view with the prompt focused (after a command added an attachment). */
  async show(): Promise<void> {
    await this.reveal(false);
  }

  /**
   * Open Answer in Editor: answer `messageId` of the open chat (from the page), or the newest answer
   * (the command). Resolves to the editor, or undefined when there is no such answer.
   */
  async openAnswerInEditor(messageId?: string): Promise<vscode.TextEditor | undefined> {
    const answer = answerToOpen(this.deps.session.chat, messageId);
    if (!answer) {
      if (messageId === undefined) void vscode.window.showInformationMessage(vscode.l10n.t('This chat has no answer to open yet.'));
      else this.deps.log.warn(`Chat: ignored Open Answer in Editor for a message that is not an answer of this chat (${messageId.slice(0, 40)}).`);
      return undefined;
    }
    return openMarkdownInEditor(answer.content);
  }

  /** Opens a chat; with a message id that is in it (ids from the page are checked), scrolls to that message. */
  private async openChatAt(chatId: string, messageId: string | undefined): Promise<void> {
    const { session } = this.deps;
    await session.openChat(chatId);
    if (messageId !== undefined && session.chat.id === chatId && session.chat.messages.some((message) => message.id === messageId)) {
      this.postWhenReady({ type: 'revealMessage', messageId });
    }
  }

  /**
   * The page's request for the older messages of the chat it shows. Another chat open by now (its state is on
   * its way), or a message the chat does not have, gets no reply.
   */
  private postOlder(chatId: string, beforeId: string): void {
    const { chat } = this.deps.session;
    if (chat.id !== chatId) return;
    const page = olderPage(chat.messages, beforeId);
    if (!page) {
      this.deps.log.debug(`Chat: ignored a request for the messages before one this chat does not have (${beforeId.slice(0, 40)}).`);
      return;
    }
    this.post({ type: 'olderMessages', chatId, beforeId, messages: page.messages, more: page.more });
  }

  /** Opens a (damaged) chat's file in an editor: the user sees what is in it, and can fix or keep it. */
  private async openChatFile(chatId: string): Promise<void> {
    const file = this.deps.session.chatFilePath(chatId);
    if (!file) {
      void vscode.window.showWarningMessage(vscode.l10n.t('This chat is not stored in a file.'));
      return;
    }
    await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
  }

  private async runAction(action: ErrorAction): Promise<void> {
    if (action === 'retry') {
      await this.deps.session.retry();
      return;
    }
    if (action === 'dropEarlierAndRetry') {
      await this.deps.session.dropEarlierAndRetry();
      return;
    }
    if (action === 'newChatWithSummary') {
      await this.deps.session.summarize();
      return;
    }
    await vscode.commands.executeCommand(ACTION_COMMANDS[action]);
  }

  private async openLink(href: string): Promise<void> {
    if (!isAllowedLink(href)) {
      // The href is model output: only its scheme goes above trace level.
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1] ?? '(none)';
      this.deps.log.warn(`Chat: refused to open a link with scheme "${scheme.slice(0, 20)}" (only http, https and mailto open).`);
      this.deps.log.trace(`Chat: refused link: ${href.slice(0, 500)}`);
      void vscode.window.showWarningMessage(vscode.l10n.t('This link was not opened: only http, https and mailto links open from the chat.'));
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(href, true));
  }

  private async insertCode(code: string): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No editor is open: open a file and place the cursor where the code should go.'));
      return;
    }
    const inserted = await editor.edit((edit) => {
      for (const selection of editor.selections) {
        edit.replace(selection, code);
      }
    });
    if (!inserted) {
      void vscode.window.showWarningMessage(vscode.l10n.t('The code could not be inserted: the editor may be read-only.'));
    }
  }

  // ---------------------------------------------------------------- helpers

  private postWhenReady(message: HostToWebview): void {
    if (this.ready && this.view) {
      this.post(message);
    } else {
      this.queued.push(message);
    }
  }

  private flushQueued(): void {
    const queued = this.queued;
    this.queued = [];
    queued.forEach((message) => this.post(message));
  }

  /** Shows the Chat view, creating it if it was never opened. */
  private async reveal(preserveFocus: boolean): Promise<void> {
    if (this.view) {
      this.view.show(preserveFocus);
      return;
    }
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }

  /** The first workspace folder, else the home folder (the extension host's, which is where the file is written). */
  private defaultExportUri(fileName: string): vscode.Uri {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
    return vscode.Uri.joinPath(folder, fileName);
  }
}
