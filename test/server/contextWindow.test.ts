import assert from 'node:assert/strict';
import { readModelLimits } from '../../src/api/modelLimits';
import { ConfigError, parseServerConfig } from '../../server/config';
import { chat, errorOf, getJson, postJson, respond, useServer } from './helpers';

/** `count` words of four letters: the server counts one token for each. */
const words = (count: number): string => Array.from({ length: count }, () => 'word').join(' ');

describe('reference server: context windows', () => {
  const server = useServer();

  const records = async (): Promise<Record<string, unknown>[]> =>
    ((await (await getJson(server(), '/models')).json()) as { data: Record<string, unknown>[] }).data;

  it('lists context sizes under the field names of real servers (and none for hidden-context-1)', async () => {
    const byId = new Map((await records()).map((record) => [record.id as string, record]));
    assert.equal(byId.get('echo-1')?.context_length, 32768);
    assert.equal(byId.get('reasoning-1')?.context_window, 65536);
    assert.equal(byId.get('reasoning-1')?.max_output_tokens, 8192);
    assert.equal(byId.get('tools-1')?.max_model_len, 16384);
    assert.equal(byId.get('showcase-1')?.n_ctx, 8192);
    assert.deepEqual(byId.get('slow-1')?.top_provider, { context_length: 131072 });
    assert.equal(byId.get('small-context-1')?.max_context_length, 400);
    const hidden = byId.get('hidden-context-1');
    assert.deepEqual(Object.keys(hidden ?? {}).sort(), ['created', 'id', 'object', 'owned_by']);
  });

  it("the client's tolerant reader finds every listed size (and says nothing for hidden-context-1)", async () => {
    const sizes = Object.fromEntries((await records()).map((record) => [record.id, readModelLimits(record).contextTokens]));
    assert.deepEqual(
      { echo: sizes['echo-1'], reasoning: sizes['reasoning-1'], tools: sizes['tools-1'], showcase: sizes['showcase-1'], slow: sizes['slow-1'], small: sizes['small-context-1'], hidden: sizes['hidden-context-1'] },
      { echo: 32768, reasoning: 65536, tools: 16384, showcase: 8192, slow: 131072, small: 400, hidden: undefined },
    );
  });

  it('answers a request exactly at the window, and refuses one token more with 400 context_length_exceeded (not billed)', async () => {
    const ok = await postJson(server(), '/chat/completions', chat('hidden-context-1', words(400)));
    assert.equal(ok.status, 200);
    await ok.text();
    const before = await (await fetch(`${server().baseUrl.replace(/\/v1$/, '')}/_admin/usage`)).json() as Record<string, { requests: number }>;
    const refused = await postJson(server(), '/chat/completions', chat('hidden-context-1', words(401)));
    assert.equal(refused.status, 400);
    assert.deepEqual(await errorOf(refused), {
      message: "This model's maximum context length is 400 tokens. However, your messages resulted in 401 tokens. Please reduce the length of the messages.",
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
    });
    const after = await (await fetch(`${server().baseUrl.replace(/\/v1$/, '')}/_admin/usage`)).json() as Record<string, { requests: number }>;
    assert.deepEqual(after, before);
  });

  it('counts max_tokens / max_output_tokens into the window, on both operations', async () => {
    const chatRefused = await postJson(server(), '/chat/completions', chat('small-context-1', words(300), { max_tokens: 101 }));
    assert.equal(chatRefused.status, 400);
    const error = await errorOf(chatRefused);
    assert.equal(error.code, 'context_length_exceeded');
    assert.match(error.message, /you requested 401 tokens \(300 in the messages, 101 in the completion\)/);
    const responsesRefused = await postJson(server(), '/responses', respond('small-context-1', words(300), { max_output_tokens: 101 }));
    assert.equal(responsesRefused.status, 400);
    assert.equal((await errorOf(responsesRefused)).code, 'context_length_exceeded');
    const fits = await postJson(server(), '/chat/completions', chat('small-context-1', words(300), { max_tokens: 100 }));
    assert.equal(fits.status, 200);
    await fits.text();
  });

  it('a config file sets a window and the field it is listed under; a bad one is refused', () => {
    const config = parseServerConfig({ keys: [], models: [{ id: 'm', behavior: 'echo', contextWindow: { tokens: 10, field: 'limits.context' } }] });
    assert.deepEqual(config.models[0].contextWindow, { tokens: 10, field: 'limits.context' });
    for (const contextWindow of [{ tokens: 0 }, { tokens: 10, field: 'id' }, { tokens: 10, field: 'a..b' }, { tokens: 10, extra: 1 }, 5]) {
      assert.throws(() => parseServerConfig({ keys: [], models: [{ id: 'm', behavior: 'echo', contextWindow }] }), ConfigError, JSON.stringify(contextWindow));
    }
  });
});
