// Project instructions (AGENTS.md, .github/copilot-instructions.md): the workspace offers them, only
// the user accepts. Off by default in every workspace; the user's choice is kept in workspaceState
// (the extension's own storage for this workspace, which no file in the workspace can set).
import * as vscode from 'vscode';
import type { InstructionsOffer, SentInstructions } from '../../shared/protocol';
import { readFileContent } from '../attachments/readAttachment';
import { Disposable } from '../util/disposable';
import { INSTRUCTION_FILES, instructionsMessage } from './instructionsText';

export const INSTRUCTIONS_STATE_KEY = 'modelAccess.projectInstructions.on';

export class ProjectInstructions extends Disposable {
  private files: vscode.Uri[] = [];
  private scanned: Promise<void>;

  constructor(private readonly state: vscode.Memento, private readonly onChange: () => void) {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(`**/{${INSTRUCTION_FILES.join(',')}}`));
    const rescan = (): void => void this.rescan();
    this.register(watcher.onDidCreate(rescan));
    this.register(watcher.onDidDelete(rescan));
    this.register(watcher.onDidChange(() => this.onChange()));
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(rescan));
    this.scanned = this.scan();
  }

  get on(): boolean {
    return this.state.get<boolean>(INSTRUCTIONS_STATE_KEY, false) === true;
  }

  /** Called only from the user's click on the chip in the chat view. */
  async setOn(on: boolean): Promise<void> {
    await this.state.update(INSTRUCTIONS_STATE_KEY, on);
    this.onChange();
  }

  /** What the chip shows: undefined when the workspace has no instructions file. */
  async offer(): Promise<InstructionsOffer | undefined> {
    await this.scanned;
    if (this.files.length === 0) return undefined;
    const message = await this.message();
    return { paths: message?.paths ?? this.files.map((file) => vscode.workspace.asRelativePath(file)), on: this.on, tokens: message?.tokens ?? 0 };
  }

  /** The system message to send now: only while the user has them on, read now (unsaved edits included). */
  async forSend(): Promise<SentInstructions | undefined> {
    await this.scanned;
    return this.on ? this.message() : undefined;
  }

  private async message(): Promise<SentInstructions | undefined> {
    const read = await Promise.all(this.files.map((file) => readFileContent(file)));
    const texts = read.filter((content): content is Extract<typeof content, { text: string }> => 'text' in content && content.text.trim() !== '');
    return texts.length > 0 ? instructionsMessage(texts) : undefined;
  }

  private async rescan(): Promise<void> {
    this.scanned = this.scan();
    await this.scanned;
    this.onChange();
  }

  /** Only the files at the root of each workspace folder (a nested AGENTS.md belongs to a sub-project). */
  private async scan(): Promise<void> {
    const found: vscode.Uri[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      for (const name of INSTRUCTION_FILES) {
        const uri = vscode.Uri.joinPath(folder.uri, name);
        try {
          const stat = await vscode.workspace.fs.stat(uri);
          if (stat.type & vscode.FileType.File) found.push(uri);
        } catch {
          // Not there.
        }
      }
    }
    this.files = found;
  }
}
