// The workbench loads with the extension, and its activity-bar container shows both views.
import * as assert from 'node:assert/strict';
import { workbenchReadySelector } from '../harness/workbench';
import { useFreshEditor } from './fixture';

describe('smoke: the extension in the real workbench', () => {
  const world = useFreshEditor();

  it('loads the workbench', async () => {
    assert.equal(await world.workbench.page.locator(workbenchReadySelector).isVisible(), true);
  });

  it('opens the Model Access container from the activity bar', async () => {
    await world.workbench.activityBarItem('Model Access').waitFor({ state: 'visible', timeout: 30_000 });
    await world.openModelAccess();
  });

  it('shows the Models view and the Chat view', async () => {
    await world.openModelAccess();
    assert.equal(await world.workbench.viewPane('Models').isVisible(), true);
    assert.equal(await world.workbench.viewPane('Chat').isVisible(), true);
    // The chat webview really rendered its document, not just an empty frame.
    await world.chat.prompt().waitFor({ state: 'attached', timeout: 30_000 });
  });
});
