import assert from 'node:assert/strict';
import { ApiError, type StreamEvent } from '../../../src/api';
import { startReferenceServer, type ReferenceServer } from '../../../server';
import { clientFor, recordsFor, user, waitFor } from './helpers';
import { scaledMs } from '../../harness/timeFactor';

/** slow-1 sends one token every 100 ms: long enough to cancel in the middle. */
describe('api client × reference server: cancellation', () => {
  let server: ReferenceServer;
  before(async () => { server = await startReferenceServer(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  for (const api of ['chat', 'respond'] as const) {
    it(`${api}: aborting mid-stream throws AbortError and the server sees the client close at once`, async () => {
      const controller = new AbortController();
      const events = api === 'chat'
        ? clientFor(server).chat({ model: 'slow-1', messages: user('x') }, { signal: controller.signal })
        : clientFor(server).respond({ model: 'slow-1', input: 'x' }, { signal: controller.signal });
      const seen: StreamEvent[] = [];
      let abortedAt = 0;
      let caught: unknown;
      try {
        for await (const event of events) {
          seen.push(event);
          if (seen.filter((e) => e.type === 'text').length === 2) {
            abortedAt = Date.now();
            controller.abort();
          }
        }
      } catch (error) {
        caught = error;
      }
      assert.ok(caught instanceof Error);
      assert.equal(caught.name, 'AbortError');
      assert.ok(!(caught instanceof ApiError));
      await waitFor(() => recordsFor(server, 'slow-1')[0]?.outcome === 'client-closed', 2000, 'outcome client-closed');
      const [record] = recordsFor(server, 'slow-1');
      assert.ok((record?.endedAt ?? Infinity) - abortedAt < scaledMs(500), `closed ${(record?.endedAt ?? 0) - abortedAt} ms after the abort`);
    });
  }

  it('a caller that stops reading early closes the connection too', async () => {
    for await (const event of clientFor(server).chat({ model: 'slow-1', messages: user('x') })) {
      if (event.type === 'text') break;
    }
    await waitFor(() => recordsFor(server, 'slow-1')[0]?.outcome === 'client-closed', 2000, 'outcome client-closed');
  });

  it('a completed stream is recorded as completed, not closed', async () => {
    for await (const event of clientFor(server).chat({ model: 'echo-1', messages: user('done') })) void event;
    await waitFor(() => recordsFor(server, 'echo-1')[0]?.outcome !== 'in-progress', 2000, 'the record to end');
    assert.equal(recordsFor(server, 'echo-1')[0]?.outcome, 'completed');
  });

  it('timeoutMs is an idle timeout: a stream that keeps sending outlives it', async () => {
    // 15 tokens at 100 ms each take about 1.5 s, longer than the 1 s timeout.
    const client = clientFor(server, 'demo-key', { timeoutMs: 1000 });
    const events: StreamEvent[] = [];
    const started = Date.now();
    for await (const event of client.chat({ model: 'slow-1', messages: user('x'), maxTokens: 15 })) events.push(event);
    assert.ok(Date.now() - started > 1000);
    assert.deepEqual(events.at(-1), { type: 'done', finishReason: 'length' });
  });
});
