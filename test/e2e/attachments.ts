// Attaching context in the real editor: the current file with unsaved changes, a file picked through
// `#`, removing a chip, and the project instructions chip. echo-1 answers with exactly the user
// message it received, so its answer shows what went on the wire; the server records the roles.
// Run inside the conversation suite (conversation.e2e.test.ts), in its editor, after the organize tests: it counts
// the answers before its own, and goes after them (it leaves AGENTS.md in the workspace and its chip on).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { eventually, requestEnded, type SuiteWorld } from './fixture';

export function describeAttachments(world: SuiteWorld): void {
  describe('flow: attach context to the chat', () => {

    /** The Chat view open and its page loaded (each test can also run alone). */
    async function openChatReady(): Promise<void> {
      await world.openModelAccess();
      await world.chat.prompt().waitFor({ state: 'visible', timeout: 30_000 });
    }

    /** Types `#` in the prompt, picks `file` in the workspace file picker, and waits for its chip. */
    async function pickThroughHash(prefix: string, file: string, tick: boolean): Promise<void> {
      const prompt = world.chat.prompt();
      await prompt.click();
      await prompt.pressSequentially(`${prefix}#`);
      const input = world.workbench.quickInput().locator('.quick-input-box input');
      await input.waitFor({ state: 'visible', timeout: 15_000 });
      await input.fill(file);
      const row = world.workbench.quickInput().locator('.quick-input-list .monaco-list-row').filter({ has: world.workbench.page.locator('.label-name', { hasText: file }) }).first();
      await row.waitFor({ state: 'visible', timeout: 15_000 });
      // A multi-select pick: a click ticks the file and Enter adds what is ticked; with nothing
      // ticked, Enter adds the one file the typed text names.
      if (tick) await row.click();
      await input.press('Enter');
      await world.chat.attachmentChips(file).waitFor({ state: 'visible', timeout: 15_000 });
    }

    it('sends the current file as the editor has it, unsaved changes included, and the message shows what was sent', async () => {
      await openChatReady();
      await world.workbench.openFile('sample.ts');
      await world.workbench.page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      await world.workbench.page.keyboard.press('Control+End');
      await world.workbench.page.keyboard.type('// unsaved edit 4711');
      await world.workbench.runCommand('Model Access: Add Current File to Chat');
      const chip = world.chat.attachmentChips('sample.ts');
      await chip.waitFor({ state: 'visible', timeout: 15_000 });
      assert.match(await chip.locator('.chip-tokens').innerText(), /^~\d+ tokens$/);

      const before = await world.chat.messages('assistant').count();
      await world.chat.send('What does this file do?');
      const answer = await world.chat.assistantMessage(before, 'done');
      const echoed = await world.chat.contentText(answer);
      assert.ok(echoed.includes('// unsaved edit 4711'), `the unsaved edit was not sent: ${echoed}`);
      assert.ok(echoed.includes('export function add(a: number, b: number): number {'));
      assert.ok(echoed.endsWith('What does this file do?'));
      assert.equal(await world.chat.attachmentChips().count(), 0, 'the chip went with the message');

      const user = world.chat.messages('user').last();
      const sent = user.locator('details.sent-attachment');
      assert.match(await sent.locator('summary').innerText(), /^sample\.ts · ~\d+ tokens$/);
      await sent.locator('summary').click();
      const exact = await sent.locator('pre').innerText();
      assert.match(exact, /^```typescript sample\.ts\n/);
      assert.ok(exact.includes('// unsaved edit 4711'));
    });

    it('the attach button offers four choices; a file picked through # (the # goes away) can be removed, and only the chips left are sent', async () => {
      fs.writeFileSync(path.join(world.editor.workspaceFolder, 'notes.md'), 'Remember the milk 2718\n');
      await openChatReady();
      // The button next to the prompt offers the four ways to attach.
      await world.chat.frame.locator('button#attach').click();
      assert.deepEqual(await world.workbench.quickPickLabels(), ['Current File', 'Files…', 'Open Editors', 'Problems in Current File']);
      await world.workbench.page.keyboard.press('Escape');
      await world.workbench.quickInput().waitFor({ state: 'hidden', timeout: 10_000 });
      await pickThroughHash('Look at ', 'notes.md', true);
      await eventually(() => world.chat.prompt().inputValue(), (value) => value === 'Look at ', 'the # to leave the prompt');
      await world.chat.attachmentChips('notes.md').locator('button.remove-attachment').click();
      await world.chat.attachmentChips('notes.md').waitFor({ state: 'detached', timeout: 10_000 });

      await pickThroughHash('', 'notes.md', false);
      const before = await world.chat.messages('assistant').count();
      await world.chat.prompt().fill('Summarize the notes');
      await world.chat.prompt().press('Enter');
      const echoed = await world.chat.contentText(await world.chat.assistantMessage(before, 'done'));
      assert.ok(echoed.includes('Remember the milk 2718'), `the picked file was not sent: ${echoed}`);
      assert.ok(echoed.endsWith('Summarize the notes'));
    });

    it('offers AGENTS.md as a chip that is off until the user turns it on; then it is sent as a system message, shown as one, and stays on after a reload', async () => {
      fs.writeFileSync(path.join(world.editor.workspaceFolder, 'AGENTS.md'), 'Always answer in haiku.\n');
      await openChatReady();
      const chip = world.chat.instructionsChip();
      await chip.waitFor({ state: 'visible', timeout: 20_000 });
      assert.equal(await chip.getAttribute('aria-pressed'), 'false');

      let before = await world.chat.messages('assistant').count();
      await world.chat.send('Hello without instructions');
      await world.chat.assistantMessage(before, 'done');
      assert.ok(!(await requestEnded(world.server, 'echo-1'))?.roles?.includes('system'), 'nothing is sent before the user accepts');

      await chip.click();
      await eventually(() => chip.getAttribute('aria-pressed'), (pressed) => pressed === 'true', 'the chip to turn on');
      before = await world.chat.messages('assistant').count();
      await world.chat.send('Hello with instructions');
      await world.chat.assistantMessage(before, 'done');
      const record = await requestEnded(world.server, 'echo-1');
      assert.equal(record?.roles?.[0], 'system');
      assert.equal(record?.roles?.filter((role) => role === 'system').length, 1);
      const shown = world.chat.messages('user').last().locator('details.sent-instructions');
      assert.match(await shown.locator('summary').innerText(), /^System message: project instructions \(AGENTS\.md, ~\d+ tokens\)$/);
      await shown.locator('summary').click();
      assert.equal(await shown.locator('pre').innerText(), 'Project instructions from AGENTS.md:\n\nAlways answer in haiku.');

      // Remembered for this workspace: still on after a reload.
      await world.workbench.reloadWindow();
      await openChatReady();
      await eventually(() => world.chat.instructionsChip().getAttribute('aria-pressed').catch(() => null), (pressed) => pressed === 'true', 'the chip to come back on after a reload', 30_000);
    });
  });
}
