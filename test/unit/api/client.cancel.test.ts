import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { ApiError, ModelAccessClient } from '../../../src/api';
import { chatDelta, errorEnvelope, sendJson, startLocalServer, startSse, waitFor, type LocalServer } from './localServer';
import type { StreamEvent } from '../../../src/api';
import { scaledMs } from '../../harness/timeFactor';

const KEY = 'sk-cancel-0123456789abcdefghij';

/** A server that streams one text chunk every 50 ms and never finishes on its own. */
function endlessStream(_req: unknown, res: import('node:http').ServerResponse): void {
  startSse(res);
  res.write(chatDelta('tick '));
  const timer = setInterval(() => res.write(chatDelta('tick ')), 50);
  res.on('close', () => clearInterval(timer));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('api/client: cancellation, timeouts and network failures (local server)', () => {
  let server: LocalServer;
  let reply: Parameters<typeof startLocalServer>[0];

  beforeEach(async () => {
    server = await startLocalServer((req, res, recorded, index) => reply(req, res, recorded, index));
  });
  afterEach(() => server.close());

  const client = (timeoutMs?: number): ModelAccessClient =>
    new ModelAccessClient({ baseUrl: server.baseUrl, apiKey: KEY, retry: { initialDelayMs: 10_000 }, timeoutMs });

  it('aborting mid-stream closes the connection at once and throws AbortError', async () => {
    reply = endlessStream;
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    let abortedAt = 0;
    await assert.rejects((async () => {
      for await (const event of client().chat({ model: 'm', messages: [] }, { signal: controller.signal })) {
        events.push(event);
        if (events.length === 2) {
          abortedAt = Date.now();
          controller.abort();
        }
      }
    })(), (error: unknown) => {
      assert.ok(!(error instanceof ApiError));
      assert.equal((error as Error).name, 'AbortError');
      return true;
    });
    await waitFor(() => server.requests[0]?.clientClosedAt !== undefined, 1000, 'the server to see the close');
    assert.ok((server.requests[0]?.clientClosedAt ?? Infinity) - abortedAt < scaledMs(500));
  });

  it('aborting with a reason of the caller\'s own after the finish reason still throws AbortError, not done', async () => {
    reply = (_req, res) => {
      startSse(res);
      res.write(chatDelta('almost'));
      res.write(chatDelta('', 'stop')); // then neither usage nor [DONE]: the stream is still open
    };
    for (const reason of [new Error('stopped by the user'), 'stopped']) {
      const controller = new AbortController();
      const events: StreamEvent[] = [];
      await assert.rejects((async () => {
        for await (const event of client().chat({ model: 'm', messages: [] }, { signal: controller.signal })) {
          events.push(event);
          if (events.length === 1) setTimeout(() => controller.abort(reason), 50);
        }
      })(), { name: 'AbortError' }, `abort(${String(reason)})`);
      assert.deepEqual(events, [{ type: 'text', text: 'almost' }]);
    }
  });

  it('aborting while the caller is not pulling still closes the socket at once', async () => {
    reply = endlessStream;
    const controller = new AbortController();
    const iterator = client().chat({ model: 'm', messages: [] }, { signal: controller.signal })[Symbol.asyncIterator]();
    // One or more ticks: on a loaded machine the second tick (50 ms later) can be read in the same chunk.
    const first = await iterator.next();
    assert.equal(first.done, false);
    assert.equal(first.value.type, 'text');
    assert.match((first.value as { text: string }).text, /^(tick )+$/);
    const abortedAt = Date.now();
    controller.abort();
    await waitFor(() => server.requests[0]?.clientClosedAt !== undefined, 1000, 'the server to see the close');
    assert.ok((server.requests[0]?.clientClosedAt ?? Infinity) - abortedAt < scaledMs(500));
    await assert.rejects(async () => {
      // Whatever was already buffered may still come out; then the abort surfaces.
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
      }
    }, { name: 'AbortError' });
  });

  it('aborting while waiting for headers throws AbortError and closes the connection', async () => {
    reply = () => undefined; // never answers
    const controller = new AbortController();
    const call = client().listModels({ signal: controller.signal });
    await waitFor(() => server.requests.length === 1, 1000, 'the request');
    controller.abort();
    await assert.rejects(call, { name: 'AbortError' });
    await waitFor(() => server.requests[0]?.clientClosedAt !== undefined, 1000, 'the server to see the close');
  });

  it('aborting during a retry wait throws AbortError at once and sends nothing more', async () => {
    reply = (_req, res) => sendJson(res, 429, errorEnvelope('slow down', 'rate_limit_error', 'rate_limit_exceeded'));
    const controller = new AbortController();
    const started = Date.now();
    const call = client().listModels({ signal: controller.signal, onRetry: () => setTimeout(() => controller.abort(), 20) });
    await assert.rejects(call, { name: 'AbortError' });
    assert.ok(Date.now() - started < 2000, 'did not sit out the 10 s back-off');
    assert.equal(server.requests.length, 1);
  });

  it('an already aborted signal sends nothing', async () => {
    reply = (_req, res) => sendJson(res, 200, []);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(client().listModels({ signal: controller.signal }), { name: 'AbortError' });
    const iterator = client().chat({ model: 'm', messages: [] }, { signal: controller.signal })[Symbol.asyncIterator]();
    await assert.rejects(iterator.next(), { name: 'AbortError' });
    assert.equal(server.requests.length, 0);
  });

  it('a caller that stops iterating early closes the connection', async () => {
    reply = endlessStream;
    for await (const event of client().chat({ model: 'm', messages: [] })) {
      assert.equal(event.type, 'text');
      break;
    }
    await waitFor(() => server.requests[0]?.clientClosedAt !== undefined, 1000, 'the server to see the close');
  });

  it('timeoutMs bounds the wait for the reply headers', async () => {
    reply = () => undefined;
    const started = Date.now();
    await assert.rejects(client(150).listModels(), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, undefined);
      assert.equal(error.code, 'timeout');
      return true;
    });
    assert.ok(Date.now() - started < 3000);
  });

  it('timeoutMs bounds the silence between body chunks, after the text that came', async () => {
    reply = (_req, res) => {
      startSse(res);
      res.write(chatDelta('first'));
    };
    const events: StreamEvent[] = [];
    await assert.rejects((async () => {
      for await (const event of client(200).chat({ model: 'm', messages: [] })) events.push(event);
    })(), (error: unknown) => error instanceof ApiError && error.code === 'timeout' && error.status === 200);
    assert.deepEqual(events, [{ type: 'text', text: 'first' }]);
  });

  it('a stream that keeps sending is not cut by timeoutMs', async () => {
    // Six gaps of 60 ms (360 in all) against a timeout of 200; both longer by TIME_FACTOR when the tests run starved,
    // where a timer of each could come due in the same turn.
    reply = (_req, res) => {
      startSse(res);
      let sent = 0;
      const timer = setInterval(() => {
        sent += 1;
        if (sent < 6) res.write(chatDelta('.'));
        else {
          clearInterval(timer);
          res.end(`${chatDelta('', 'stop')}data: [DONE]\n\n`);
        }
      }, scaledMs(60));
    };
    const events: StreamEvent[] = [];
    for await (const event of client(scaledMs(200)).chat({ model: 'm', messages: [] })) events.push(event);
    assert.equal(events.at(-1)?.type, 'done');
  });

  it('a refused connection is an ApiError without status', async () => {
    const port = await freePort();
    const c = new ModelAccessClient({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY });
    await assert.rejects(c.listModels(), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, undefined);
      assert.equal(error.type, 'network_error');
      assert.match(error.message, /127\.0\.0\.1/);
      assert.ok(!error.message.includes(KEY));
      return true;
    });
  });
});
