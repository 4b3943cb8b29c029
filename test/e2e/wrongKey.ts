// A key the server rejects: the 401 message appears in the conversation with its Set API Key action.
// Run inside the accessibility suite (accessibility.e2e.test.ts), in its editor, last: it stores wrong-key through
// "Model Access: Set API Key" (the suites started with `apiKey` run on a key from MODEL_ACCESS_API_KEY) and begins
// with a New Chat.
import * as assert from 'node:assert/strict';
import { eventually, type SuiteWorld } from './fixture';
import { chatError } from './referenceClient';

export function describeWrongKey(world: SuiteWorld): void {
  describe('flow: a wrong API key', () => {
    it('shows the 401 message and a Set API Key action', async () => {
      await world.openModelAccess();
      await world.workbench.runCommand('Model Access: Set API Key');
      const requestsBefore = world.server.requests().length;
      await world.workbench.answerInputBox('wrong-key', /secret storage/);
      // In effect once the Models view has asked with it (a stored key reaches the client a moment later).
      await eventually(
        async () => world.server.requests().slice(requestsBefore).some((request) => request.path.endsWith('/models') && request.status === 401),
        (refused) => refused,
        'the Models view to ask with wrong-key',
      );
      await world.workbench.runCommand('Model Access: New Chat');
      await eventually(() => world.chat.messages().count(), (count) => count === 0, 'New Chat to empty the conversation');
      const expected = await chatError(world.server.baseUrl, 'wrong-key', 'echo-1', 'hello');
      assert.equal(expected.status, 401);
      await world.chat.send('hello');
      const answer = await world.chat.assistantMessage(0, 'error');
      const error = answer.locator('.error');
      assert.ok((await error.innerText()).includes(expected.message), `the error does not show the server's message "${expected.message}"`);
      await error.locator('button[data-action=setApiKey]').waitFor({ state: 'visible', timeout: 5_000 });
    });

    it('opens the key input from that action', async () => {
      await world.chat.messages('assistant').last().locator('button[data-action=setApiKey]').click();
      await world.workbench.quickInput().locator('.quick-input-box input[type=password]').waitFor({ state: 'visible', timeout: 15_000 });
      await world.workbench.page.keyboard.press('Escape');
    });
  });
}
