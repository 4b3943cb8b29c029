/**
 * The cross-check the issue asks for: OpenAI's own SDK, which nobody here wrote, must parse every
 * reply of the reference server, streaming or not, on both operations.
 */
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { useServer } from './helpers';

describe('reference server: official openai SDK cross-check', () => {
  const server = useServer();
  const sdk = (apiKey = 'demo-key'): OpenAI => new OpenAI({ apiKey, baseURL: server().baseUrl, maxRetries: 0, timeout: 10_000 });
  const text = 'Hello from the SDK — ünïcödé, 日本語 and 😀 in several chunks.';

  it('models.list', async () => {
    const ids: string[] = [];
    for await (const model of sdk().models.list()) ids.push(model.id);
    assert.deepEqual(ids, ['echo-1', 'stream-only-1', 'showcase-1', 'firehose-1', 'slow-1', 'restricted-1', 'reasoning-1', 'tools-1', 'small-context-1', 'hidden-context-1']);
  });

  it('chat.completions.create without streaming', async () => {
    const completion = await sdk().chat.completions.create({ model: 'echo-1', messages: [{ role: 'user', content: text }] });
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.choices[0].message.content, text);
    assert.equal(completion.choices[0].finish_reason, 'stop');
    assert.ok((completion.usage?.completion_tokens ?? 0) > 1);
    assert.match(completion._request_id ?? '', /^req_/);
  });

  it('chat.completions.create with streaming', async () => {
    const stream = await sdk().chat.completions.create({
      model: 'echo-1', messages: [{ role: 'user', content: text }], stream: true, stream_options: { include_usage: true },
    });
    let received = '';
    let chunks = 0;
    let finishReason: string | null = null;
    let completionTokens = 0;
    for await (const chunk of stream) {
      chunks += 1;
      received += chunk.choices[0]?.delta.content ?? '';
      finishReason = chunk.choices[0]?.finish_reason ?? finishReason;
      completionTokens = chunk.usage?.completion_tokens ?? completionTokens;
    }
    assert.equal(received, text);
    assert.ok(chunks > 5);
    assert.equal(finishReason, 'stop');
    assert.ok(completionTokens > 1);
  });

  it('chat.completions.stream (the accumulating helper) builds the final completion', async () => {
    const final = await sdk().chat.completions.stream({ model: 'showcase-1', messages: [{ role: 'user', content: 'show' }] })
      .finalChatCompletion();
    assert.match(final.choices[0].message.content ?? '', /^# Showcase answer/);
    assert.equal(final.choices[0].finish_reason, 'stop');
  });

  it('tool calling with tools-1: the streaming helper assembles the call, and a tool message gets the answer', async () => {
    const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [{
      type: 'function',
      function: { name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: { query: { type: 'string' } } } },
    }];
    const ask: OpenAI.Chat.Completions.ChatCompletionMessageParam = { role: 'user', content: 'find cats' };
    const final = await sdk().chat.completions.stream({ model: 'tools-1', messages: [ask], tools }).finalChatCompletion();
    const call = final.choices[0].message.tool_calls?.[0];
    assert.equal(final.choices[0].finish_reason, 'tool_calls');
    assert.ok(call && call.type === 'function');
    assert.equal(call.function.name, 'lookup');
    assert.deepEqual(JSON.parse(call.function.arguments), { query: 'find cats' });

    const answer = await sdk().chat.completions.create({
      model: 'tools-1',
      tools,
      messages: [
        ask,
        { role: 'assistant', content: final.choices[0].message.content, refusal: final.choices[0].message.refusal, tool_calls: final.choices[0].message.tool_calls },
        { role: 'tool', tool_call_id: call.id, content: '42 cats' },
      ],
    });
    assert.equal(answer.choices[0].message.content, 'The tool said: 42 cats');
  });

  it('stream-only-1 with streaming, and its 400 without', async () => {
    const stream = await sdk().chat.completions.create({
      model: 'stream-only-1', messages: [{ role: 'user', content: text }], stream: true,
    });
    let received = '';
    for await (const chunk of stream) received += chunk.choices[0]?.delta.content ?? '';
    assert.equal(received, text);
    await assert.rejects(
      sdk().chat.completions.create({ model: 'stream-only-1', messages: [{ role: 'user', content: text }] }),
      (error: unknown) => error instanceof OpenAI.BadRequestError && error.code === 'stream_required',
    );
  });

  it('responses.create without streaming', async () => {
    const response = await sdk().responses.create({ model: 'echo-1', input: text });
    assert.equal(response.object, 'response');
    assert.equal(response.status, 'completed');
    assert.equal(response.output_text, text);
    assert.ok((response.usage?.output_tokens ?? 0) > 1);
  });

  it('responses.create with input items and streaming', async () => {
    const stream = await sdk().responses.create({
      model: 'echo-1',
      input: [{ role: 'user', content: [{ type: 'input_text', text }] }],
      stream: true,
    });
    let received = '';
    let completedText: string | undefined;
    const sequence: number[] = [];
    for await (const event of stream) {
      sequence.push(event.sequence_number);
      if (event.type === 'response.output_text.delta') received += event.delta;
      if (event.type === 'response.completed') {
        const [message] = event.response.output;
        completedText = message.type === 'message' && message.content[0].type === 'output_text'
          ? message.content[0].text : undefined;
      }
    }
    assert.equal(received, text);
    assert.deepEqual(sequence, sequence.map((_, i) => i));
    assert.equal(completedText, text);
  });

  it('responses.stream (the accumulating helper) builds the final response, reasoning included', async () => {
    const final = await sdk().responses.stream({ model: 'reasoning-1', input: text }).finalResponse();
    assert.equal(final.status, 'completed');
    assert.equal(final.output_text, text);
    assert.deepEqual(final.output.map((item) => item.type), ['reasoning', 'message']);
  });

  it('the SDK maps the error envelopes to its error classes', async () => {
    await assert.rejects(sdk('wrong-key').models.list(),
      (e: unknown) => e instanceof OpenAI.AuthenticationError && e.code === 'invalid_api_key');
    await assert.rejects(sdk().chat.completions.create({ model: 'restricted-1', messages: [{ role: 'user', content: 'x' }] }),
      (e: unknown) => e instanceof OpenAI.PermissionDeniedError && e.code === 'model_not_permitted');
    await assert.rejects(sdk().responses.create({ model: 'nope', input: 'x' }),
      (e: unknown) => e instanceof OpenAI.NotFoundError && e.code === 'model_not_found');
    await assert.rejects(sdk('quota-key').responses.create({ model: 'echo-1', input: 'x' }),
      (e: unknown) => e instanceof OpenAI.RateLimitError && e.code === 'insufficient_quota');
    await assert.rejects(sdk().chat.completions.create({ model: 'fault-503', messages: [{ role: 'user', content: 'x' }] }),
      (e: unknown) => e instanceof OpenAI.InternalServerError && e.status === 503);
  });

  it('the Responses stream helper of the SDK takes the error event inside a 200 stream', async () => {
    const seen: { type: string; code?: unknown }[] = [];
    for await (const event of sdk().responses.stream({ model: 'fault-midstream-error', input: 'before the error' })) {
      seen.push({ type: event.type, code: event.type === 'error' ? event.code : undefined });
    }
    assert.equal(seen[0]?.type, 'response.created');
    assert.deepEqual(seen.filter((event) => event.type === 'error'), [{ type: 'error', code: 'upstream_error' }]);
  });

  it('the SDK raises the error sent inside a 200 chat stream, after the text before it', async () => {
    const stream = await sdk().chat.completions.create({
      model: 'fault-midstream-error', messages: [{ role: 'user', content: 'before the error' }], stream: true,
    });
    let received = '';
    await assert.rejects(async () => {
      for await (const chunk of stream) received += chunk.choices[0]?.delta.content ?? '';
    }, (e: unknown) => e instanceof OpenAI.APIError && e.code === 'upstream_error');
    assert.equal(received, 'before the error');
  });
});
