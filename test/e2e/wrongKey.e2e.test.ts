// A key the server rejects: the 401 message appears in the conversation with its Set API Key action.
import * as assert from 'node:assert/strict';
import { useFreshEditor } from './fixture';
import { chatError } from './referenceClient';

describe('flow: a wrong API key', () => {
  const world = useFreshEditor({ apiKey: 'wrong-key', settings: { 'modelAccess.model': 'echo-1' } });

  it('shows the 401 message and a Set API Key action', async () => {
    await world.openModelAccess();
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
