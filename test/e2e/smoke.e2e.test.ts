// The workbench loads with the extension, and its activity-bar container shows both views (the smoke tests,
// first: when they fail, the flows after them will too). Then, in the same editor (a fresh one per suite cost
// 14 s and 22 CPU-seconds here), the Models tree shows what the server lists, and the active model can be
// chosen from the tree and from the status bar; the chat's model button follows both.
import * as assert from 'node:assert/strict';
import { workbenchReadySelector } from '../harness/workbench';
import { eventually, useFreshEditor } from './fixture';
import { listedModelIds } from './referenceClient';

describe('smoke: the extension in the real workbench; flow: models tree and model selection', () => {
  const world = useFreshEditor({ apiKey: 'demo-key' });

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

  it('lists exactly the models the reference server lists', async () => {
    await world.openModelAccess();
    const expected = (await listedModelIds(world.server.baseUrl, 'demo-key')).sort();
    assert.ok(expected.length > 1, 'the reference server lists too few models for this test');
    await eventually(async () => (await world.workbench.treeLabels('Models')).sort(), (labels) => JSON.stringify(labels) === JSON.stringify(expected), 'the Models tree to list the server models');
  });

  it('makes a model active by clicking it in the tree', async () => {
    await world.workbench.treeRow('Models', 'echo-1').click();
    await world.workbench.statusBarItem('echo-1').waitFor({ state: 'visible', timeout: 15_000 });
    await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === 'echo-1', 'the chat model button to show echo-1');
  });

  it('makes a model active from the status bar item', async () => {
    await world.workbench.statusBarItem('echo-1').click();
    const labels = await world.workbench.quickPickLabels();
    assert.ok(labels.some((label) => label.includes('stream-only-1')), `the model quick pick lacks stream-only-1: ${labels.join(', ')}`);
    await world.workbench.pickQuickPickItem('stream-only-1');
    await world.workbench.statusBarItem('stream-only-1').waitFor({ state: 'visible', timeout: 15_000 });
    await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === 'stream-only-1', 'the chat model button to show stream-only-1');
    assert.equal(await world.workbench.statusBarItem('echo-1').count(), 0, 'the status bar still shows the previous model');
  });
});
