import assert from 'node:assert/strict';
import { SHOWCASE_MARKDOWN } from '../../server/showcase';
import { chat, chatDeltaText, payloads, postJson, readEvents, useServer } from './helpers';

interface Chunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: { index: number; delta: Record<string, unknown>; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

describe('reference server: /chat/completions wire shapes', () => {
  const server = useServer();
  const text = 'Grüße aus Köln — 日本語のテキスト and emoji 😀👍🏽, a longwordthatgetssplit.';

  it('non-streaming: a chat.completion object', async () => {
    const response = await postJson(server(), '/chat/completions', {
      model: 'echo-1',
      messages: [{ role: 'system', content: 'be nice' }, { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ok' }, { role: 'user', content: text }],
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const body = await response.json() as Record<string, unknown>;
    assert.match(body.id as string, /^chatcmpl-/);
    assert.equal(body.object, 'chat.completion');
    assert.equal(typeof body.created, 'number');
    assert.equal(body.model, 'echo-1');
    assert.deepEqual(body.choices, [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }]);
    const usage = body.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    assert.ok(usage.prompt_tokens > 0);
    assert.ok(usage.completion_tokens > 1);
    assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);
  });

  it('streaming: role-only first delta, content deltas, finish chunk, usage chunk, [DONE]', async () => {
    const response = await postJson(server(), '/chat/completions', chat('echo-1', text, { stream: true }));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const events = await readEvents(response);
    assert.equal(events.at(-1)?.data, '[DONE]');
    assert.ok(events.every((e) => e.event === undefined));
    const chunks = payloads(events) as unknown as Chunk[];
    const ids = new Set(chunks.map((c) => c.id));
    assert.equal(ids.size, 1);
    for (const c of chunks) {
      assert.equal(c.object, 'chat.completion.chunk');
      assert.equal(c.model, 'echo-1');
    }
    assert.deepEqual(chunks[0].choices, [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }]);
    const contentChunks = chunks.filter((c) => typeof c.choices[0]?.delta.content === 'string');
    assert.ok(contentChunks.length >= 5, 'the reply comes in several chunks');
    assert.equal(chatDeltaText(chunks), text);
    const finish = chunks.at(-2);
    assert.deepEqual(finish?.choices, [{ index: 0, delta: {}, finish_reason: 'stop' }]);
    const usageChunk = chunks.at(-1);
    assert.deepEqual(usageChunk?.choices, []);
    assert.equal(usageChunk?.usage?.completion_tokens, contentChunks.length);
  });

  it('streaming: no usage chunk when stream_options.include_usage is false', async () => {
    const response = await postJson(server(), '/chat/completions',
      chat('echo-1', 'no usage please', { stream: true, stream_options: { include_usage: false } }));
    const chunks = payloads(await readEvents(response)) as unknown as Chunk[];
    assert.ok(chunks.every((c) => c.usage === undefined && c.choices.length === 1));
    assert.equal(chunks.at(-1)?.choices[0].finish_reason, 'stop');
  });

  it('echoes the last user message, not a later assistant one', async () => {
    const response = await postJson(server(), '/chat/completions', {
      model: 'echo-1',
      messages: [{ role: 'user', content: 'the question' }, { role: 'assistant', content: 'an earlier answer' }],
    });
    const body = await response.json() as { choices: { message: { content: string } }[] };
    assert.equal(body.choices[0].message.content, 'the question');
  });

  it('max_tokens cuts the answer and says finish_reason "length"', async () => {
    const response = await postJson(server(), '/chat/completions', chat('echo-1', 'one two three four five six', { max_tokens: 2 }));
    const body = await response.json() as { choices: { message: { content: string }; finish_reason: string }[];
      usage: { completion_tokens: number } };
    assert.equal(body.choices[0].message.content, 'one two ');
    assert.equal(body.choices[0].finish_reason, 'length');
    assert.equal(body.usage.completion_tokens, 2);
  });

  it('showcase-1 answers the fixed markdown, with headings, list, table, link and two code languages', async () => {
    assert.match(SHOWCASE_MARKDOWN, /^# /m);
    assert.match(SHOWCASE_MARKDOWN, /^- /m);
    assert.match(SHOWCASE_MARKDOWN, /^\|.*\|$/m);
    assert.match(SHOWCASE_MARKDOWN, /\[[^\]]+\]\(https:\/\/[^)]+\)/);
    assert.match(SHOWCASE_MARKDOWN, /^```typescript$/m);
    assert.match(SHOWCASE_MARKDOWN, /^```python$/m);
    const response = await postJson(server(), '/chat/completions', chat('showcase-1', 'show me', { stream: true }));
    assert.equal(chatDeltaText(payloads(await readEvents(response))), SHOWCASE_MARKDOWN);
  });

  it('reasoning-1 streams delta.reasoning_content first, then the echo answer', async () => {
    const response = await postJson(server(), '/chat/completions', chat('reasoning-1', 'think, then answer', { stream: true }));
    const chunks = payloads(await readEvents(response)) as unknown as Chunk[];
    const firstContent = chunks.findIndex((c) => c.choices[0]?.delta.content !== undefined);
    const lastReasoning = chunks.map((c) => c.choices[0]?.delta.reasoning_content !== undefined).lastIndexOf(true);
    assert.ok(lastReasoning > 0 && lastReasoning < firstContent, 'reasoning comes before the answer');
    assert.ok(chatDeltaText(chunks, 'reasoning_content').length > 0);
    assert.equal(chatDeltaText(chunks), 'think, then answer');
  });

  it('reasoning-1 non-streaming carries message.reasoning_content', async () => {
    const response = await postJson(server(), '/chat/completions', chat('reasoning-1', 'hello'));
    const body = await response.json() as { choices: { message: { content: string; reasoning_content: string } }[] };
    assert.equal(body.choices[0].message.content, 'hello');
    assert.ok(body.choices[0].message.reasoning_content.length > 0);
  });

  it('firehose-1 sends exactly max_tokens tokens, and 2000 by default', async () => {
    let response = await postJson(server(), '/chat/completions', chat('firehose-1', 'go', { stream: true, max_tokens: 1234 }));
    let chunks = payloads(await readEvents(response)) as unknown as Chunk[];
    assert.equal(chunks.filter((c) => c.choices[0]?.delta.content !== undefined).length, 1234);
    assert.equal(chunks.at(-1)?.usage?.completion_tokens, 1234);
    assert.equal(chunks.at(-2)?.choices[0].finish_reason, 'length');

    response = await postJson(server(), '/chat/completions', chat('firehose-1', 'go', { stream: true }));
    chunks = payloads(await readEvents(response)) as unknown as Chunk[];
    assert.equal(chunks.at(-1)?.usage?.completion_tokens, 2000);
  });

  it('slow-1 paces its tokens about 100 ms apart', async () => {
    const started = Date.now();
    const response = await postJson(server(), '/chat/completions', chat('slow-1', 'go', { stream: true, max_tokens: 3 }));
    const chunks = payloads(await readEvents(response)) as unknown as Chunk[];
    const elapsed = Date.now() - started;
    assert.equal(chunks.filter((c) => c.choices[0]?.delta.content !== undefined).length, 3);
    assert.ok(elapsed >= 290, `3 tokens took ${elapsed} ms`);
  });
});
