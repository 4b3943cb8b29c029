// Model Access models in VS Code's own chat (VS Code 1.139, through the language-model provider
// API): listed with their context sizes in "Chat: Manage Language Models", picked in the Chat
// view's model picker, answering there, and stopped there. Runs in the newest editor only: 1.100
// has no provider API (the in-host suite proves nothing is registered there).
import * as assert from 'node:assert/strict';
import { VsCodeChat } from '../harness/vscodeChat';
import { DEFAULT_MAX_INPUT_TOKENS, DEFAULT_MAX_OUTPUT_TOKENS } from '../../src/host/lm/modelInformation';
import { eventually, requestEnded, useFreshEditor } from './fixture';
import { readmeScreenshot } from './readmeScreenshots';
import { listedModelIds } from './referenceClient';

/** How VS Code shows a token count in the management editor (32768 → "33K"). */
const shownAsK = (tokens: number): string => `${Math.round(tokens / 1000)}K`;

describe('flow: Model Access models in VS Code\'s own chat (VS Code 1.139)', () => {
  const world = useFreshEditor({
    editor: 'newest',
    apiKey: 'demo-key',
    // VS Code's Chat view (agent mode) offers only models that can call tools: the user enables them here.
    settings: { 'modelAccess.languageModels.toolCallingModels': ['echo-1', 'slow-1'] },
  });
  const chat = (): VsCodeChat => new VsCodeChat(world.workbench.page);

  const screenshot = (name: string): Promise<void> => readmeScreenshot(world.workbench.page, name);

  /**
   * Opens Chat: Manage Language Models. It also makes VS Code ask the providers for their models:
   * VS Code's Chat view, before any sign-in, does not (it then shows only "Models").
   */
  async function openModelManagement(): Promise<void> {
    // The chat contributions register the command a moment after the workbench shows.
    await eventually(
      () => world.workbench.runCommand('Chat: Manage Language Models').then(() => true, async () => {
        await world.workbench.page.keyboard.press('Escape');
        return false;
      }),
      (ran) => ran,
      'the command Chat: Manage Language Models',
      30_000,
    );
  }

  /** The Chat view ready with the Model Access models in its picker. */
  async function chatWithModelAccessModels(): Promise<void> {
    await chat().inputEditor().waitFor({ state: 'visible', timeout: 30_000 });
    if ((await chat().modelInUse()) === 'Models') {
      await openModelManagement();
      await chat().managementRows().first().waitFor({ state: 'visible', timeout: 30_000 });
      await world.workbench.runCommand('View: Close All Editors');
    }
    await eventually(() => chat().modelInUse(), (name) => name !== 'Models' && name !== '', 'a model in the Chat view\'s picker', 30_000);
  }

  it('Chat: Manage Language Models lists the Model Access models with their context sizes', async () => {
    await openModelManagement();
    const expected = (await listedModelIds(world.server.baseUrl, 'demo-key')).sort();
    const models = await eventually(
      async () => (await chat().managedModels()).filter((model) => model.provider === 'Model Access'),
      (found) => found.length === expected.length,
      'the Model Access models in the management editor',
      30_000,
    );
    assert.deepEqual(models.map((model) => model.name).sort(), expected);
    const size = new Map(models.map((model) => [model.name, model.contextSize]));
    // From the records: echo-1 context_length 32768, reasoning-1 context_window 65536, tools-1 max_model_len 16384.
    assert.equal(size.get('echo-1'), shownAsK(32768));
    assert.equal(size.get('reasoning-1'), shownAsK(65536));
    assert.equal(size.get('tools-1'), shownAsK(16384));
    // No size in its record: the documented defaults.
    assert.equal(size.get('stream-only-1'), shownAsK(DEFAULT_MAX_INPUT_TOKENS + DEFAULT_MAX_OUTPUT_TOKENS));
    await screenshot('vscode-manage-language-models.png');
    await world.workbench.page.keyboard.press('Escape');
    await world.workbench.runCommand('View: Close All Editors');
  });

  it('picks echo-1 in the Chat view, sends a message, and the answer shows there', async () => {
    await chatWithModelAccessModels();
    await chat().pickModel('echo-1');
    await eventually(() => chat().modelInUse(), (name) => name === 'echo-1', 'the model picker to show echo-1');
    const prompt = 'Hello from the E2E test in VS Code chat';
    const before = await chat().responses().count();
    await chat().send(prompt);
    const answer = chat().responses().nth(before);
    // echo-1 repeats the last user message: VS Code's agent mode wraps it in its own tags.
    const text = await eventually(() => chat().responseText(answer), (shown) => shown.includes(prompt), 'the echo-1 answer in the Chat view', 30_000);
    assert.match(text, /userRequest/);
    const record = await requestEnded(world.server, 'echo-1');
    assert.equal(record?.outcome, 'completed');
    assert.equal(record?.path, '/v1/chat/completions');
    // The README's screenshot, once VS Code shows the answer as finished.
    await chat().stopButton().waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
    await screenshot('vscode-chat-model-access.png');
  });

  it('Stop in the Chat view ends a slow-1 answer that was streaming in, and the server sees the connection close', async () => {
    // A fresh conversation: with the last one as history VS Code would first have slow-1 summarize it.
    await chat().newChat();
    await eventually(() => chat().responses().count(), (count) => count === 0, 'an empty conversation');
    await chatWithModelAccessModels();
    await chat().pickModel('slow-1');
    await eventually(() => chat().modelInUse(), (name) => name === 'slow-1', 'the model picker to show slow-1');
    await chat().send('Tell me a long story');
    const answer = chat().responses().first();
    // The answer grows while slow-1 streams a token every 100 ms.
    const first = await eventually(() => chat().responseText(answer), (text) => text.trim().split(/\s+/).length >= 3, 'slow-1 to stream a few words', 30_000);
    await eventually(() => chat().responseText(answer), (text) => text.length > first.length, 'more words to stream in', 10_000);
    await chat().stopButton().click();
    const record = await requestEnded(world.server, 'slow-1', 10_000);
    assert.equal(record?.outcome, 'client-closed');
  });
});
