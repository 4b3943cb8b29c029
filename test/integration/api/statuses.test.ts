import assert from 'node:assert/strict';
import { isStreamingRequiredError, ModelAccessClient } from '../../../src/api';
import { startReferenceServer, type ReferenceServer } from '../../../server';
import { asApiError, clientFor, drain, user } from './helpers';

/** Every status of the spec's error table, produced by the reference server, as the client reports it. */
describe('api client × reference server: every status of the spec', () => {
  let server: ReferenceServer;
  before(async () => { server = await startReferenceServer(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  it('400: a stream-only model asked without streaming, recognisable by isStreamingRequiredError', async () => {
    const chat = await drain(clientFor(server).chat({ model: 'stream-only-1', messages: user('hi'), stream: false }));
    const error = asApiError(chat.error);
    assert.equal(error.status, 400);
    assert.equal(isStreamingRequiredError(error), true);
    assert.ok(error.message.length > 0);
    assert.deepEqual(chat.events, []);

    const respond = await drain(clientFor(server).respond({ model: 'stream-only-1', input: 'hi', stream: false }));
    assert.equal(asApiError(respond.error).status, 400);
    assert.equal(isStreamingRequiredError(respond.error), true);
  });

  it('400 is not a streaming-required error when the parameters are simply invalid', async () => {
    const { error } = await drain(clientFor(server).chat({ model: 'echo-1', messages: user('hi'), maxTokens: -5 }));
    const apiError = asApiError(error);
    assert.equal(apiError.status, 400);
    assert.equal(apiError.type, 'invalid_request_error');
    assert.equal(isStreamingRequiredError(apiError), false);
  });

  it('the default stream: true lets a stream-only model answer', async () => {
    const { text, error } = await drain(clientFor(server).chat({ model: 'stream-only-1', messages: user('streams only') }));
    assert.equal(error, undefined);
    assert.equal(text, 'streams only');
  });

  it('401: an unknown key, on every operation, without the key in the message', async () => {
    const client = clientFor(server, 'not-a-real-key-123456');
    await assert.rejects(client.listModels(), (e: unknown) => asApiError(e).status === 401 && !asApiError(e).message.includes('not-a-real-key-123456'));
    assert.equal(asApiError((await drain(client.chat({ model: 'echo-1', messages: user('x') }))).error).status, 401);
    assert.equal(asApiError((await drain(client.respond({ model: 'echo-1', input: 'x' }))).error).status, 401);
  });

  it('a key with whitespace around it is trimmed and accepted', async () => {
    const models = await clientFor(server, '  demo-key \n').listModels();
    assert.ok(models.length > 0);
  });

  it('403: exhausted balance for model calls, while /models still works', async () => {
    const client = clientFor(server, 'empty-key');
    assert.ok((await client.listModels()).length > 0);
    const error = asApiError((await drain(client.chat({ model: 'echo-1', messages: user('x') }))).error);
    assert.equal(error.status, 403);
    assert.equal(error.code, 'insufficient_balance');
  });

  it('403: a model the key may not use', async () => {
    const error = asApiError((await drain(clientFor(server).chat({ model: 'restricted-1', messages: user('x') }))).error);
    assert.equal(error.status, 403);
    assert.equal(error.code, 'model_not_permitted');
  });

  it('404: an unknown model, and a base URL without /v1', async () => {
    const model = asApiError((await drain(clientFor(server).respond({ model: 'no-such-model', input: 'x' }))).error);
    assert.equal(model.status, 404);
    assert.equal(model.code, 'model_not_found');
    const wrongBase = new ModelAccessClient({ baseUrl: server.baseUrl.replace(/\/v1$/, ''), apiKey: 'demo-key' });
    await assert.rejects(wrongBase.listModels(), (e: unknown) => asApiError(e).status === 404);
  });

  it('429 insufficient_quota is reported at once, never retried', async () => {
    const retries: unknown[] = [];
    const client = clientFor(server, 'quota-key', { retry: { maxRetries: 3, initialDelayMs: 1 } });
    const error = asApiError((await drain(client.chat({ model: 'echo-1', messages: user('x') }, { onRetry: (i) => retries.push(i) }))).error);
    assert.equal(error.status, 429);
    assert.equal(error.code, 'insufficient_quota');
    assert.equal(retries.length, 0);
    assert.equal(server.requests().filter((r) => r.path === '/v1/chat/completions').length, 1);
  });

  for (const [model, status] of [['fault-500', 500], ['fault-503', 503]] as const) {
    it(`${status}: the JSON error envelope, not retried`, async () => {
      const client = clientFor(server, 'demo-key', { retry: { maxRetries: 3, initialDelayMs: 1 } });
      const error = asApiError((await drain(client.chat({ model, messages: user('x') }))).error);
      assert.equal(error.status, status);
      assert.equal(error.type, 'server_error');
      assert.ok(error.message.length > 0 && error.message.length < 200);
      assert.equal(server.requests().filter((r) => r.model === model).length, 1);
    });
  }

  it('502 with an HTML page: a short clean message with the status', async () => {
    const error = asApiError((await drain(clientFor(server).respond({ model: 'fault-502-html', input: 'x' }))).error);
    assert.equal(error.status, 502);
    assert.ok(!error.message.includes('<'), error.message);
    assert.ok(error.message.length < 120, error.message);
    assert.match(error.message, /502/);
  });

  it('no HTTP reply (the server is gone): an ApiError with status undefined', async () => {
    const gone = await startReferenceServer();
    await gone.close();
    const client = clientFor(gone);
    await assert.rejects(client.listModels(), (e: unknown) => asApiError(e).status === undefined && asApiError(e).type === 'network_error');
    const { error, events } = await drain(client.chat({ model: 'echo-1', messages: user('x') }));
    assert.equal(asApiError(error).status, undefined);
    assert.deepEqual(events, []);
  });
});
