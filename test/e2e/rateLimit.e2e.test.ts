// limited-key allows one model call in flight. The test occupies that slot itself, so the
// extension's request is refused with 429 deterministically; the UI must show the countdown and
// then succeed once the slot is free again. Nothing here depends on how fast the machine is: the
// slot is held until the test has seen the countdown (not for a fixed time, which a loaded machine
// can outlast before the extension even sends), and the extension retries long enough (each 429
// asks for 1 s) that a slow look at the countdown cannot use up its retries.
import * as assert from 'node:assert/strict';
import { useFreshEditor } from './fixture';
import { startStreamingChat, streamedReply } from './referenceClient';

describe('flow: rate limited (limited-key)', () => {
  const world = useFreshEditor({ apiKey: 'limited-key', settings: { 'modelAccess.model': 'echo-1', 'modelAccess.retry.maxRetries': 10 } });

  it('shows the retry countdown, then the answer', async () => {
    await world.openModelAccess();
    const prompt = 'Rate limits are fine';
    const expected = (await streamedReply(world.server.baseUrl, 'demo-key', 'echo-1', prompt)).trim();
    // 300 tokens of slow-1 take about 30 s; the finally below releases the slot as soon as the countdown was seen.
    const holder = await startStreamingChat(world.server.baseUrl, 'limited-key', 'slow-1', 'hold the slot', 300);
    try {
      await world.chat.send(prompt);
      const countdown = world.chat.retryCountdown();
      await countdown.waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(await countdown.innerText(), /retrying in \d+\s*s/i);
    } finally {
      holder.abort();
      await holder.finished;
    }
    const answer = await world.chat.assistantMessage(0, 'done', 30_000);
    assert.equal(await world.chat.contentText(answer), expected);
    await world.chat.retryCountdown().waitFor({ state: 'hidden', timeout: 5_000 });
    const refused = world.server.requests().filter((request) => request.model === 'echo-1' && request.status === 429);
    assert.ok(refused.length >= 1, 'the server never refused the extension with 429');
  });
});
