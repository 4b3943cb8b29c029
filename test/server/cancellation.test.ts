import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startReferenceServer } from '../../server';
import { maskKey } from '../../server/keyHint';
import { chat, eventually, postJson, respond, useServer } from './helpers';
import { scaledMs } from '../harness/timeFactor';

describe('reference server: cancellation and backpressure', () => {
  const server = useServer();
  beforeEach(() => server().reset());

  const outputTokens = (): number => server().usage()[maskKey('demo-key')].outputTokens;

  async function readFirstChunk(response: Response): Promise<ReadableStreamDefaultReader<Uint8Array>> {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    assert.equal(first.done, false);
    return reader;
  }

  for (const [endpoint, body] of [
    ['/chat/completions', chat('slow-1', 'x', { stream: true, max_tokens: 50 })],
    ['/responses', respond('slow-1', 'x', { stream: true, max_output_tokens: 50 })],
  ] as const) {
    it(`${endpoint}: aborting a slow stream is observed as client-closed and the model stops at once`, async () => {
      const controller = new AbortController();
      const response = await postJson(server(), endpoint, body, 'demo-key', { signal: controller.signal });
      assert.equal(response.status, 200);
      await readFirstChunk(response);
      await eventually(() => (outputTokens() >= 2 ? true : undefined));
      controller.abort();
      const record = await eventually(() => server().requests().find((r) => r.outcome !== 'in-progress'));
      assert.equal(record.outcome, 'client-closed');
      assert.equal(record.status, 200);
      const billed = outputTokens();
      await sleep(350);
      assert.equal(outputTokens(), billed, 'no token is produced after the client left');
      assert.ok(billed < 10);
    });
  }

  it('a request in progress is listed as in-progress', async () => {
    const controller = new AbortController();
    const response = await postJson(server(), '/chat/completions', chat('slow-1', 'x', { stream: true, max_tokens: 20 }),
      'demo-key', { signal: controller.signal });
    await readFirstChunk(response);
    const [record] = server().requests();
    assert.equal(record.outcome, 'in-progress');
    assert.equal(record.endedAt, null);
    controller.abort();
    await eventually(() => (server().requests()[0].outcome === 'client-closed' ? true : undefined));
  });

  it('a non-streaming slow call whose client leaves is client-closed too', async () => {
    const controller = new AbortController();
    const pending = postJson(server(), '/chat/completions', chat('slow-1', 'x', { max_tokens: 50 }), 'demo-key',
      { signal: controller.signal });
    await eventually(() => (outputTokens() >= 1 ? true : undefined));
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    const record = await eventually(() => server().requests().find((r) => r.outcome !== 'in-progress'));
    assert.equal(record.outcome, 'client-closed');
    assert.equal(record.status, null);
  });

  it('firehose-1 waits for a reader that does not read (socket backpressure), and goes on when it reads', async () => {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server().port, method: 'POST', path: '/v1/chat/completions',
        headers: { Authorization: 'Bearer demo-key', 'Content-Type': 'application/json' } }, resolve);
      req.on('error', reject);
      req.end(JSON.stringify(chat('firehose-1', 'x', { stream: true, max_tokens: 1_000_000 })));
    });
    response.pause();
    // Not reading: the server fills the socket buffers, then has to stop.
    let previous = -1;
    const paused = await eventually(async () => {
      await sleep(150);
      const now = outputTokens();
      if (now === previous) return now;
      previous = now;
      return undefined;
    }, 5000);
    assert.ok(paused > 0 && paused < 1_000_000, `stopped at ${paused}`);
    response.resume();
    await eventually(() => (outputTokens() > paused ? true : undefined));
    response.destroy();
    const record = await eventually(() => server().requests().find((r) => r.outcome !== 'in-progress'));
    assert.equal(record.outcome, 'client-closed');
    assert.ok(outputTokens() < 1_000_000);
  });

  it('a client that leaves while its request body is arriving is client-closed, not logged as an internal error', async () => {
    const lines: string[] = [];
    const own = await startReferenceServer({ log: (line) => lines.push(line) });
    try {
      const request = httpRequest(`${own.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { Authorization: 'Bearer demo-key', 'Content-Type': 'application/json', 'Content-Length': '1000' },
      });
      request.on('error', () => undefined);
      request.write('{"model":"echo-1",');
      await eventually(() => (own.requests().length === 1 ? true : undefined));
      request.destroy();
      const record = await eventually(() => own.requests().find((r) => r.outcome !== 'in-progress'));
      assert.equal(record.outcome, 'client-closed');
      await sleep(50);
      assert.deepEqual(lines.filter((line) => /internal error/.test(line)), []);
    } finally {
      await own.close();
    }
  });

  it('close() ends streams in progress and resolves promptly', async () => {
    const own = await startReferenceServer();
    const response = await postJson(own, '/chat/completions', chat('slow-1', 'x', { stream: true }));
    const reader = await readFirstChunk(response);
    const started = Date.now();
    await own.close();
    assert.ok(Date.now() - started < scaledMs(1000));
    await assert.rejects(async () => {
      for (;;) if ((await reader.read()).done) return;
    }, 'the stream breaks instead of ending');
    await own.close();
  });
});
