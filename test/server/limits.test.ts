import assert from 'node:assert/strict';
import { Limiter } from '../../server/limits';
import { HttpError } from '../../server/httpError';
import { chat, errorOf, eventually, getJson, postJson, useServer } from './helpers';

describe('reference server: limited-key', () => {
  // The rate window runs on this clock, not the machine's: however slow the machine, the calls of
  // a test fall in one window until the test moves the clock on.
  let clock = 1_000_000;
  const server = useServer({ now: () => clock });
  // Each test starts with an empty rate window.
  beforeEach(() => server().reset());

  function assertRateLimited(response: Response): void {
    assert.equal(response.status, 429);
    const retryAfter = response.headers.get('retry-after') ?? '';
    const retryAfterMs = response.headers.get('retry-after-ms') ?? '';
    assert.match(retryAfter, /^[1-9][0-9]*$/, 'Retry-After is whole seconds');
    assert.match(retryAfterMs, /^[1-9][0-9]*$/);
    assert.ok(Number(retryAfterMs) <= Number(retryAfter) * 1000);
  }

  it('allows one model call in flight; a second one gets 429 rate_limit_exceeded with Retry-After', async () => {
    const controller = new AbortController();
    const slow = await postJson(server(), '/chat/completions', chat('slow-1', 'x', { stream: true, max_tokens: 30 }),
      'limited-key', { signal: controller.signal });
    assert.equal(slow.status, 200);
    const second = await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'limited-key');
    assertRateLimited(second);
    const error = await errorOf(second);
    assert.equal(error.code, 'rate_limit_exceeded');
    assert.equal(error.type, 'rate_limit_error');
    assert.match(error.message, /in flight/);
    controller.abort();
    // The slot is free again once the first reply ended.
    await eventually(() => server().requests().find((r) => r.model === 'slow-1' && r.endedAt !== null));
    const third = await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'limited-key');
    assert.equal(third.status, 200);
    await third.json();
  });

  it('admits 2 calls per second; the third gets 429 with a wait that, when honoured, lets the next call through',
    async () => {
      for (let i = 0; i < 2; i++) {
        const ok = await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'limited-key');
        assert.equal(ok.status, 200);
        await ok.json();
      }
      const refused = await postJson(server(), '/responses', { model: 'echo-1', input: 'hi' }, 'limited-key');
      assertRateLimited(refused);
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.match((await errorOf(refused)).message, /per second/);
      clock += Number(refused.headers.get('retry-after-ms'));
      const after = await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'limited-key');
      assert.equal(after.status, 200);
      await after.json();
    });

  it('does not count /models towards the limit, and does not bill refused calls', async () => {
    for (let i = 0; i < 2; i++) await (await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'limited-key')).json();
    for (let i = 0; i < 3; i++) assert.equal((await getJson(server(), '/models', 'limited-key')).status, 200);
    const refused = [];
    for (let i = 0; i < 2; i++) refused.push(await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'limited-key'));
    refused.forEach(assertRateLimited);
    assert.equal(server().usage()['lim…key'].requests, 2);
  });

  it('demo-key has no limits', async () => {
    const replies = await Promise.all(Array.from({ length: 8 },
      () => postJson(server(), '/chat/completions', chat('echo-1', 'hi'))));
    assert.deepEqual(replies.map((r) => r.status), Array<number>(8).fill(200));
    await Promise.all(replies.map((r) => r.json()));
  });
});

describe('Limiter', () => {
  const key = { key: 'k', maxConcurrent: 2, requestsPerSecond: 3 };

  it('frees a slot once, however often release is called', () => {
    const limiter = new Limiter(() => 0);
    const release = limiter.admit({ key: 'k', maxConcurrent: 1 });
    assert.throws(() => limiter.admit({ key: 'k', maxConcurrent: 1 }), HttpError);
    release();
    release();
    const again = limiter.admit({ key: 'k', maxConcurrent: 1 });
    assert.throws(() => limiter.admit({ key: 'k', maxConcurrent: 1 }), HttpError);
    again();
  });

  it('uses a sliding one-second window and says exactly how long to wait', () => {
    let now = 10_000;
    const limiter = new Limiter(() => now);
    limiter.admit(key)();
    now += 300;
    limiter.admit(key)();
    now += 300;
    limiter.admit(key)();
    now += 100;
    try {
      limiter.admit(key);
      assert.fail('expected a 429');
    } catch (error) {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 429);
      assert.equal(error.headers['retry-after-ms'], '300');
      assert.equal(error.headers['Retry-After'], '1');
    }
    now += 300;
    limiter.admit(key)();
  });

  it('does not count refused calls towards the window', () => {
    let now = 0;
    const limiter = new Limiter(() => now);
    const perSecond = { key: 'k', requestsPerSecond: 1 };
    limiter.admit(perSecond)();
    now = 900;
    assert.throws(() => limiter.admit(perSecond), HttpError);
    now = 1000;
    limiter.admit(perSecond)();
  });

  it('counts limits per key', () => {
    const limiter = new Limiter(() => 0);
    limiter.admit({ ...key, key: 'a', maxConcurrent: 1 });
    limiter.admit({ ...key, key: 'b', maxConcurrent: 1 });
  });
});
