import assert from 'node:assert/strict';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { chat, chatDeltaText, eventually, payloads, postJson, readEvents, respond, useServer } from './helpers';

/** Reads an SSE body as far as it goes; `error` is set when the connection broke instead of ending. */
async function readUntilBreak(response: Response): Promise<{ events: EventSourceMessage[]; error?: unknown }> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    return { events };
  } catch (error) {
    return { events, error };
  }
}

describe('reference server: fault models', () => {
  const server = useServer();

  it('fault-500 and fault-503: the JSON error envelope with that status', async () => {
    for (const [model, status, code] of [['fault-500', 500, 'internal_error'], ['fault-503', 503, 'service_unavailable']] as const) {
      for (const response of [
        await postJson(server(), '/chat/completions', chat(model, 'hi', { stream: true })),
        await postJson(server(), '/responses', respond(model, 'hi')),
      ]) {
        assert.equal(response.status, status);
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
        const body = await response.json() as { error: Record<string, unknown> };
        assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message', 'type']);
        assert.equal(body.error.code, code);
        assert.equal(body.error.type, 'server_error');
      }
    }
  });

  it('fault-502-html: 502 with an HTML page', async () => {
    const response = await postJson(server(), '/chat/completions', chat('fault-502-html', 'hi', { stream: true }));
    assert.equal(response.status, 502);
    assert.equal(response.headers.get('content-type'), 'text/html');
    assert.match(await response.text(), /^<!DOCTYPE html>[\s\S]*502 Bad Gateway/);
  });

  it('fault-midstream-error (chat): text, then data: {"error":{…}} inside the 200 stream, no finish, no [DONE]', async () => {
    const response = await postJson(server(), '/chat/completions', chat('fault-midstream-error', 'partial text', { stream: true }));
    assert.equal(response.status, 200);
    const events = await readEvents(response);
    assert.ok(events.every((e) => e.data !== '[DONE]'));
    const data = payloads(events);
    assert.equal(chatDeltaText(data), 'partial text');
    assert.ok(data.every((d) => !JSON.stringify(d).includes('"finish_reason":"')));
    assert.deepEqual(data.at(-1), { error: {
      message: 'The model failed in the middle of the answer. Try again later.', type: 'server_error', code: 'upstream_error',
    } });
    const record = await eventually(() => server().requests().find((r) => r.model === 'fault-midstream-error' && r.endedAt !== null));
    assert.equal(record.status, 200);
    assert.equal(record.outcome, 'error');
  });

  it('fault-midstream-error (responses): text deltas, then event: error and response.failed', async () => {
    const response = await postJson(server(), '/responses', respond('fault-midstream-error', 'partial text', { stream: true }));
    const events = await readEvents(response);
    const data = payloads(events);
    assert.equal(data.filter((d) => d.type === 'response.output_text.delta').map((d) => d.delta).join(''), 'partial text');
    const types = events.map((e) => e.event);
    assert.deepEqual(types.slice(-2), ['error', 'response.failed']);
    // OpenAI's error event: {type: "error", code, message, param, sequence_number}; the payload type names the event.
    assert.deepEqual(Object.keys(data.at(-2) ?? {}).sort(), ['code', 'message', 'param', 'sequence_number', 'type']);
    assert.equal(data.at(-2)?.type, 'error');
    assert.equal(data.at(-2)?.code, 'upstream_error');
    assert.equal(typeof data.at(-2)?.message, 'string');
    const failed = data.at(-1)?.response as { status: string; error: { code: string } };
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error.code, 'upstream_error');
    assert.ok(!types.includes('response.completed'));
  });

  it('fault-midstream-error without streaming: a 500 envelope', async () => {
    const response = await postJson(server(), '/chat/completions', chat('fault-midstream-error', 'x'));
    assert.equal(response.status, 500);
    assert.equal((await response.json() as { error: { code: string } }).error.code, 'upstream_error');
  });

  it('fault-drop (chat): text arrives, then the connection breaks without finish reason or [DONE]', async () => {
    const response = await postJson(server(), '/chat/completions', chat('fault-drop', 'dropped after this', { stream: true }));
    assert.equal(response.status, 200);
    const { events, error } = await readUntilBreak(response);
    assert.ok(error !== undefined, 'the body must not end cleanly');
    assert.equal(chatDeltaText(payloads(events)), 'dropped after this');
    assert.ok(events.every((e) => e.data !== '[DONE]' && !e.data.includes('"finish_reason":"')));
    const record = await eventually(() => server().requests().find((r) => r.model === 'fault-drop' && r.endedAt !== null));
    assert.equal(record.outcome, 'error');
  });

  it('fault-drop (responses): deltas arrive, then the connection breaks before response.completed', async () => {
    const response = await postJson(server(), '/responses', respond('fault-drop', 'dropped after this', { stream: true }));
    const { events, error } = await readUntilBreak(response);
    assert.ok(error !== undefined);
    const data = payloads(events);
    assert.equal(data.filter((d) => d.type === 'response.output_text.delta').map((d) => d.delta).join(''), 'dropped after this');
    assert.ok(!data.some((d) => d.type === 'response.completed'));
  });

  it('fault-drop without streaming: half a JSON body, then the connection breaks', async () => {
    const response = await postJson(server(), '/chat/completions', chat('fault-drop', 'x'));
    assert.equal(response.status, 200);
    await assert.rejects(response.text());
  });

  it('fault-no-done (chat): text and finish_reason, then the body ends cleanly without [DONE]', async () => {
    const response = await postJson(server(), '/chat/completions', chat('fault-no-done', 'no done marker', { stream: true }));
    const { events, error } = await readUntilBreak(response);
    assert.equal(error, undefined);
    assert.ok(events.every((e) => e.data !== '[DONE]'));
    const data = payloads(events);
    assert.equal(chatDeltaText(data), 'no done marker');
    assert.ok(data.some((d) => JSON.stringify(d).includes('"finish_reason":"stop"')));
  });

  /** Reads raw SSE text until `enough` says so, then closes the connection. */
  async function readRawUntil(response: Response, enough: (text: string) => boolean): Promise<string> {
    const decoder = new TextDecoder();
    let text = '';
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    while (!enough(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    return text;
  }

  for (const [path, body] of [['/chat/completions', chat('fault-keepalive-only', 'never said', { stream: true })],
    ['/responses', respond('fault-keepalive-only', 'never said', { stream: true })]] as const) {
    it(`fault-keepalive-only (${path}): only ": ping" comments after the stream opens, until the client leaves`, async () => {
      const response = await postJson(server(), path, body);
      assert.equal(response.status, 200);
      const text = await readRawUntil(response, (t) => (t.match(/^: ping$/gm) ?? []).length >= 3);
      assert.ok((text.match(/^: ping$/gm) ?? []).length >= 3);
      assert.ok(!text.includes('never said'), 'no token is ever sent');
      assert.ok(!/\[DONE\]|finish_reason":"|response\.completed/.test(text));
      const record = await eventually(() => server().requests().find((r) => r.model === 'fault-keepalive-only' && r.path.endsWith(path) && r.endedAt !== null));
      assert.equal(record.outcome, 'client-closed');
    });
  }

  it('fault-stall: the echo text, then only comments, never a finish reason', async () => {
    const response = await postJson(server(), '/chat/completions', chat('fault-stall', 'then silence', { stream: true }));
    const text = await readRawUntil(response, (t) => (t.match(/^: ping$/gm) ?? []).length >= 2);
    const parser: EventSourceMessage[] = [];
    const p = createParser({ onEvent: (e) => parser.push(e) });
    p.feed(text);
    assert.equal(chatDeltaText(payloads(parser.filter((e) => e.data !== '[DONE]'))), 'then silence');
    assert.ok(!text.includes('finish_reason":"') && !text.includes('[DONE]'));
    const record = await eventually(() => server().requests().find((r) => r.model === 'fault-stall' && r.endedAt !== null));
    assert.equal(record.outcome, 'client-closed');
  });

  it('fault-keepalive-only and fault-stall answer only streaming requests', async () => {
    for (const model of ['fault-keepalive-only', 'fault-stall']) {
      const response = await postJson(server(), '/chat/completions', chat(model, 'hi'));
      assert.equal(response.status, 400);
      assert.equal((await response.json() as { error: { code: string } }).error.code, 'stream_required');
    }
  });
});
