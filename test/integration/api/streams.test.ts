import assert from 'node:assert/strict';
import { startReferenceServer, type ReferenceServer } from '../../../server';
import { asApiError, clientFor, drain, user } from './helpers';

describe('api client × reference server: replies and streams', () => {
  let server: ReferenceServer;
  before(async () => { server = await startReferenceServer(); });
  after(() => server.close());

  it('lists the models of the default configuration', async () => {
    const ids = (await clientFor(server).listModels()).map((m) => m.id);
    for (const id of ['echo-1', 'stream-only-1', 'showcase-1', 'firehose-1', 'slow-1', 'restricted-1']) assert.ok(ids.includes(id), id);
    assert.ok(!ids.some((id) => id.startsWith('fault-')), 'fault models are unlisted');
  });

  const prompt = 'Grüße, 世界! 😀 Multi-byte text survives chunking.';

  for (const stream of [true, false]) {
    it(`chat ${stream ? 'streaming' : 'non-streaming'}: the echo text, usage, done`, async () => {
      const { events, text, error } = await drain(clientFor(server).chat({ model: 'echo-1', messages: user(prompt), stream }));
      assert.equal(error, undefined);
      assert.equal(text, prompt);
      const usage = events.find((e) => e.type === 'usage');
      assert.ok(usage && usage.type === 'usage' && (usage.outputTokens ?? 0) > 0 && (usage.inputTokens ?? 0) > 0);
      assert.deepEqual(events.at(-1), { type: 'done', finishReason: 'stop' });
    });

    it(`responses ${stream ? 'streaming' : 'non-streaming'}: the echo text, usage, done`, async () => {
      const { events, text, error } = await drain(clientFor(server).respond({ model: 'echo-1', input: prompt, stream }));
      assert.equal(error, undefined);
      assert.equal(text, prompt);
      const usage = events.find((e) => e.type === 'usage');
      assert.ok(usage && usage.type === 'usage' && (usage.outputTokens ?? 0) > 0);
      assert.deepEqual(events.at(-1), { type: 'done', finishReason: 'stop' });
    });
  }

  it('a paced stream\'s tokens come out as they arrive, one event each; a fast one in an event per read', async () => {
    const paced = await drain(clientFor(server).chat({ model: 'slow-1', messages: user('go'), maxTokens: 3 }));
    assert.equal(paced.error, undefined);
    assert.equal(paced.events.filter((e) => e.type === 'text').length, 3);
    const fast = await drain(clientFor(server).chat({ model: 'echo-1', messages: user('word '.repeat(5000)) }));
    assert.equal(fast.text, 'word '.repeat(5000));
    const texts = fast.events.filter((e) => e.type === 'text').length;
    assert.ok(texts >= 1 && texts < 500, `${texts} text events for 5,000 tokens`);
  });

  it('responses with message input echoes the last user message', async () => {
    const { text } = await drain(clientFor(server).respond({ model: 'echo-1', input: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'a' }, { role: 'user', content: 'last' }] }));
    assert.equal(text, 'last');
  });

  it('max_tokens / max_output_tokens bound the output and end with length', async () => {
    const chat = await drain(clientFor(server).chat({ model: 'firehose-1', messages: user('go'), maxTokens: 5 }));
    assert.equal(chat.error, undefined);
    const chatUsage = chat.events.find((e) => e.type === 'usage');
    assert.ok(chatUsage?.type === 'usage' && chatUsage.outputTokens === 5);
    assert.deepEqual(chat.events.at(-1), { type: 'done', finishReason: 'length' });

    const respond = await drain(clientFor(server).respond({ model: 'firehose-1', input: 'go', maxOutputTokens: 4 }));
    assert.equal(respond.error, undefined);
    const respondUsage = respond.events.find((e) => e.type === 'usage');
    assert.ok(respondUsage?.type === 'usage' && respondUsage.outputTokens === 4);
    assert.deepEqual(respond.events.at(-1), { type: 'done', finishReason: 'length' });
  });

  for (const api of ['chat', 'respond'] as const) {
    const call = (model: string) => (api === 'chat'
      ? clientFor(server).chat({ model, messages: user('some text first') })
      : clientFor(server).respond({ model, input: 'some text first' }));

    it(`${api}: reasoning comes out separately from the answer`, async () => {
      const { reasoning, text, error } = await drain(call('reasoning-1'));
      assert.equal(error, undefined);
      assert.ok(reasoning.length > 0);
      assert.equal(text, 'some text first');
    });

    it(`${api}: an error inside the 200 stream is thrown after the text already yielded`, async () => {
      const { text, error } = await drain(call('fault-midstream-error'));
      assert.equal(text, 'some text first');
      const apiError = asApiError(error);
      assert.equal(apiError.code, 'upstream_error');
      assert.match(apiError.message, /failed in the middle/);
    });

    it(`${api}: a connection dropped mid-stream is a cut-off error, never a silent success`, async () => {
      const { events, text, error } = await drain(call('fault-drop'));
      assert.ok(text.length > 0, 'the text that arrived was yielded');
      assert.ok(!events.some((e) => e.type === 'done'));
      assert.equal(asApiError(error).code, 'stream_truncated');
    });
  }

  it('chat: a stream with a finish reason but no [DONE] is complete', async () => {
    const { text, events, error } = await drain(clientFor(server).chat({ model: 'fault-no-done', messages: user('complete anyway') }));
    assert.equal(error, undefined);
    assert.equal(text, 'complete anyway');
    assert.equal(events.at(-1)?.type, 'done');
  });

  it('showcase markdown arrives whole', async () => {
    const { text, error } = await drain(clientFor(server).chat({ model: 'showcase-1', messages: user('show') }));
    assert.equal(error, undefined);
    assert.match(text, /^#/m);
    assert.match(text, /```/);
    assert.match(text, /\|/);
  });
});
