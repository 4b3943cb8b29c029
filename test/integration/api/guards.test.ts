import assert from 'node:assert/strict';
import { startReferenceServer, type ReferenceServer } from '../../../server';
import { asApiError, clientFor, drain, recordsFor, user, waitFor } from './helpers';
import { scaledMs, TIME_FACTOR } from '../../harness/timeFactor';

// The answer size limit and the data-counting timeouts, against the reference server over loopback.
describe('api client × reference server: answer size limit and data timeouts', () => {
  let server: ReferenceServer;
  before(async () => { server = await startReferenceServer(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  for (const api of ['chat', 'responses'] as const) {
    const call = (model: string, text: string, options: Parameters<ReturnType<typeof clientFor>['chat']>[1], maxTokens?: number) =>
      api === 'chat'
        ? clientFor(server).chat({ model, messages: user(text), ...(maxTokens ? { maxTokens } : {}) }, options)
        : clientFor(server).respond({ model, input: text, ...(maxTokens ? { maxOutputTokens: maxTokens } : {}) }, options);

    it(`${api}: past maxAnswerChars the answer ends with cutOff, keeps the text up to the limit, and the connection closes`, async () => {
      const { events, text, error } = await drain(call('firehose-1', 'x', { maxAnswerChars: 5000 }, 1_000_000));
      assert.equal(error, undefined);
      assert.equal(text.length, 5000);
      assert.ok(text.startsWith('lorem ipsum'));
      assert.deepEqual(events.at(-1), { type: 'cutOff', reason: 'maxAnswerChars', limit: 5000 });
      assert.ok(!events.some((e) => e.type === 'done'), 'no done after a cut-off');
      await waitFor(() => recordsFor(server, 'firehose-1')[0]?.outcome === 'client-closed', 3000, 'outcome client-closed');
      // The server stopped producing long before a million tokens.
      const usage = Object.values(server.usage())[0];
      assert.ok(usage.outputTokens < 1_000_000, `server produced ${usage.outputTokens} tokens`);
    });

    it(`${api}: reasoning counts toward maxAnswerChars`, async () => {
      const { events, text, reasoning } = await drain(call('reasoning-1', 'the answer text', { maxAnswerChars: 20 }));
      assert.equal(reasoning.length + text.length, 20);
      assert.ok(reasoning.length > 0);
      assert.equal(events.at(-1)?.type, 'cutOff');
    });

    it(`${api}: an answer within maxAnswerChars is untouched`, async () => {
      const { events, text } = await drain(call('echo-1', 'short', { maxAnswerChars: 5 }));
      assert.equal(text, 'short');
      assert.deepEqual(events.at(-1), { type: 'done', finishReason: 'stop' });
    });

    it(`${api}: a server sending only keep-alive comments hits the first-token timeout`, async () => {
      const { error, text } = await drain(call('fault-keepalive-only', 'x', { firstTokenTimeoutMs: 300, idleTimeoutMs: 10_000 }));
      const apiError = asApiError(error);
      assert.equal(apiError.code, 'timeout');
      assert.match(apiError.message, /no first token within 0\.3 s/);
      assert.equal(text, '');
      await waitFor(() => recordsFor(server, 'fault-keepalive-only')[0]?.outcome === 'client-closed', 3000, 'outcome client-closed');
    });

    it(`${api}: text then only comments hits the idle timeout, keeping the text`, async () => {
      const { error, text } = await drain(call('fault-stall', 'some words', { firstTokenTimeoutMs: 10_000, idleTimeoutMs: 300 }));
      assert.equal(text, 'some words');
      const apiError = asApiError(error);
      assert.equal(apiError.code, 'timeout');
      assert.match(apiError.message, /no more answer data within 0\.3 s/);
      await waitFor(() => recordsFor(server, 'fault-stall')[0]?.outcome === 'client-closed', 3000, 'outcome client-closed');
    });
  }

  it('a whole (non-streamed) reply is held to maxAnswerChars too', async () => {
    const { events, text } = await drain(clientFor(server).chat({ model: 'firehose-1', messages: user('x'), maxTokens: 5000, stream: false },
      { maxAnswerChars: 100 }));
    assert.equal(text.length, 100);
    assert.deepEqual(events.at(-1), { type: 'cutOff', reason: 'maxAnswerChars', limit: 100 });
  });

  it('a slow but steady stream does not time out: the idle timeout is between data, not for the whole answer', async () => {
    // slow-1 sends a token every 100 ms: 8 tokens take about 800 ms, far more than the 400 ms idle timeout. Run
    // starved (TIME_FACTOR), the timeout is longer, and the answer as many times longer, so it still outlasts it.
    const tokens = Math.ceil(8 * TIME_FACTOR); // (max_tokens is a whole number)
    const { error, text } = await drain(clientFor(server).chat({ model: 'slow-1', messages: user('x'), maxTokens: tokens },
      { firstTokenTimeoutMs: scaledMs(400), idleTimeoutMs: scaledMs(400) }));
    assert.equal(error, undefined);
    assert.equal(text.split(' ').filter(Boolean).length, tokens);
  });
});
