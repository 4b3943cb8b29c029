import assert from 'node:assert/strict';
import type { RequestLogEntry, RetryInfo } from '../../../src/api';
import { startReferenceServer, type ReferenceServer } from '../../../server';
import { asApiError, clientFor, drain, user } from './helpers';

/** limited-key admits 2 model calls per second and 1 in flight; beyond that 429 with Retry-After. */
describe('api client × reference server: 429 retries', () => {
  let server: ReferenceServer;
  before(async () => { server = await startReferenceServer(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  const chatCalls = (): { status: number | null }[] => server.requests().filter((r) => r.path === '/v1/chat/completions');

  it('waits as the server asks and then succeeds', async () => {
    const log: RequestLogEntry[] = [];
    const client = clientFor(server, 'limited-key', { retry: { maxRetries: 3, initialDelayMs: 50 }, log: (e) => log.push(e) });
    for (let i = 0; i < 2; i++) assert.equal((await drain(client.chat({ model: 'echo-1', messages: user(`n${i}`) }))).error, undefined);

    const retries: RetryInfo[] = [];
    const started = Date.now();
    const third = await drain(client.chat({ model: 'echo-1', messages: user('third') }, { onRetry: (info) => retries.push(info) }));
    assert.equal(third.error, undefined);
    assert.equal(third.text, 'third');
    assert.ok(retries.length >= 1);
    const [first] = retries;
    assert.equal(first?.attempt, 1);
    assert.equal(first?.status, 429);
    assert.equal(first?.error.code, 'rate_limit_exceeded');
    // The server's retry-after-ms (≤ 1 s) is used, not the 50 ms schedule.
    assert.equal(first?.delayMs, first?.error.retryAfterMs);
    assert.ok((first?.delayMs ?? 0) > 0 && (first?.delayMs ?? 0) <= 1000, `delay ${first?.delayMs}`);
    assert.ok(Date.now() - started >= (first?.delayMs ?? 0) - 5);
    assert.deepEqual(chatCalls().map((r) => r.status), [200, 200, 429, 200]);
    assert.ok(log.some((e) => e.kind === 'retry' && e.path === '/chat/completions'));
    assert.ok(!JSON.stringify(log).includes('limited-key'));
  });

  it('reports the 429 with its Retry-After when retries are off', async () => {
    const client = clientFor(server, 'limited-key', { retry: { maxRetries: 0 } });
    await drain(client.chat({ model: 'echo-1', messages: user('a') }));
    await drain(client.chat({ model: 'echo-1', messages: user('b') }));
    const error = asApiError((await drain(client.chat({ model: 'echo-1', messages: user('c') }))).error);
    assert.equal(error.status, 429);
    assert.equal(error.code, 'rate_limit_exceeded');
    assert.ok(error.retryAfterMs !== undefined && error.retryAfterMs > 0 && error.retryAfterMs <= 1000);
    assert.equal(chatCalls().length, 3);
  });

  it('a concurrency 429 is retried until the slot frees', async () => {
    const client = clientFor(server, 'limited-key', { retry: { maxRetries: 3, initialDelayMs: 50 } });
    const controller = new AbortController();
    const busy = client.chat({ model: 'slow-1', messages: user('x'), maxTokens: 50 }, { signal: controller.signal })[Symbol.asyncIterator]();
    await busy.next(); // the slow stream now holds the only slot
    const retries: RetryInfo[] = [];
    const second = drain(client.respond({ model: 'echo-1', input: 'after' }, { onRetry: (info) => {
      retries.push(info);
      controller.abort(); // frees the slot during the wait
    } }));
    const result = await second;
    await assert.rejects(busy.next(), { name: 'AbortError' });
    assert.equal(result.error, undefined);
    assert.equal(result.text, 'after');
    assert.ok(retries.length >= 1);
  });
});
