import assert from 'node:assert/strict';
import { payloads, postJson, readEvents, respond, useServer } from './helpers';

interface OutputItem {
  type: string;
  id: string;
  status?: string;
  role?: string;
  content?: { type: string; text: string; annotations: unknown[] }[];
  summary?: { type: string; text: string }[];
}

interface ResponseObject {
  id: string;
  object: string;
  created_at: number;
  status: string;
  model: string;
  output: OutputItem[];
  incomplete_details: { reason: string } | null;
  usage: { input_tokens: number; output_tokens: number; total_tokens: number } | null;
}

describe('reference server: /responses wire shapes', () => {
  const server = useServer();

  it('non-streaming: a response object with one assistant message', async () => {
    const response = await postJson(server(), '/responses', respond('echo-1', 'Hello, responses API!'));
    assert.equal(response.status, 200);
    const body = await response.json() as ResponseObject;
    assert.match(body.id, /^resp_/);
    assert.equal(body.object, 'response');
    assert.equal(typeof body.created_at, 'number');
    assert.equal(body.status, 'completed');
    assert.equal(body.model, 'echo-1');
    assert.equal(body.output.length, 1);
    const [message] = body.output;
    assert.equal(message.type, 'message');
    assert.match(message.id, /^msg_/);
    assert.equal(message.role, 'assistant');
    assert.equal(message.status, 'completed');
    assert.deepEqual(message.content, [{ type: 'output_text', text: 'Hello, responses API!', annotations: [] }]);
    assert.ok(body.usage !== null && body.usage.input_tokens > 0 && body.usage.output_tokens > 1);
    assert.equal(body.usage.total_tokens, body.usage.input_tokens + body.usage.output_tokens);
  });

  it('input as an array of items: echoes the last user item, string or input_text parts', async () => {
    let response = await postJson(server(), '/responses', respond('echo-1', [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'reply' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'second ' }, { type: 'input_text', text: 'part' }] },
    ]));
    let body = await response.json() as ResponseObject;
    assert.equal(body.output[0].content?.[0].text, 'second part');

    response = await postJson(server(), '/responses', respond('echo-1', [{ role: 'user', content: 'plain string' }]));
    body = await response.json() as ResponseObject;
    assert.equal(body.output[0].content?.[0].text, 'plain string');
  });

  it('streaming: the documented event sequence, event: lines matching type, sequence numbers from 0', async () => {
    const text = 'Stream me in pieces, bitte — ünïcödé 🎉';
    const response = await postJson(server(), '/responses', respond('echo-1', text, { stream: true }));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const events = await readEvents(response);
    const data = payloads(events);
    assert.equal(data.length, events.length, 'no [DONE] on a Responses stream');
    events.forEach((event, i) => {
      assert.equal(event.event, data[i].type);
      assert.equal(data[i].sequence_number, i);
    });
    const types = data.map((d) => d.type);
    const deltas = types.filter((t) => t === 'response.output_text.delta').length;
    assert.ok(deltas >= 5);
    assert.deepEqual(types, [
      'response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added',
      ...Array<string>(deltas).fill('response.output_text.delta'),
      'response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.completed',
    ]);
    const deltaText = data.filter((d) => d.type === 'response.output_text.delta').map((d) => d.delta).join('');
    assert.equal(deltaText, text);
    assert.equal(data.find((d) => d.type === 'response.output_text.done')?.text, text);
    const created = data[0].response as ResponseObject;
    assert.equal(created.status, 'in_progress');
    const completed = data.at(-1)?.response as ResponseObject;
    assert.equal(completed.status, 'completed');
    assert.equal(completed.id, created.id);
    assert.equal(completed.output[0].content?.[0].text, text);
    assert.equal(completed.usage?.output_tokens, deltas);
  });

  it('max_output_tokens cuts the answer: status incomplete, reason max_output_tokens', async () => {
    let response = await postJson(server(), '/responses', respond('echo-1', 'a b c d e f', { max_output_tokens: 3 }));
    const body = await response.json() as ResponseObject;
    assert.equal(body.status, 'incomplete');
    assert.deepEqual(body.incomplete_details, { reason: 'max_output_tokens' });
    assert.equal(body.output[0].content?.[0].text, 'a b c ');

    response = await postJson(server(), '/responses', respond('echo-1', 'a b c d e f', { max_output_tokens: 3, stream: true }));
    const data = payloads(await readEvents(response));
    assert.equal(data.at(-1)?.type, 'response.incomplete');
    assert.equal((data.at(-1)?.response as ResponseObject).usage?.output_tokens, 3);
  });

  it('reasoning-1 streams reasoning summary deltas in a reasoning item first, then the message', async () => {
    const response = await postJson(server(), '/responses', respond('reasoning-1', 'the answer', { stream: true }));
    const data = payloads(await readEvents(response));
    const types = data.map((d) => d.type as string);
    const lastReasoning = types.lastIndexOf('response.reasoning_summary_text.delta');
    const firstText = types.indexOf('response.output_text.delta');
    assert.ok(lastReasoning > 0 && lastReasoning < firstText);
    const textDeltas = data.filter((d) => d.type === 'response.output_text.delta');
    assert.ok(textDeltas.every((d) => d.output_index === 1));
    assert.equal(textDeltas.map((d) => d.delta).join(''), 'the answer');
    const completed = data.at(-1)?.response as ResponseObject;
    assert.deepEqual(completed.output.map((o) => o.type), ['reasoning', 'message']);
    assert.ok((completed.output[0].summary?.[0].text ?? '').length > 0);
  });

  it('firehose-1 honours max_output_tokens', async () => {
    const response = await postJson(server(), '/responses', respond('firehose-1', 'go', { stream: true, max_output_tokens: 500 }));
    const data = payloads(await readEvents(response));
    assert.equal(data.filter((d) => d.type === 'response.output_text.delta').length, 500);
  });
});
