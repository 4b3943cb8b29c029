// Finding and organizing chats in the real editor: Find in the chat (Ctrl+F), Search Chats opening a
// chat at the message, Fork from here, Rename and Pin. One editor session, tests in order.
// Run inside the conversation suite (conversation.e2e.test.ts), in its editor, after its tests: a suite of its own
// started and stopped an editor (some 20 s of a 2-core machine's CI run). It begins with a New Chat; the chats the
// tests before it left are older than its own, and none is pinned or mentions its words.
import * as assert from 'node:assert/strict';
import { eventually, type SuiteWorld } from './fixture';

export function describeOrganize(world: SuiteWorld): void {
  describe('flow: find, search, fork, rename and pin chats', () => {
    const frame = () => world.chat.frame;
    const historyItem = (selector: string) => frame().locator(`.history-list .history-item${selector}`);

    /** Waits until the conversation shows `count` messages (a chat was replaced), then reads it. */
    async function conversationOf(count: number, what: string): Promise<[string, string][]> {
      await eventually(() => world.chat.messages().count(), (shown) => shown === count, what);
      return world.chat.transcript();
    }

    async function openHistory(): Promise<void> {
      // Show Chat History is the Chat view's title action (the webview has no copy of it).
      if (!(await frame().locator('.history-panel').isVisible())) {
        await world.workbench.clickViewTitleAction('Chat', 'Show Chat History');
      }
      await frame().locator('.history-panel').waitFor({ state: 'visible', timeout: 10_000 });
    }

    it('Ctrl+F finds text in the chat with a count and highlights; Enter goes to the next match; Escape returns to the prompt', async () => {
      await world.openModelAccess();
      await world.workbench.runCommand('Model Access: New Chat');
      await eventually(() => world.chat.messages().count(), (count) => count === 0, 'New Chat to empty the conversation');
      await world.chat.send('Where is the zebra crossing?');
      await world.chat.assistantMessage(0, 'done');
      await world.chat.send('A second question, about giraffes');
      await world.chat.assistantMessage(1, 'done');
      await world.chat.prompt().click();
      await world.workbench.page.keyboard.press('Control+F');
      const input = frame().locator('.find-bar .find-input');
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await input.fill('ZEBRA');
      const first = await eventually(() => frame().locator('.find-bar .find-count').innerText(), (text) => /^1 of \d+$/.test(text), 'the find count');
      const total = Number(/of (\d+)/.exec(first)?.[1]);
      assert.ok(total >= 2, `the question and its echo hold "zebra": ${first}`);
      await input.press('Enter');
      assert.equal(await frame().locator('.find-bar .find-count').innerText(), `2 of ${total}`);
      // The browser draws the matches (CSS Custom Highlight API): the page's DOM is left as it was.
      const highlighted = await frame().locator('body').evaluate(() => {
        const registry = (globalThis as unknown as { CSS?: { highlights?: Map<string, Set<unknown>> } }).CSS?.highlights;
        return { all: registry?.get('chat-find')?.size ?? -1, current: registry?.get('chat-find-current')?.size ?? -1 };
      });
      assert.deepEqual(highlighted, { all: total, current: 1 });
      await input.press('Shift+Enter');
      assert.equal(await frame().locator('.find-bar .find-count').innerText(), `1 of ${total}`);
      await input.press('Escape');
      await frame().locator('.find-bar').waitFor({ state: 'hidden', timeout: 5_000 });
      await eventually(() => world.chat.prompt().evaluate((element) => element === element.ownerDocument.activeElement), Boolean, 'focus back in the prompt');
    });

    it('forks from the first answer: a new chat up to it; the original keeps all its messages; the history says where the fork came from', async () => {
      const original = await world.chat.transcript();
      assert.equal(original.length, 4);
      await world.chat.messages('assistant').first().locator('button.fork').click();
      const fork = await conversationOf(2, 'the fork to open');
      assert.deepEqual(fork, original.slice(0, 2));
      await openHistory();
      await eventually(() => historyItem('.current .forked-from').innerText().catch(() => ''), (text) => text === 'forked from Where is the zebra crossing?', 'the fork\'s origin in the history');
      // Open the original: unchanged.
      await historyItem(':not(.current) .open-chat').first().click();
      assert.deepEqual(await conversationOf(4, 'the original to open'), original);
    });

    it('renames the open chat from the history list (an input box in the editor)', async () => {
      await openHistory();
      await historyItem('.current .rename-chat').click();
      await world.workbench.answerInputBox('Zebra notes');
      await eventually(() => historyItem('.current .history-title').innerText(), (text) => text === 'Zebra notes', 'the new title in the history');
    });

    it('pins a chat: it is listed first and marked pinned', async () => {
      await openHistory();
      // The fork is the most recent chat: pin the older original, which then moves to the top.
      await historyItem('.current .pin-chat').click();
      await eventually(() => historyItem('.current .pin-chat').getAttribute('aria-pressed'), (pressed) => pressed === 'true', 'the pin to show');
      assert.equal(await historyItem('').first().getAttribute('class'), 'history-item pinned current');
    });

    it('Model Access: Search Chats finds a word in an answer and opens that chat scrolled to the message', async () => {
      // Open the fork first, so the hit has to switch chats.
      await openHistory();
      await historyItem(':not(.current) .open-chat').first().click();
      await conversationOf(2, 'the fork to open');
      await world.workbench.runCommand('Model Access: Search Chats');
      const quickInput = world.workbench.quickInput();
      await quickInput.locator('.quick-input-box input').fill('giraffes');
      const answerRow = quickInput.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'answer' }).first();
      await answerRow.waitFor({ state: 'visible', timeout: 15_000 });
      assert.match(await answerRow.innerText(), /Zebra notes/);
      assert.match(await answerRow.innerText(), /»giraffes«/);
      await answerRow.click();
      const revealed = frame().locator('.message.revealed');
      await revealed.waitFor({ state: 'attached', timeout: 15_000 });
      assert.equal(await revealed.getAttribute('data-role'), 'assistant');
      // Read as drawn (innerText, not forced visible): the hit must be on screen. An answer's chunks
      // skip rendering while off screen and count as empty until the frame after the scroll decides
      // they are in view, so this waits for that frame. The highlight goes after a while: by id.
      const hit = frame().locator(`.message[data-id="${await revealed.getAttribute('data-id')}"] .content`);
      await eventually(() => hit.innerText(), (text) => /giraffes/.test(text), 'the revealed answer to be drawn on screen');
      assert.equal((await conversationOf(4, 'the chat of the hit')).length, 4);
    });

    it('the search box of the history list finds the same, and opens a hit at its message', async () => {
      await openHistory();
      await historyItem(':not(.current) .open-chat').first().click();
      await conversationOf(2, 'the fork to open');
      await openHistory();
      await frame().locator('.history-search').fill('giraffes');
      const hit = frame().locator('.search-hit .open-hit').filter({ hasText: 'Zebra notes' }).last();
      await hit.waitFor({ state: 'visible', timeout: 15_000 });
      assert.equal(await frame().locator('.search-hit mark').first().innerText(), 'giraffes');
      const messageId = await hit.getAttribute('data-message-id');
      await hit.click();
      await conversationOf(4, 'the chat of the hit');
      await frame().locator(`.message.revealed[data-id="${messageId}"]`).waitFor({ state: 'attached', timeout: 15_000 });
    });
  });
}
