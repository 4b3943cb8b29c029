// What the user adds to the next chat message: attached files (chips above the prompt) and the
// project instructions chip. Chips hold where a file is; its content is read when the message is
// sent (readAttachment.ts). Nothing here sends anything: only the user's Send does.
import { posix } from 'node:path';
import * as vscode from 'vscode';
import type { HostToWebview, SentAttachment, SentInstructions } from '../../shared/protocol';
import type { ChatLog } from '../chat/chatTypes';
import { ProjectInstructions } from '../instructions/projectInstructions';
import { Disposable } from '../util/disposable';
import { attachableUris } from './attachArgument';
import { AttachmentTray } from './attachmentTray';
import { pickWorkspaceFiles } from './filePicker';
import { displayPath, openDocument, readAttachment } from './readAttachment';

export interface ChatContextDeps {
  /** Posts to the chat page (dropped while it is not ready: `postState` runs again on every ready). */
  post(message: HostToWebview): void;
  /** Shows the Chat view (after a command attached something). */
  reveal(): Promise<void>;
  workspaceState: vscode.Memento;
  log: ChatLog;
}

/** The context of one message, read at send time. */
export interface SendContext {
  attachments?: SentAttachment[];
  instructions?: SentInstructions;
}

type Kind = SentAttachment['kind'];

/** How long a file's changes must pause before its chips are measured again. */
export const RESIZE_DELAY_MS = 300;

export class ChatContext extends Disposable {
  private readonly tray: AttachmentTray<vscode.Uri>;
  readonly instructions: ProjectInstructions;

  /** Files whose chips are measured again soon (see scheduleResize), by key. */
  private readonly resizing = new Map<string, ReturnType<typeof setTimeout>>();
  /** The workspace's changes on disk, watched only while the tray holds a chip (see watchDisk). */
  private diskWatcher: vscode.Disposable | undefined;

  constructor(private readonly deps: ChatContextDeps) {
    super();
    const changed = (): void => {
      this.watchDisk();
      void this.postState();
    };
    this.tray = new AttachmentTray<vscode.Uri>(changed, (uri) => uri.toString());
    this.instructions = this.register(new ProjectInstructions(deps.workspaceState, changed));
    // A chip shows the size the file would be sent at: edited (in an editor or on disk) or with new
    // problems, it is measured again. Only files in the tray are read.
    this.register(vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length > 0) this.scheduleResize(event.document.uri);
    }));
    this.register(vscode.languages.onDidChangeDiagnostics((event) => event.uris.forEach((uri) => this.scheduleResize(uri, 'problems'))));
    this.register({
      dispose: () => {
        this.resizing.forEach((timer) => clearTimeout(timer));
        this.diskWatcher?.dispose();
      },
    });
  }

  /** Sends the page its chips and the instructions offer. */
  async postState(): Promise<void> {
    const instructions = await this.instructions.offer();
    this.deps.post({ type: 'attachments', chips: this.tray.chips(), ...(instructions ? { instructions } : {}) });
  }

  // ---------------------------------------------------------------- commands

  /** Add Current File to Chat: the active editor's document (untitled ones too). */
  attachActiveFile(): Promise<number> {
    return this.attachActive('file');
  }

  /** The explorer's or a tab's context menu (or any caller): only Uris the rule in attachArgument.ts accepts. */
  async attachFromArguments(first: unknown, second: unknown): Promise<number> {
    const { uris, dropped } = attachableUris(first, second, {
      isUri: (value): value is vscode.Uri => value instanceof vscode.Uri,
      inWorkspace: (uri) => vscode.workspace.getWorkspaceFolder(uri) !== undefined,
      isOpenDocument: (uri) => openDocument(uri) !== undefined,
    });
    if (dropped > 0) {
      this.deps.log.warn(`Chat: ${dropped} command argument(s) to attach were ignored: not a file of this workspace or an open editor.`);
    }
    return uris.length > 0 ? this.attach(uris, 'file') : 0;
  }

  /** Add Files to Chat…: the workspace file picker. */
  async pickFiles(): Promise<number> {
    const uris = await pickWorkspaceFiles();
    return uris.length > 0 ? this.attach(uris, 'file') : 0;
  }

  /** Add Open Editors to Chat: every text editor tab of every group. */
  async attachOpenEditors(): Promise<number> {
    const seen = new Set<string>();
    const uris: vscode.Uri[] = [];
    for (const tab of vscode.window.tabGroups.all.flatMap((group) => group.tabs)) {
      if (tab.input instanceof vscode.TabInputText && !seen.has(tab.input.uri.toString())) {
        seen.add(tab.input.uri.toString());
        uris.push(tab.input.uri);
      }
    }
    if (uris.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing was added to the chat: no text editor is open.'));
      return 0;
    }
    return this.attach(uris, 'file');
  }

  /** Add Problems to Chat: the diagnostics of the active editor's file, with their lines. */
  attachProblems(): Promise<number> {
    return this.attachActive('problems');
  }

  /** The chat's attach button: the four ways to add context, as a quick pick. */
  async showMenu(): Promise<void> {
    const choices = [
      { label: `$(file) ${vscode.l10n.t('Current File')}`, run: () => this.attachActiveFile() },
      { label: `$(files) ${vscode.l10n.t('Files…')}`, run: () => this.pickFiles() },
      { label: `$(multiple-windows) ${vscode.l10n.t('Open Editors')}`, run: () => this.attachOpenEditors() },
      { label: `$(warning) ${vscode.l10n.t('Problems in Current File')}`, run: () => this.attachProblems() },
    ];
    const choice = await vscode.window.showQuickPick(choices, { title: vscode.l10n.t('Add to Chat'), placeHolder: vscode.l10n.t('What should the next message include?') });
    await choice?.run();
  }

  /** A `#` typed in the prompt: the file picker; the page learns whether the `#` became chips. */
  async pickFromHash(): Promise<void> {
    const added = await this.pickFiles();
    this.deps.post({ type: 'pickClosed', added: added > 0 });
  }

  remove(id: string): void {
    this.tray.remove(id);
  }

  /** The chips waiting above the prompt. */
  chips(): ReturnType<AttachmentTray<vscode.Uri>['chips']> {
    return this.tray.chips();
  }

  /**
   * Reads the chips the user sent (`ids`: those the page showed) and the instructions when on, and
   * takes the chips out of the tray. Read now, so the message carries the files as they are now.
   */
  async takeForSend(ids: readonly string[]): Promise<SendContext> {
    const items = this.tray.take(ids);
    const attachments = await Promise.all(items.map((item) => readAttachment(item.kind, item.uri)));
    for (const refused of attachments.filter((attachment) => attachment.refused)) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} was not sent: {1}.', refused.path, refused.refused ?? ''));
    }
    const instructions = await this.instructions.forSend();
    return { ...(attachments.length > 0 ? { attachments } : {}), ...(instructions ? { instructions } : {}) };
  }

  /** True while the workspace's files are watched for changes on disk (for tests: only while there are chips). */
  get watchingDisk(): boolean {
    return this.diskWatcher !== undefined;
  }

  // ---------------------------------------------------------------- internals

  /**
   * Watches the workspace's files on disk while the tray holds a chip, and not otherwise: every change
   * in the workspace (a build writing hundreds of files) would reach this window's extension host
   * only to find no chip of it.
   */
  private watchDisk(): void {
    const wanted = this.tray.chips().length > 0;
    if (wanted && this.diskWatcher === undefined) {
      const watcher = vscode.workspace.createFileSystemWatcher('**/*', true, false, true);
      this.diskWatcher = vscode.Disposable.from(watcher.onDidChange((uri) => this.scheduleResize(uri)), watcher);
    } else if (!wanted && this.diskWatcher !== undefined) {
      this.diskWatcher.dispose();
      this.diskWatcher = undefined;
    }
  }

  /**
   * Measures the chips of `uri` again once its changes pause (typing changes a document at every
   * key). Files not in the tray cost nothing.
   */
  private scheduleResize(uri: vscode.Uri, only?: Kind): void {
    const key = uri.toString();
    if (!this.tray.itemsOf(key).some((item) => only === undefined || item.kind === only) || this.resizing.has(key)) return;
    this.resizing.set(key, setTimeout(() => {
      this.resizing.delete(key);
      void this.resize(key).catch((error: unknown) => this.deps.log.warn(`Chat: an attachment could not be measured again: ${String(error)}`));
    }, RESIZE_DELAY_MS));
  }

  private async resize(key: string): Promise<void> {
    for (const item of this.tray.itemsOf(key)) {
      const preview = await readAttachment(item.kind, item.uri);
      // A file that became unreadable keeps its chip: sending it says why it was not sent.
      if (!preview.refused) this.tray.resize(item.id, { tokens: preview.tokens, ...(preview.cut ? { cut: true } : {}) });
    }
  }

  private async attachActive(kind: Kind): Promise<number> {
    const document = vscode.window.activeTextEditor?.document;
    if (!document) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing was added to the chat: no editor is active.'));
      return 0;
    }
    return this.attach([document.uri], kind);
  }

  /**
   * Adds chips for `uris`, each read once now only to show its size (nothing leaves the machine).
   * A file that is not text is refused here with the reason, and gets no chip.
   */
  private async attach(uris: readonly vscode.Uri[], kind: Kind): Promise<number> {
    const chips = [];
    for (const uri of uris) {
      const preview = await readAttachment(kind, uri);
      if (preview.refused) {
        void vscode.window.showWarningMessage(vscode.l10n.t('{0} was not added to the chat: {1}.', displayPath(uri), preview.refused));
        continue;
      }
      const name = posix.basename(uri.path) || preview.path;
      chips.push({
        uri,
        kind,
        path: preview.path,
        label: kind === 'problems' ? vscode.l10n.t('Problems: {0}', name) : name,
        tokens: preview.tokens,
        ...(preview.cut ? { cut: true } : {}),
      });
    }
    if (chips.length > 0) {
      this.tray.add(chips);
      this.deps.log.info(`Chat: ${chips.length} attachment(s) added above the prompt.`);
      await this.deps.reveal();
    }
    return chips.length;
  }
}
