// Issue 7 §4 in the real workbench: only the primary button acts, and a link opens exactly once. Run inside the chat
// suite (chat.e2e.test.ts), in its editor: a suite of its own started and stopped an editor for two tests, some 10 s
// of a 2-core machine's CI run. They count the answers before their own, and go last there (they edit sample.ts).
import * as assert from 'node:assert/strict';
import { eventually, type SuiteWorld } from './fixture';

export function describeChatClicks(world: SuiteWorld): void {
  describe('acts only on what the user meant', () => {
    /** The workbench shows its own context menu on a right click in the webview: wait for it, then close it. */
    async function closeContextMenu(): Promise<void> {
      const { page } = world.workbench;
      const menu = page.locator('.context-view.monaco-menu-container');
      await menu.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
      for (let attempt = 0; attempt < 5 && (await menu.isVisible()); attempt++) {
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden', timeout: 1_000 }).catch(() => undefined);
      }
    }

    async function answerWith(text: string): Promise<void> {
      await world.openModelAccess();
      const before = await world.chat.messages('assistant').count();
      await world.chat.send(text);
      await world.chat.assistantMessage(before, 'done');
    }

    it('a right or middle click on Insert inserts nothing; a left click does', async () => {
      await world.workbench.openFile('sample.ts');
      // No selection left by a test before (Insert would replace it): the cursor at the start of the file.
      await world.workbench.page.keyboard.press('Control+Home');
      const lines = world.workbench.page.locator('.editor-instance .monaco-editor .view-lines').first();
      // Monaco shows spaces as no-break spaces.
      const editorText = async (): Promise<string> => (await lines.innerText()).replace(/\u00a0/g, ' ');
      const original = await editorText();
      await answerWith('```ts\nconst inserted = 42;\n```');
      const insert = world.chat.messages('assistant').last().locator('.code-block button.insert-code');
      await insert.click({ button: 'right' });
      await closeContextMenu();
      await insert.click({ button: 'middle' });
      // No wait for something not to happen: the page posts in order and the host handles in order, so
      // an insert from the right or middle click would land before the left click's and show twice.
      await insert.click();
      const inserted = await eventually(editorText, (text) => text.includes('const inserted = 42;'), 'a left click to insert the code');
      assert.equal(inserted.split('const inserted = 42;').length - 1, 1, 'a right or middle click inserted code too');
      assert.ok(inserted.replace('const inserted = 42;', '').replace(/\s+/g, '') === original.replace(/\s+/g, ''), 'only the one insertion changed the file');
    });

    it('a link click opens the link exactly once (never also through the workbench\'s own link handler)', async () => {
      await answerWith('See [the docs](https://example.com/docs) here.');
      const { page, context } = world.workbench;
      // Each way of opening ends in the workbench: a confirmation dialog or a new page per open.
      let pages = 0;
      const onPage = (): void => void pages++;
      context.on('page', onPage);
      const dialogs = page.locator('.monaco-dialog-box');
      const link = world.chat.messages('assistant').last().locator('.content a', { hasText: 'the docs' });
      await link.click({ button: 'right' });
      await closeContextMenu();
      await link.click({ button: 'middle' });
      await link.click();
      await eventually(async () => pages + (await dialogs.count()), (opened) => opened >= 1, 'the link to open', 10_000);
      // The one window in which nothing must happen: an open by the right or middle click, or a second
      // open of the left click through the workbench's own handler, would show within moments.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const opened = pages + (await dialogs.count());
      context.off('page', onPage);
      assert.equal(opened, 1, `the link opened ${opened} times (right, middle and left click)`);
      await page.keyboard.press('Escape');
    });
  });
}
