// Per-model parameters in the real workbench: the footer of an answer names the parameters it was
// asked with, and a parameter the server refuses is named in the error with the setting to change.
import * as assert from 'node:assert/strict';
import { useFreshEditor } from './fixture';

describe('flow: per-model parameters', () => {
  const world = useFreshEditor({
    apiKey: 'demo-key',
    settings: {
      'modelAccess.model': 'echo-1',
      'modelAccess.modelOptions': { 'echo-1': { temperature: 0.3, topP: 0.9 }, 'slow-1': { reasoningEffort: 'high' } },
    },
  });

  it('shows the parameters an answer was asked with in its footer', async () => {
    await world.openModelAccess();
    await world.chat.send('with parameters');
    const answer = await world.chat.assistantMessage(0, 'done');
    assert.match(await answer.locator('.usage').innerText(), /Parameters: temperature 0\.3 · top_p 0\.9/);
  });

  it('a refused reasoning effort: the error names it and the setting entry to remove', async () => {
    await world.selectModel('slow-1');
    const before = await world.chat.messages('assistant').count();
    await world.chat.send('think hard');
    const answer = await world.chat.assistantMessage(before, 'error');
    const text = await answer.locator('.error').innerText();
    assert.match(text, /reasoning_effort/);
    assert.match(text, /remove "reasoningEffort" for "slow-1" in the modelAccess\.modelOptions setting/);
  });
});
