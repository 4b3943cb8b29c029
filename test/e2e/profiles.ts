// Two endpoints without editing JSON: a second profile is added through "Model Access: Add Endpoint
// Profile…" (input boxes, then its key), and the chat's model button switches between
// `profile / model` items; each answer's request carries the key of the profile it was sent to.
// Run inside the conversation suite (conversation.e2e.test.ts), in its editor, last: it adds a second profile,
// after which every model item reads `profile / model`. It begins with a New Chat.
import * as assert from 'node:assert/strict';
import { maskKey } from '../../server';
import { eventually, type SuiteWorld } from './fixture';

export function describeProfiles(world: SuiteWorld): void {
  describe('flow: endpoint profiles in the chat\'s model picker', () => {

    /** Answers the step of the Add Endpoint Profile wizard whose title says `step`. */
    async function answerStep(step: string, text: string): Promise<void> {
      const widget = world.workbench.quickInput();
      await widget.filter({ hasText: `Add Endpoint Profile (${step})` }).waitFor({ state: 'visible', timeout: 15_000 });
      const input = widget.locator('.quick-input-box input');
      await input.fill(text);
      await input.press('Enter');
    }

    async function lastModelCallKeyHint(): Promise<string | null | undefined> {
      return world.server.requests().filter((request) => request.path.endsWith('/chat/completions')).at(-1)?.keyHint;
    }

    it('adds a second profile through input boxes and stores its key', async () => {
      await world.openModelAccess();
      await world.workbench.runCommand('Model Access: New Chat');
      await eventually(() => world.chat.messages().count(), (count) => count === 0, 'New Chat to empty the conversation');
      await world.workbench.runCommand('Model Access: Add Endpoint Profile…');
      await answerStep('1/3', 'Second');
      await answerStep('2/3', world.server.baseUrl);
      await world.workbench.quickInput().filter({ hasText: 'Add Endpoint Profile (3/3)' }).waitFor({ state: 'visible', timeout: 15_000 });
      await world.workbench.pickQuickPickItem('chat');
      await world.workbench.answerInputBox('limited-key', /secret storage/);
      // The Models view now has one root per profile.
      await eventually(() => world.workbench.treeLabels('Models'), (labels) => labels.includes('Default') && labels.includes('Second'), 'a root per profile in the Models tree');
      await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === 'Default / echo-1', 'the chat model button to show Default / echo-1');
    });

    it('the model button lists profile / model items; picking Second / echo-1 sends with the second key, and back', async () => {
      await world.chat.modelPicker().click();
      await eventually(() => world.workbench.quickPickLabels(), (labels) => labels.includes('Second / echo-1') && labels.some((label) => label.endsWith('Default / echo-1')), 'profile / model items');
      await world.workbench.pickQuickPickItem('Second / echo-1');
      await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === 'Second / echo-1', 'the chat model button to show Second / echo-1');
      await world.chat.send('to the second profile');
      const first = await world.chat.assistantMessage(0, 'done');
      assert.equal(await lastModelCallKeyHint(), maskKey('limited-key'));
      assert.match(await first.innerText(), /Second \/ echo-1/, 'the answer names its profile');

      await world.chat.modelPicker().click();
      await world.workbench.pickQuickPickItem('Default / echo-1');
      await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === 'Default / echo-1', 'the chat model button to show Default / echo-1');
      await world.chat.send('back to the default');
      await world.chat.assistantMessage(1, 'done');
      assert.equal(await lastModelCallKeyHint(), maskKey('demo-key'));
    });

    it('each chat remembers its profile and model: reopening a chat switches the model button back, and its answer goes there', async () => {
      const frame = world.chat.frame;
      const pick = async (label: string): Promise<void> => {
        await world.chat.modelPicker().click();
        await world.workbench.pickQuickPickItem(label);
        await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === label, `the chat model button to show ${label}`);
      };
      await world.workbench.runCommand('Model Access: New Chat');
      await pick('Second / echo-1');
      await world.chat.send('a chat with the second profile');
      await world.chat.assistantMessage(0, 'done');
      await world.workbench.runCommand('Model Access: New Chat');
      await pick('Default / echo-1');
      await world.chat.send('a chat with the default profile');
      await world.chat.assistantMessage(0, 'done');

      await world.workbench.runCommand('Model Access: Show Chat History');
      await frame.locator('.history-list .history-item', { hasText: 'a chat with the second profile' }).locator('button.open-chat').click();
      await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === 'Second / echo-1', 'the reopened chat to show its own Second / echo-1');
      await world.chat.send('still the second profile');
      await world.chat.assistantMessage(1, 'done');
      assert.equal(await lastModelCallKeyHint(), maskKey('limited-key'), 'the reopened chat asked its own profile');
    });
  });
}
