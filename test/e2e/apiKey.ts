// Without any key, the user is asked for one; "Model Access: Set API Key" from the palette stores it
// (SecretStorage lives in this browser profile) and the extension starts working with it.
// Run inside the accessibility suite (accessibility.e2e.test.ts), in its editor, which starts without a key: a suite
// of its own started and stopped an editor (some 20 s of a 2-core machine's CI run). It runs after the welcome
// panel's check and before any answer, and leaves demo-key stored.
import * as assert from 'node:assert/strict';
import { eventually, type SuiteWorld } from './fixture';
import { listedModelIds } from './referenceClient';

export function describeApiKey(world: SuiteWorld): void {
  describe('flow: set the API key through the command palette', () => {
    it('shows the Set API Key welcome while no key is set', async () => {
      await world.openModelAccess();
      await world.chat.welcome().waitFor({ state: 'visible', timeout: 30_000 });
      await world.chat.welcome().locator('button[data-action=setApiKey]').waitFor({ state: 'visible' });
    });

    it('stores the key entered after "Model Access: Set API Key"', async () => {
      await world.workbench.runCommand('Model Access: Set API Key');
      // The palette and the input box are the same widget: wait for the key's prompt, never type into the palette.
      await world.workbench.answerInputBox('demo-key', /secret storage/);
      await world.chat.welcome().waitFor({ state: 'hidden', timeout: 15_000 });
    });

    it('lists the models with the stored key', async () => {
      const expected = (await listedModelIds(world.server.baseUrl, 'demo-key')).sort();
      await eventually(async () => (await world.workbench.treeLabels('Models')).sort(), (labels) => JSON.stringify(labels) === JSON.stringify(expected), 'the Models tree to list the server models');
      const modelCalls = world.server.requests().filter((request) => request.path.endsWith('/models'));
      assert.ok(modelCalls.some((request) => request.status === 200), 'the server never answered GET /models with 200');
    });

    it('never shows the key in the chat webview', async () => {
      const html = await world.chat.frame.locator('body').innerHTML();
      assert.equal(html.includes('demo-key'), false);
    });
  });
}
