// Playwright helpers that speak "VS Code workbench": the selectors of the web workbench live here
// and nowhere else, so a VS Code update means changing one file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { extensionId, testResultsDir } from './paths';

export const workbenchReadySelector = '.monaco-workbench .part.activitybar';
const quickInput = '.quick-input-widget';

export class Workbench {
  /** Console errors and page errors seen so far; attached to failure reports. */
  readonly consoleErrors: string[] = [];

  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') {
        const where = message.location().url;
        this.consoleErrors.push(where ? `${message.text()} (${where})` : message.text());
      }
    });
    page.on('pageerror', (error) => this.consoleErrors.push(String(error)));
    // (Any load after the first is a reload, Developer: Reload Window or the browser's own: see openViewContainer.)
    page.on('load', () => this.loads++);
  }

  /** The page's loads so far: the first, and one per reload. */
  private loads = 0;

  async open(url: string, timeoutMs = 60_000): Promise<void> {
    await this.page.goto(url, { timeout: timeoutMs });
    await this.waitForReady(timeoutMs);
  }

  async waitForReady(timeoutMs = 60_000): Promise<void> {
    await this.page.locator(workbenchReadySelector).waitFor({ state: 'visible', timeout: timeoutMs });
  }

  /** Runs a command by its palette title (e.g. "Model Access: Set API Key") through F1, as a user would. */
  async runCommand(title: string): Promise<void> {
    await this.openPalette();
    const input = this.page.locator(`${quickInput} .quick-input-box input`);
    await input.fill(`>${title}`, { timeout: 5_000 }).catch(async (error: unknown) => {
      // The palette closes when anything takes the focus after it opened; once (CI, an untitled editor just opened
      // by Open Answer in Editor) a test then waited 30 s for its input and failed. What took it was not found: said
      // here, and the palette opened again once.
      if (await input.isVisible()) throw error;
      console.log(`  (the command palette closed before "${title}" was typed into it: opened again)`);
      await this.openPalette();
      await input.fill(`>${title}`);
    });
    // Exact label match, so "Set API Key" never runs "Clear API Key" by fuzzy ranking.
    const row = this.page
      .locator(`${quickInput} .quick-input-list .monaco-list-row`)
      .filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) })
      .first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click();
  }

  async openPalette(): Promise<void> {
    await this.dismissNotificationToasts();
    // Focus the workbench first: F1 pressed while a webview iframe has focus never reaches it.
    await this.page.locator(workbenchReadySelector).click({ position: { x: 5, y: 5 }, force: true }).catch(() => undefined);
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('F1');
    await this.page.locator(`${quickInput} .quick-input-box input`).waitFor({ state: 'visible', timeout: 15_000 });
  }

  /** The visible quick input (input box or quick pick). */
  quickInput(): Locator {
    return this.page.locator(quickInput);
  }

  /** Types into an open input box (`window.showInputBox`) and accepts it. */
  async answerInputBox(text: string, expectedPrompt?: string | RegExp): Promise<void> {
    const widget = this.page.locator(quickInput);
    await widget.waitFor({ state: 'visible', timeout: 15_000 });
    if (expectedPrompt !== undefined) {
      await widget.filter({ hasText: expectedPrompt }).waitFor({ state: 'visible', timeout: 15_000 });
    }
    const input = widget.locator('.quick-input-box input');
    await input.fill(text);
    await input.press('Enter');
    await widget.waitFor({ state: 'hidden', timeout: 15_000 });
  }

  /** Picks the item labelled `label` in an open quick pick. */
  async pickQuickPickItem(label: string): Promise<void> {
    const row = this.page
      .locator(`${quickInput} .quick-input-list .monaco-list-row`)
      .filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^\\s*(\\$\\([^)]*\\)\\s*)?${escapeRegExp(label)}\\s*$`) }) })
      .first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click();
  }

  /** Labels of the rows of a quick pick currently open. */
  async quickPickLabels(): Promise<string[]> {
    const rows = this.page.locator(`${quickInput} .quick-input-list .monaco-list-row .label-name`);
    await rows.first().waitFor({ state: 'visible', timeout: 15_000 });
    // Only those shown: a row the list reuses keeps the detail line of the pick before (Search Chats' hits), hidden.
    return rows.evaluateAll((elements) => elements.filter((element) => element.checkVisibility()).map((element) => (element.textContent ?? '').trim()));
  }

  /** The activity-bar entry of a view container, by its title. */
  activityBarItem(title: string): Locator {
    return this.page.locator(`.part.activitybar .action-item a.action-label[aria-label^="${title}"]`);
  }

  /**
   * Opens a view container from the activity bar; a no-op when the sidebar already shows it.
   * Clicking the entry of the container already shown would close the sidebar, and right after a
   * reload the workbench may still be restoring it, so the sidebar's title decides, not the click.
   */
  async openViewContainer(title: string): Promise<void> {
    const item = this.activityBarItem(title);
    await item.waitFor({ state: 'visible', timeout: 30_000 });
    const sidebarTitle = this.page.locator('.part.sidebar .composite.title h2').filter({ hasText: new RegExp(`^${escapeRegExp(title)}$`, 'i') });
    // A workbench loaded once, in a fresh profile, is restoring nothing: click at once (waiting a moment each time
    // cost every suite's fresh editor a second). After a reload, the sidebar can show another container while the
    // workbench restores this one: clicking at once there, one CI run in two then found the chat view blank after a reload.
    const fresh = this.loads <= 1;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await sidebarTitle.isVisible()) return;
      // Give a restoring workbench a moment to show the container by itself.
      if (!(attempt === 0 && fresh)
        && await sidebarTitle.waitFor({ state: 'visible', timeout: attempt === 0 ? 1000 : 3000 }).then(() => true, () => false)) return;
      await item.click();
    }
    await sidebarTitle.waitFor({ state: 'visible', timeout: 5000 });
  }

  /** A view pane in the sidebar, by the title in its header. */
  viewPane(title: string): Locator {
    return this.page
      .locator('.part.sidebar .pane')
      .filter({ has: this.page.locator('.pane-header h3.title', { hasText: new RegExp(`^${escapeRegExp(title)}$`, 'i') }) });
  }

  /** Expands a collapsed view pane. */
  async expandViewPane(title: string): Promise<void> {
    const header = this.viewPane(title).locator('.pane-header');
    await header.waitFor({ state: 'visible', timeout: 30_000 });
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
  }

  /**
   * Clicks one of a view's title actions (package.json `menus.view/title`, group navigation), by its
   * command title. The workbench shows them while the pointer is over the view, so it hovers first.
   */
  async clickViewTitleAction(viewTitle: string, commandTitle: string): Promise<void> {
    const pane = this.viewPane(viewTitle);
    await closeContextViews(this.page);
    // The tooltip of the action clicked last (the pointer stayed on it) would cover the header.
    await this.page.mouse.move(0, 0);
    await this.page.locator('.workbench-hover-container').waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined);
    await pane.locator('.pane-header').hover();
    await pane.locator(`.pane-header .actions .action-label[aria-label^="${commandTitle}"]`).click({ timeout: 15_000 });
  }

  /** Tree rows of a view pane. */
  treeRows(viewTitle: string): Locator {
    return this.viewPane(viewTitle).locator('.monaco-list-row[role=treeitem]');
  }

  /** The visible labels of a view's tree rows. */
  async treeLabels(viewTitle: string): Promise<string[]> {
    const labels = this.treeRows(viewTitle).locator('.label-name');
    return (await labels.allTextContents()).map((text) => text.trim());
  }

  /** The tree row whose label is exactly `label`. */
  treeRow(viewTitle: string, label: string): Locator {
    return this.treeRows(viewTitle).filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) }) });
  }

  /**
   * The chat webview view's document: outer webview iframe, then its active frame. The extension
   * has no other webview, so its id is enough. The `purpose=webviewView` query of the iframe is not:
   * a view restored by "Developer: Reload Window" gets an iframe without it, and a selector that
   * needs it never finds the chat again after a reload.
   */
  chatFrame(): FrameLocator {
    return this.page
      .frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"]`)
      .frameLocator('iframe#active-frame');
  }

  /** Status-bar entries whose text matches. */
  statusBarItem(text: string | RegExp): Locator {
    return this.page.locator('.part.statusbar .statusbar-item').filter({ hasText: text });
  }

  /** Notification toasts currently shown. */
  notifications(): Locator {
    return this.page.locator('.notifications-toasts .notification-toast');
  }

  async dismissNotificationToasts(): Promise<void> {
    const clear = this.page.locator('.notifications-toasts .notification-toast .codicon-notifications-clear');
    for (const button of await clear.all()) await button.click({ timeout: 1000 }).catch(() => undefined);
  }

  /** Opens a file of the workspace through Quick Open (Ctrl+P), as a user would. */
  async openFile(relativePath: string): Promise<void> {
    await this.openPalette();
    const input = this.page.locator(`${quickInput} .quick-input-box input`);
    await input.fill(relativePath);
    const row = this.page
      .locator(`${quickInput} .quick-input-list .monaco-list-row`)
      .filter({ has: this.page.locator('.label-name', { hasText: path.basename(relativePath) }) })
      .first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click();
    await this.page.locator(`.editor-instance .monaco-editor`).first().waitFor({ state: 'visible', timeout: 15_000 });
  }

  /**
   * Runs "Developer: Reload Window" and waits for the new workbench. Unlike a browser refresh, the
   * command shuts the workbench down in order first (storage flushed), as desktop VS Code does.
   */
  async reloadWindow(): Promise<void> {
    // The load event of the new document: framenavigated also fires for a same-document URL change,
    // which would let the old workbench pass for the new one.
    const reloaded = this.page.waitForEvent('load', { timeout: 30_000 });
    await this.runCommand('Developer: Reload Window');
    await reloaded;
    await this.waitForReady();
  }

  /** Saves a full-page screenshot to test-results/<name>.png (name may contain folders) and returns its path. */
  async screenshot(name: string): Promise<string> {
    const file = path.join(testResultsDir, `${name.split('/').map(sanitizeFileName).join('/')}.png`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await this.page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
    return file;
  }
}

/**
 * Closes what the workbench left floating over the page — a hover such as the Send button's
 * "[Alt] Send to New Chat", a menu — whose blocking layer would take the next click.
 */
export async function closeContextViews(page: Page): Promise<void> {
  const blocking = page.locator('.context-view .context-view-block');
  for (let attempt = 0; attempt < 5 && (await blocking.count()) > 0; attempt++) {
    await page.mouse.move(0, 0);
    await page.keyboard.press('Escape');
    await blocking.first().waitFor({ state: 'detached', timeout: 1_000 }).catch(() => undefined);
  }
}

export function sanitizeFileName(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 150);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
