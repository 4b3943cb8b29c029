// limited-key allows one model call in flight. The test occupies that slot itself, so the
// extension's request is refused with 429 deterministically; the UI must show the countdown and
// then succeed once the slot is free again.
import * as assert from 'node:assert/strict';
import { useFreshEditor } from './fixture';
import { startStreamingChat, streamedReply } from './referenceClient';

describe('flow: rate limited (limited-key)', () => {
  const world = useFreshEditor({ apiKey: 'limited-key', settings: { 'modelAccess.model': 'echo-1' } });

  it('shows the retry countdown, then the answer', async () => {
    await world.openModelAccess();
    const prompt = 'Rate limits are fine';
    const expected = (await streamedReply(world.server.baseUrl, 'demo-key', 'echo-1', prompt)).trim();
    // 40 tokens of slow-1 take about 4 s: the slot frees itself even if the release below never ran.
    const holder = await startStreamingChat(world.server.baseUrl, 'limited-key', 'slow-1', 'hold the slot', 40);
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
