// Paced echo models (`tokensPerSecond`, `--pace N`): the stream is spread over time at the set pace.
import assert from 'node:assert/strict';
import { ConfigError, defaultConfig, parseServerConfig, withPace } from '../../server/config';
import { chat, payloads, postJson, readEvents, useServer } from './helpers';

describe('reference server: paced echo models', () => {
  const server = useServer({ config: withPace(defaultConfig, 500) });

  it('withPace paces exactly the echo models and leaves the rest alone', () => {
    const paced = withPace(defaultConfig, 2000);
    for (const model of paced.models) {
      const echo = model.behavior === 'echo' || model.behavior === 'reasoning-echo';
      assert.equal(model.tokensPerSecond, echo ? 2000 : undefined, model.id);
    }
    assert.equal(defaultConfig.models.some((model) => model.tokensPerSecond !== undefined), false, 'the default stays unpaced');
    assert.throws(() => withPace(defaultConfig, 0), ConfigError);
    assert.throws(() => withPace(defaultConfig, 1.5), ConfigError);
  });

  it('accepts tokensPerSecond in a config file, and refuses a bad one', () => {
    const config = parseServerConfig({ keys: [], models: [{ id: 'm', behavior: 'echo', tokensPerSecond: 2000 }] });
    assert.equal(config.models[0].tokensPerSecond, 2000);
    assert.throws(() => parseServerConfig({ keys: [], models: [{ id: 'm', behavior: 'echo', tokensPerSecond: 0 }] }), /tokensPerSecond must be 1 or more/);
  });

  it('streams 100 tokens at 500 tokens per second over at least 0.19 s, the text unchanged', async () => {
    const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const started = performance.now();
    const response = await postJson(server(), '/chat/completions', chat('echo-1', text, { stream: true }));
    const events = payloads(await readEvents(response));
    const elapsed = performance.now() - started;
    const streamed = events.map((event) => ((event.choices as { delta?: { content?: string } }[] | undefined)?.[0]?.delta?.content ?? '')).join('');
    assert.equal(streamed, text);
    // Token i leaves no earlier than i / 500 s after the first: a lower bound, whatever the machine.
    assert.ok(elapsed >= 190, `streamed in ${elapsed.toFixed(0)} ms`);
  });
});
