import assert from 'node:assert/strict';
import { ApiError, ModelAccessClient, type RequestLogEntry, type RetryInfo } from '../../../src/api';
import { drain } from './streamHelpers';
import { chatDelta, errorEnvelope, sendJson, startLocalServer, startSse, type LocalServer } from './localServer';

const KEY = 'sk-retry-0123456789abcdefghij';
const rateLimit = errorEnvelope('Rate limit reached', 'rate_limit_error', 'rate_limit_exceeded');
const models = { object: 'list', data: [{ id: 'm' }] };

describe('api/client: 429 retries (local server)', () => {
  let server: LocalServer;
  let reply: Parameters<typeof startLocalServer>[0];

  beforeEach(async () => {
    server = await startLocalServer((req, res, recorded, index) => reply(req, res, recorded, index));
  });
  afterEach(() => server.close());

  const client = (retry: { maxRetries?: number; initialDelayMs?: number }, log?: (entry: RequestLogEntry) => void): ModelAccessClient =>
    new ModelAccessClient({ baseUrl: server.baseUrl, apiKey: KEY, retry, log });

  it('retries 429 with initialDelayMs × 2^n and reports each wait to onRetry before it starts', async () => {
    reply = (_req, res, _rec, index) => (index < 2 ? sendJson(res, 429, rateLimit) : sendJson(res, 200, models));
    const retries: (RetryInfo & { calledAt: number })[] = [];
    const log: RequestLogEntry[] = [];
    const started = Date.now();
    const result = await client({ maxRetries: 3, initialDelayMs: 40 }, (e) => log.push(e))
      .listModels({ onRetry: (info) => retries.push({ ...info, calledAt: Date.now() }) });

    assert.deepEqual(result.map((m) => m.id), ['m']);
    assert.equal(server.requests.length, 3);
    assert.deepEqual(retries.map((r) => [r.attempt, r.maxRetries, r.delayMs, r.status]), [[1, 3, 40, 429], [2, 3, 80, 429]]);
    for (const info of retries) {
      assert.ok(info.error instanceof ApiError && info.error.code === 'rate_limit_exceeded');
      assert.ok(Math.abs(info.retryAt - (info.calledAt + info.delayMs)) < 50);
    }
    // The waits really happen: the requests are at least the scheduled delays apart.
    const [first, second, third] = server.requests.map((r) => r.at);
    assert.ok((second ?? 0) - (first ?? 0) >= 35, 'first wait ≈ 40 ms');
    assert.ok((third ?? 0) - (second ?? 0) >= 75, 'second wait ≈ 80 ms');
    assert.ok(Date.now() - started >= 115);
    assert.deepEqual(log.map((e) => e.kind), ['response', 'retry', 'response', 'retry', 'response']);
    const retryEntry = log[1];
    assert.ok(retryEntry?.kind === 'retry' && retryEntry.attempt === 1 && retryEntry.delayMs === 40 && retryEntry.path === '/models');
    assert.ok(!JSON.stringify(log).includes(KEY));
  });

  it('gives up after maxRetries retries with the last 429', async () => {
    reply = (_req, res) => sendJson(res, 429, rateLimit);
    const retries: RetryInfo[] = [];
    const { error } = await drain(client({ maxRetries: 2, initialDelayMs: 1 }).chat({ model: 'm', messages: [] }, { onRetry: (i) => retries.push(i) }));
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 429);
    assert.equal(server.requests.length, 3);
    assert.deepEqual(retries.map((r) => r.delayMs), [1, 2]);
  });

  it('does not retry when maxRetries is 0', async () => {
    reply = (_req, res) => sendJson(res, 429, rateLimit);
    await assert.rejects(client({ maxRetries: 0 }).listModels(), (e: unknown) => e instanceof ApiError && e.status === 429);
    assert.equal(server.requests.length, 1);
  });

  const retryAfterForms: [string, () => Record<string, string>, (delay: number) => boolean][] = [
    ['retry-after-ms', () => ({ 'retry-after-ms': '30' }), (d) => d === 30],
    ['Retry-After seconds', () => ({ 'retry-after': '0' }), (d) => d === 0],
    // HTTP dates have one-second resolution: 3 s ahead is between 2 and 3 s away.
    ['Retry-After HTTP date', () => ({ 'retry-after': new Date(Date.now() + 3000).toUTCString() }), (d) => d > 1000 && d <= 3000],
  ];
  for (const [form, headers, expected] of retryAfterForms) {
    it(`waits what ${form} asks instead of the schedule`, async () => {
      reply = (_req, res, _rec, index) => (index === 0 ? sendJson(res, 429, rateLimit, headers()) : sendJson(res, 200, models));
      const retries: RetryInfo[] = [];
      const controller = new AbortController();
      const call = client({ maxRetries: 1, initialDelayMs: 5000 }).listModels({
        signal: controller.signal,
        onRetry: (info) => {
          retries.push(info);
          // Long waits are cut short: the delay chosen is what this test checks.
          if (info.delayMs > 500) setTimeout(() => controller.abort(), 10);
        },
      });
      await call.catch((error: unknown) => assert.equal((error as Error).name, 'AbortError'));
      assert.equal(retries.length, 1);
      assert.ok(expected(retries[0]?.delayMs ?? -1), `delay ${retries[0]?.delayMs}`);
      assert.equal(retries[0]?.error.retryAfterMs, retries[0]?.delayMs);
    });
  }

  it('gives up at once when Retry-After asks for more than a minute, telling how long', async () => {
    reply = (_req, res) => sendJson(res, 429, rateLimit, { 'retry-after': '120' });
    await assert.rejects(client({ maxRetries: 3, initialDelayMs: 1 }).listModels(),
      (e: unknown) => e instanceof ApiError && e.status === 429 && e.retryAfterMs === 120_000);
    assert.equal(server.requests.length, 1);
  });

  it('never retries a 429 whose code says the quota is exhausted', async () => {
    reply = (_req, res) => sendJson(res, 429, errorEnvelope('You exceeded your current quota', 'insufficient_quota', 'insufficient_quota'));
    const retries: RetryInfo[] = [];
    await assert.rejects(client({ maxRetries: 3, initialDelayMs: 1 }).listModels({ onRetry: (i) => retries.push(i) }),
      (e: unknown) => e instanceof ApiError && e.code === 'insufficient_quota');
    assert.equal(server.requests.length, 1);
    assert.equal(retries.length, 0);
  });

  for (const status of [400, 401, 403, 404, 500, 502, 503]) {
    it(`does not retry ${status}`, async () => {
      reply = (_req, res) => sendJson(res, status, errorEnvelope('no', 'error', 'some_code'), { 'retry-after': '0' });
      await assert.rejects(client({ maxRetries: 3, initialDelayMs: 1 }).listModels(), (e: unknown) => e instanceof ApiError && e.status === status);
      assert.equal(server.requests.length, 1);
    });
  }

  it('never retries once a 200 stream started, even for a rate-limit error inside it', async () => {
    reply = (_req, res) => {
      startSse(res);
      res.end(`${chatDelta('begun')}data: ${JSON.stringify(rateLimit)}\n\n`);
    };
    const { events, error } = await drain(client({ maxRetries: 3, initialDelayMs: 1 }).chat({ model: 'm', messages: [] }));
    assert.deepEqual(events, [{ type: 'text', text: 'begun' }]);
    assert.ok(error instanceof ApiError && error.code === 'rate_limit_exceeded');
    assert.equal(server.requests.length, 1);
  });

  it('keeps retrying when the onRetry callback throws', async () => {
    reply = (_req, res, _rec, index) => (index === 0 ? sendJson(res, 429, rateLimit) : sendJson(res, 200, models));
    const result = await client({ maxRetries: 1, initialDelayMs: 1 }).listModels({ onRetry: () => { throw new Error('ui broke'); } });
    assert.equal(result.length, 1);
  });

  it('sends the same request body again on a retry', async () => {
    reply = (_req, res, _rec, index) => {
      if (index === 0) return sendJson(res, 429, rateLimit);
      startSse(res);
      res.end(`${chatDelta('ok', 'stop')}data: [DONE]\n\n`);
    };
    const { error } = await drain(client({ maxRetries: 1, initialDelayMs: 1 }).chat({ model: 'm', messages: [{ role: 'user', content: 'q' }], maxTokens: 5 }));
    assert.equal(error, undefined);
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[1]?.body, server.requests[0]?.body);
    assert.equal(server.requests[1]?.headers.authorization, `Bearer ${KEY}`);
  });
});
