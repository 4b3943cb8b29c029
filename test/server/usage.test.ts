import assert from 'node:assert/strict';
import { maskKey } from '../../server/keyHint';
import { countTokens } from '../../server/tokens';
import type { RequestRecord, Usage } from '../../server';
import { chat, getJson, postJson, readEvents, respond, useServer } from './helpers';

describe('reference server: usage metering and /_admin', () => {
  const logLines: string[] = [];
  const server = useServer({ log: (line) => logLines.push(line) });
  beforeEach(() => server().reset());

  const demo = (): Usage => server().usage()[maskKey('demo-key')];
  const adminUrl = (path: string): string => `http://127.0.0.1:${server().port}/_admin/${path}`;

  it('starts every configured key at zero, under its masked hint', () => {
    assert.deepEqual(server().usage(), Object.fromEntries(['de…ey', 'lim…key', 'emp…key', 'quo…key'].map((hint) =>
      [hint, { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 }])));
  });

  it('bills a completed call: one request, its input tokens and its output tokens', async () => {
    const prompt = 'count these input tokens please';
    const response = await postJson(server(), '/chat/completions', chat('echo-1', 'say this back', {
      messages: [{ role: 'system', content: prompt }, { role: 'user', content: 'say this back' }],
    }));
    const body = await response.json() as { usage: { prompt_tokens: number; completion_tokens: number } };
    assert.deepEqual(demo(), {
      requests: 1,
      inputTokens: body.usage.prompt_tokens,
      outputTokens: body.usage.completion_tokens,
      totalTokens: body.usage.prompt_tokens + body.usage.completion_tokens,
    });
    assert.equal(body.usage.prompt_tokens, countTokens(`${prompt}\nsay this back`));
    assert.equal(body.usage.completion_tokens, countTokens('say this back'));
  });

  it('bills streaming and responses calls the same way', async () => {
    await readEvents(await postJson(server(), '/chat/completions', chat('echo-1', 'one two six', { stream: true })));
    await readEvents(await postJson(server(), '/responses', respond('echo-1', 'one two six', { stream: true })));
    await (await postJson(server(), '/responses', respond('echo-1', 'one two six'))).json();
    assert.deepEqual(demo(), { requests: 3, inputTokens: 9, outputTokens: 9, totalTokens: 18 });
  });

  it('does not bill requests refused before model processing, nor /models, nor the 5xx fault models', async () => {
    const refused = [
      await getJson(server(), '/models'),
      await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'wrong-key'),
      await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), null),
      await postJson(server(), '/chat/completions', '{oops'),
      await postJson(server(), '/chat/completions', chat('echo-1', 'hi', { max_output_tokens: 5 })),
      await postJson(server(), '/chat/completions', chat('no-such-model', 'hi')),
      await postJson(server(), '/chat/completions', chat('restricted-1', 'hi')),
      await postJson(server(), '/chat/completions', chat('stream-only-1', 'hi')),
      await postJson(server(), '/chat/completions', chat('fault-500', 'hi')),
      await postJson(server(), '/chat/completions', chat('fault-503', 'hi')),
      await postJson(server(), '/chat/completions', chat('fault-502-html', 'hi')),
      await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'empty-key'),
      await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'quota-key'),
    ];
    await Promise.all(refused.map((r) => r.text()));
    for (const usage of Object.values(server().usage())) assert.equal(usage.requests + usage.totalTokens, 0);
  });

  it('bills a failed stream for what it produced', async () => {
    await readEvents(await postJson(server(), '/chat/completions', chat('fault-midstream-error', 'a b', { stream: true })));
    assert.deepEqual(demo(), { requests: 1, inputTokens: 2, outputTokens: 2, totalTokens: 4 });
  });

  it('GET /_admin/usage and /_admin/requests serve the same data without auth', async () => {
    await (await postJson(server(), '/chat/completions', chat('echo-1', 'hi'))).json();
    await (await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'nobody-knows-this-key')).text();
    const usage = await (await fetch(adminUrl('usage'))).json() as Record<string, Usage>;
    assert.deepEqual(usage, server().usage());
    const records = await (await fetch(adminUrl('requests'))).json() as RequestRecord[];
    assert.deepEqual(records, server().requests());
    assert.equal(records.length, 2, '/_admin requests are not recorded');
    const [ok, unauthorized] = records;
    assert.deepEqual(Object.keys(ok).sort(),
      ['endedAt', 'id', 'keyHint', 'maxTokens', 'method', 'model', 'outcome', 'path', 'roles', 'startedAt', 'status', 'stream']);
    assert.equal(ok.method, 'POST');
    assert.equal(ok.path, '/v1/chat/completions');
    assert.equal(ok.model, 'echo-1');
    assert.deepEqual([ok.stream, ok.maxTokens, ok.roles], [false, null, ['user']]);
    assert.deepEqual([unauthorized.stream, unauthorized.maxTokens, unauthorized.roles], [null, null, null], 'refused before the body was read');
    assert.equal(ok.keyHint, 'de…ey');
    assert.equal(ok.status, 200);
    assert.equal(ok.outcome, 'completed');
    assert.ok(ok.startedAt <= (ok.endedAt ?? 0));
    assert.equal(unauthorized.status, 401);
    assert.equal(unauthorized.outcome, 'error');
    assert.equal(unauthorized.keyHint, maskKey('nobody-knows-this-key'));
  });

  it('POST /_admin/reset forgets requests and usage', async () => {
    await (await postJson(server(), '/chat/completions', chat('echo-1', 'hi'))).json();
    const reset = await fetch(adminUrl('reset'), { method: 'POST' });
    assert.equal(reset.status, 200);
    assert.deepEqual(server().requests(), []);
    assert.equal(demo().requests, 0);
    assert.equal((await fetch(adminUrl('nothing'))).status, 404);
  });

  it('never shows a full key in records, usage or log lines', async () => {
    const secret = 'sk-live-0123456789abcdef';
    await (await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), secret)).text();
    await (await postJson(server(), '/chat/completions', chat('echo-1', 'hi'))).json();
    await (await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), 'limited-key')).json();
    const everything = JSON.stringify([server().requests(), server().usage(), logLines]);
    for (const key of [secret, 'demo-key', 'limited-key']) assert.ok(!everything.includes(key), key);
    assert.ok(logLines.some((line) => line.includes('sk-…cdef')));
  });
});

describe('maskKey', () => {
  it('shows at most the first 3 and last 4 characters', () => {
    assert.equal(maskKey('sk-proj-abcdefghijklmnop'), 'sk-…mnop');
  });

  it('never shows more than a third at either end of a short key', () => {
    assert.equal(maskKey('demo-key'), 'de…ey');
    assert.equal(maskKey('abcdef'), 'ab…ef');
    assert.equal(maskKey('ab'), '…');
  });

  it('counts characters, not UTF-16 units', () => {
    assert.equal(maskKey('😀😀😀😀😀😀'), '😀😀…😀😀');
  });
});
