// Playwright helpers for VS Code's own chat UI (VS Code 1.139: the Chat view in the secondary side
// bar, its model picker, and the "Language Models" management editor). Its selectors live here and
// nowhere else, like the workbench's in workbench.ts.
import type { Locator, Page } from 'playwright-core';
import { closeContextViews } from './workbench';

export interface ManagedModel {
  name: string;
  /** As the editor shows it, e.g. "33K". */
  contextSize: string;
  /** The provider's display name. */
  provider: string;
}

export class VsCodeChat {
  constructor(private readonly page: Page) {}

  private get view(): Locator {
    return this.page.locator('.part.auxiliarybar');
  }

  /** Rows of the "Chat: Manage Language Models" editor. */
  managementRows(): Locator {
    return this.page.locator('.ai-models-management-editor .monaco-list-row');
  }

  /**
   * The models the management editor lists, read from each row's accessible label
   * ("echo-1 from Model Access. Context size: 33K tokens. …").
   */
  async managedModels(): Promise<ManagedModel[]> {
    const labels = await this.managementRows().evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
    return labels.flatMap((label) => {
      const match = /^(.+?) from (.+?)\. Context size: (\S+) tokens/.exec(label);
      return match ? [{ name: match[1], provider: match[2], contextSize: match[3] }] : [];
    });
  }

  inputEditor(): Locator {
    return this.view.locator('.interactive-input-editor');
  }

  /** The model picker's button; its text is the model in use. */
  modelPicker(): Locator {
    return this.view.locator('.model-picker-item a.model-picker-name');
  }

  async modelInUse(): Promise<string> {
    return (await this.modelPicker().locator('.chat-input-picker-label').innerText().catch(() => '')).trim();
  }

  /**
   * Opens the model picker, searches for `name` (models not used lately sit under a collapsed
   * "Other Models"), and picks it. Rows are matched by their accessible label ("echo-1, Model
   * Access, …"): the visible name may be cut short.
   */
  async pickModel(name: string): Promise<void> {
    await this.closeContextViews();
    await this.modelPicker().click();
    const widget = this.page.locator('.action-widget');
    await widget.locator('input').first().fill(name);
    const row = widget.locator(`.monaco-list-row[aria-label^="${name},"]`).first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click();
  }

  /** Types a message into the chat input and sends it with the Send button. */
  async send(text: string): Promise<void> {
    // Focus, not click: VS Code's suggestion banners may lie over the input.
    await this.inputEditor().locator('.native-edit-context, textarea').first().focus();
    // insertText, not type: typed spaces can be taken by the workbench's key handling.
    await this.page.keyboard.insertText(text);
    await this.view.locator('.chat-input-toolbars a.action-label[aria-label^="Send"]').first().click();
  }

  /** Starts a new conversation (the view title's New Chat). */
  async newChat(): Promise<void> {
    await this.closeContextViews();
    await this.view.locator('a.action-label[aria-label^="New Chat"]').first().click();
  }

  /** Closes a hover or menu the workbench left floating over the view (see closeContextViews). */
  closeContextViews(): Promise<void> {
    return closeContextViews(this.page);
  }

  /** The rendered answers, oldest first. */
  responses(): Locator {
    return this.view.locator('.interactive-list .monaco-list-row.response');
  }

  /** The markdown text of an answer. */
  async responseText(response: Locator): Promise<string> {
    return (await response.locator('.chat-markdown-part').allInnerTexts().catch(() => [])).join('\n');
  }

  /** The button that stops the answer in progress (it takes the Send button's place). */
  stopButton(): Locator {
    return this.view.locator('.chat-input-toolbars a.action-label[aria-label^="Cancel"], .chat-input-toolbars a.action-label[aria-label^="Stop"]').first();
  }
}
