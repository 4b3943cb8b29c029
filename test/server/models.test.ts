import assert from 'node:assert/strict';
import { chat, errorOf, getJson, postJson, readEvents, respond, useServer, payloads, chatDeltaText } from './helpers';

describe('reference server: models, permissions and account states', () => {
  const server = useServer();

  it('GET /models lists the listed models in OpenAI\'s list shape, and no fault model', async () => {
    const response = await getJson(server(), '/models');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const body = await response.json() as { object: string; data: { id: string; object: string; owned_by: string }[] };
    assert.equal(body.object, 'list');
    assert.deepEqual(body.data.map((m) => m.id),
      ['echo-1', 'stream-only-1', 'showcase-1', 'firehose-1', 'slow-1', 'restricted-1', 'reasoning-1', 'tools-1', 'small-context-1', 'hidden-context-1']);
    for (const model of body.data) {
      assert.equal(model.object, 'model');
      assert.equal(typeof model.owned_by, 'string');
    }
  });

  it('404 model_not_found for an unknown model, on both operations', async () => {
    for (const response of [
      await postJson(server(), '/chat/completions', chat('no-such-model', 'hi')),
      await postJson(server(), '/responses', respond('no-such-model', 'hi')),
    ]) {
      assert.equal(response.status, 404);
      const error = await errorOf(response);
      assert.equal(error.code, 'model_not_found');
      assert.match(error.message, /no-such-model/);
    }
  });

  it('403 model_not_permitted for restricted-1 with demo-key', async () => {
    const response = await postJson(server(), '/chat/completions', chat('restricted-1', 'hi'));
    assert.equal(response.status, 403);
    assert.deepEqual(await errorOf(response), {
      message: "This key is not permitted to use the model 'restricted-1'.",
      type: 'permission_error',
      code: 'model_not_permitted',
    });
  });

  it('the unlisted fault models are callable with demo-key', async () => {
    const response = await postJson(server(), '/chat/completions', chat('fault-no-done', 'hi'));
    assert.equal(response.status, 200);
    await response.text();
  });

  it('empty-key: /models works, model calls get 403 insufficient_balance', async () => {
    assert.equal((await getJson(server(), '/models', 'empty-key')).status, 200);
    for (const response of [
      await postJson(server(), '/chat/completions', chat('echo-1', 'hi', { stream: true }), 'empty-key'),
      await postJson(server(), '/responses', respond('echo-1', 'hi'), 'empty-key'),
    ]) {
      assert.equal(response.status, 403);
      const error = await errorOf(response);
      assert.equal(error.code, 'insufficient_balance');
      assert.equal(error.type, 'permission_error');
    }
  });

  it('quota-key: model calls get 429 insufficient_quota without Retry-After', async () => {
    assert.equal((await getJson(server(), '/models', 'quota-key')).status, 200);
    const response = await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'quota-key');
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('retry-after'), null);
    assert.equal(response.headers.get('retry-after-ms'), null);
    const error = await errorOf(response);
    assert.equal(error.code, 'insufficient_quota');
  });

  it('stream-only-1 refuses a request without stream: true, saying it answers only when streaming', async () => {
    for (const body of [chat('stream-only-1', 'hi'), chat('stream-only-1', 'hi', { stream: false })]) {
      const response = await postJson(server(), '/chat/completions', body);
      assert.equal(response.status, 400);
      const error = await errorOf(response);
      assert.equal(error.code, 'stream_required');
      assert.match(error.message, /only in streaming form/);
    }
    const responses = await postJson(server(), '/responses', respond('stream-only-1', 'hi'));
    assert.equal(responses.status, 400);
    assert.equal((await errorOf(responses)).code, 'stream_required');
  });

  it('stream-only-1 answers like echo-1 when streaming', async () => {
    const response = await postJson(server(), '/chat/completions', chat('stream-only-1', 'only when streaming', { stream: true }));
    assert.equal(response.status, 200);
    assert.equal(chatDeltaText(payloads(await readEvents(response))), 'only when streaming');
  });

  it('checks in the documented order: validation, then model, then permission, then account', async () => {
    // Invalid body and unknown model: the body is judged first.
    let response = await postJson(server(), '/chat/completions', { model: 'no-such-model' }, 'empty-key');
    assert.equal(response.status, 400);
    // Unknown model with an exhausted key: 404 before the balance.
    response = await postJson(server(), '/chat/completions', chat('no-such-model', 'hi'), 'empty-key');
    assert.equal(response.status, 404);
    // Restricted model with an exhausted key: permission before the balance.
    response = await postJson(server(), '/chat/completions', chat('restricted-1', 'hi'), 'empty-key');
    assert.equal((await errorOf(response)).code, 'model_not_permitted');
  });
});

describe('reference server: per-key model lists from a custom config', () => {
  const server = useServer({
    config: {
      keys: [{ key: 'only-echo-key', allowModels: ['echo-1'] }],
      models: [{ id: 'echo-1', behavior: 'echo' }, { id: 'restricted-1', behavior: 'echo' }],
    },
  });

  it('allowModels permits exactly the listed models', async () => {
    const ok = await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'only-echo-key');
    assert.equal(ok.status, 200);
    await ok.json();
    const refused = await postJson(server(), '/chat/completions', chat('restricted-1', 'hi'), 'only-echo-key');
    assert.equal(refused.status, 403);
    // demo-key is not in this configuration.
    assert.equal((await getJson(server(), '/models', 'demo-key')).status, 401);
  });
});
