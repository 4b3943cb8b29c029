import assert from 'node:assert/strict';
import { ApiError, ModelAccessClient, type RequestLogEntry } from '../../../src/api';
import { drain } from './streamHelpers';
import { chatDelta, errorEnvelope, sendJson, startLocalServer, startSse, type LocalServer } from './localServer';

const KEY = 'sk-test-0123456789abcdefghij';

describe('api/client: requests, replies and errors (local server)', () => {
  let server: LocalServer;
  let reply: Parameters<typeof startLocalServer>[0];

  beforeEach(async () => {
    reply = (_req, res) => sendJson(res, 200, { object: 'list', data: [] });
    server = await startLocalServer((req, res, recorded, index) => reply(req, res, recorded, index));
  });
  afterEach(() => server.close());

  const client = (extra: Partial<ConstructorParameters<typeof ModelAccessClient>[0]> = {}): ModelAccessClient =>
    new ModelAccessClient({ baseUrl: server.baseUrl, apiKey: KEY, ...extra });

  const streamDone = (_req: unknown, res: import('node:http').ServerResponse): void => {
    startSse(res);
    res.end(`${chatDelta('ok', 'stop')}data: [DONE]\n\n`);
  };

  it('sends the trimmed key as a Bearer token and JSON with its content type; stream defaults to true', async () => {
    reply = streamDone;
    await drain(new ModelAccessClient({ baseUrl: `${server.baseUrl}/`, apiKey: `  ${KEY}\n` }).chat({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }));
    const [request] = server.requests;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.url, '/v1/chat/completions');
    assert.equal(request?.headers.authorization, `Bearer ${KEY}`);
    assert.equal(request?.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(request?.body ?? ''), { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true });
  });

  it('sends max_tokens and max_output_tokens only when given', async () => {
    reply = streamDone;
    const c = client();
    await drain(c.chat({ model: 'm', messages: [], maxTokens: 7 }));
    reply = (_req, res) => {
      startSse(res);
      res.end('event: response.completed\ndata: {"type":"response.completed","response":{"status":"completed"}}\n\n');
    };
    await drain(c.respond({ model: 'm', input: 'x' }));
    await drain(c.respond({ model: 'm', input: [{ role: 'user', content: 'y' }], maxOutputTokens: 9 }));
    const bodies = server.requests.map((r) => JSON.parse(r.body));
    assert.equal(bodies[0].max_tokens, 7);
    assert.deepEqual(bodies[1], { model: 'm', input: 'x', stream: true });
    assert.equal('max_output_tokens' in bodies[1], false);
    assert.equal(bodies[2].max_output_tokens, 9);
    assert.equal(server.requests[1]?.url, '/v1/responses');
  });

  it('sends temperature, top_p and the reasoning effort only when given, in each API\'s wire shape', async () => {
    reply = streamDone;
    const c = client();
    await drain(c.chat({ model: 'm', messages: [] }));
    await drain(c.chat({ model: 'm', messages: [], temperature: 0, topP: 0.5, reasoningEffort: 'high' }));
    reply = (_req, res) => {
      startSse(res);
      res.end('event: response.completed\ndata: {"type":"response.completed","response":{"status":"completed"}}\n\n');
    };
    await drain(c.respond({ model: 'm', input: 'x', temperature: 1.5, topP: 1, reasoningEffort: 'low' }));
    const bodies = server.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    assert.deepEqual(bodies[0], { model: 'm', messages: [], stream: true });
    assert.deepEqual(bodies[1], { model: 'm', messages: [], stream: true, temperature: 0, top_p: 0.5, reasoning_effort: 'high' });
    assert.deepEqual(bodies[2], { model: 'm', input: 'x', stream: true, temperature: 1.5, top_p: 1, reasoning: { effort: 'low' } });
  });

  it('sends stream: false when asked and turns the JSON reply into the same events', async () => {
    reply = (_req, res) => sendJson(res, 200, {
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'whole' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
    const { events, error } = await drain(client().chat({ model: 'm', messages: [], stream: false }));
    assert.equal(error, undefined);
    assert.equal(JSON.parse(server.requests[0]?.body ?? '').stream, false);
    assert.deepEqual(events, [
      { type: 'text', text: 'whole' },
      { type: 'usage', inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('parses a stream sent without the event-stream content type', async () => {
    reply = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${chatDelta('plain')}data: [DONE]\n\n`);
    };
    const { events } = await drain(client().chat({ model: 'm', messages: [] }));
    assert.deepEqual(events, [{ type: 'text', text: 'plain' }, { type: 'done' }]);
  });

  it('decodes a multi-byte character split across network writes', async () => {
    reply = (_req, res) => {
      startSse(res);
      const raw = Buffer.from(`${chatDelta('ü😀', 'stop')}data: [DONE]\n\n`);
      const split = raw.indexOf(Buffer.from('😀')) + 2;
      res.write(raw.subarray(0, split));
      setTimeout(() => res.end(raw.subarray(split)), 30);
    };
    const { events } = await drain(client().chat({ model: 'm', messages: [] }));
    assert.deepEqual(events[0], { type: 'text', text: 'ü😀' });
  });

  it('lists models with the GET and the key', async () => {
    reply = (_req, res) => sendJson(res, 200, { object: 'list', data: [{ id: 'a' }, { id: 'b' }] });
    const models = await client().listModels();
    assert.deepEqual(models.map((m) => m.id), ['a', 'b']);
    assert.equal(server.requests[0]?.method, 'GET');
    assert.equal(server.requests[0]?.url, '/v1/models');
    assert.equal(server.requests[0]?.headers.authorization, `Bearer ${KEY}`);
  });

  it('reports a models reply that is an HTML page as a short error', async () => {
    reply = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Login</body></html>');
    };
    await assert.rejects(client().listModels(), (error: unknown) => error instanceof ApiError && error.status === 200 && !error.message.includes('<'));
  });

  for (const [what, key] of [['empty', '  '], ['inner whitespace', 'sk-a b'], ['a control character', 'sk-a\u0007b']] as const) {
    it(`refuses a key with ${what} before sending anything`, async () => {
      const c = new ModelAccessClient({ baseUrl: server.baseUrl, apiKey: key });
      await assert.rejects(c.listModels(), (e: unknown) => e instanceof ApiError && e.code === 'invalid_api_key_format');
      const chat = await drain(c.chat({ model: 'm', messages: [] }));
      assert.ok(chat.error instanceof ApiError);
      const respond = await drain(c.respond({ model: 'm', input: 'x' }));
      assert.ok(respond.error instanceof ApiError);
      assert.equal(server.requests.length, 0);
    });
  }

  it('joins paths to a base URL without a path (a server at the root) with a single slash', async () => {
    const origin = server.baseUrl.replace(/\/v1$/, '');
    for (const baseUrl of [origin, `${origin}/`, `${origin}//`]) {
      await new ModelAccessClient({ baseUrl, apiKey: KEY }).listModels();
    }
    assert.deepEqual(server.requests.map((r) => r.url), ['/models', '/models', '/models']);
  });

  it('refuses a base URL that is not http(s) before sending anything', async () => {
    const c = new ModelAccessClient({ baseUrl: 'ftp://example.com/v1', apiKey: KEY });
    await assert.rejects(c.listModels(), (e: unknown) => e instanceof ApiError && e.code === 'invalid_base_url');
    await assert.rejects(new ModelAccessClient({ baseUrl: 'not a url', apiKey: KEY }).listModels(), ApiError);
  });

  it('refuses a base URL with credentials, a query or a fragment before sending anything, and the error never repeats them', async () => {
    const origin = server.baseUrl.replace(/^http:\/\//, '');
    const logged: string[] = [];
    for (const baseUrl of [`http://user:s3cret@${origin}`, `http://${origin}?token=s3cret`, `http://${origin}#s3cret`]) {
      const c = new ModelAccessClient({ baseUrl, apiKey: KEY, log: (entry) => logged.push(JSON.stringify(entry)) });
      await assert.rejects(c.listModels(), (e: unknown) => e instanceof ApiError && e.code === 'invalid_base_url' && !e.message.includes('s3cret'));
      const { error } = await drain(c.chat({ model: 'm', messages: [{ role: 'user', content: 'x' }] }));
      assert.ok(error instanceof ApiError && error.code === 'invalid_base_url');
    }
    assert.equal(server.requests.length, 0);
    assert.ok(!logged.join('\n').includes('s3cret'), logged.join('\n'));
  });

  it('throws the error envelope of a non-2xx reply with status, message, type and code', async () => {
    reply = (_req, res) => sendJson(res, 404, errorEnvelope('The model `nope` does not exist', 'invalid_request_error', 'model_not_found'));
    const { error } = await drain(client().chat({ model: 'nope', messages: [] }));
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.message, error.type, error.code], [404, 'The model `nope` does not exist', 'invalid_request_error', 'model_not_found']);
  });

  it('turns an HTML 502 page into a short clean message and does not retry it', async () => {
    reply = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(`<html><head><title>502 Bad Gateway</title></head><body>${'x'.repeat(100_000)}</body></html>`);
    };
    const { error } = await drain(client().chat({ model: 'm', messages: [] }));
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 502);
    assert.ok(error.message.length < 120, error.message);
    assert.ok(!error.message.includes('<'));
    assert.equal(server.requests.length, 1);
  });

  it('keeps the key out of error messages and log entries even when the server echoes it', async () => {
    reply = (req, res) => sendJson(res, 401, errorEnvelope(`Incorrect API key provided: ${String(req.headers.authorization).slice(7)}`, 'invalid_request_error', 'invalid_api_key'));
    const log: RequestLogEntry[] = [];
    const { error } = await drain(client({ log: (entry) => log.push(entry) }).chat({ model: 'm', messages: [] }));
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 401);
    assert.ok(!error.message.includes(KEY), error.message);
    assert.match(error.message, /sk-…ghij/);
    assert.ok(log.length >= 2);
    assert.ok(!JSON.stringify(log).includes(KEY));
    assert.deepEqual(log.map((e) => e.kind), ['response', 'error']);
  });

  it('keeps the start of the key out of an echoed message that is cut to length inside the key', async () => {
    // tidyMessage shortens long server messages; a cut through the key must not leave most of it behind.
    reply = (req, res) => sendJson(res, 401, errorEnvelope(`${'x'.repeat(480)} ${String(req.headers.authorization).slice(7)} was refused`, 'invalid_request_error', 'invalid_api_key'));
    const log: RequestLogEntry[] = [];
    const { error } = await drain(client({ log: (entry) => log.push(entry) }).chat({ model: 'm', messages: [] }));
    assert.ok(error instanceof ApiError);
    assert.ok(error.message.endsWith('…'), error.message);
    assert.ok(!error.message.includes(KEY.slice(0, 8)), error.message);
    assert.ok(!JSON.stringify(log).includes(KEY.slice(0, 8)));
  });

  it('logs method, path, status, timing and attempt for each reply', async () => {
    const log: RequestLogEntry[] = [];
    await client({ log: (entry) => log.push(entry) }).listModels();
    assert.equal(log.length, 1);
    const [entry] = log;
    assert.equal(entry?.kind, 'response');
    if (entry?.kind !== 'response') return;
    assert.deepEqual([entry.method, entry.path, entry.status, entry.attempt], ['GET', '/models', 200, 1]);
    assert.ok(entry.durationMs >= 0);
  });

  it('survives a log callback that throws', async () => {
    const models = await client({ log: () => { throw new Error('logger broke'); } }).listModels();
    assert.deepEqual(models, []);
  });

  it('throws an error sent inside a 200 stream after the text already yielded', async () => {
    reply = (_req, res) => {
      startSse(res);
      res.end(`${chatDelta('kept text')}data: ${JSON.stringify(errorEnvelope('upstream failed', 'server_error', 'upstream_error'))}\n\n`);
    };
    const { events, error } = await drain(client().chat({ model: 'm', messages: [] }));
    assert.deepEqual(events, [{ type: 'text', text: 'kept text' }]);
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'upstream failed');
    assert.equal(error.code, 'upstream_error');
  });

  it('reports a connection dropped mid-stream as a cut-off ApiError after the text', async () => {
    reply = (_req, res) => {
      startSse(res);
      res.write(chatDelta('half'));
      setTimeout(() => res.socket?.destroy(), 30);
    };
    const { events, error } = await drain(client().chat({ model: 'm', messages: [] }));
    assert.deepEqual(events, [{ type: 'text', text: 'half' }]);
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'stream_truncated');
    assert.equal(error.status, 200);
  });

  it('reports a stream that ends cleanly without [DONE] or finish reason as cut off', async () => {
    reply = (_req, res) => {
      startSse(res);
      res.end(chatDelta('half'));
    };
    const { events, error } = await drain(client().chat({ model: 'm', messages: [] }));
    assert.deepEqual(events, [{ type: 'text', text: 'half' }]);
    assert.ok(error instanceof ApiError && error.code === 'stream_truncated');
  });

  it('streams the Responses API', async () => {
    reply = (_req, res) => {
      startSse(res);
      const send = (type: string, extra: object): boolean => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...extra })}\n\n`);
      send('response.created', { response: { status: 'in_progress' } });
      send('response.output_text.delta', { delta: 'Hi' });
      send('response.completed', { response: { status: 'completed', usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } });
      res.end();
    };
    const { events, error } = await drain(client().respond({ model: 'm', input: 'x' }));
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'text', text: 'Hi' },
      { type: 'usage', inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });
});
