/** Shared helpers of the reference server's tests: a server per suite, requests, SSE reading. */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from '../../server';
import { scaledMs } from '../harness/timeFactor';

/** Starts a server before the suite's tests and closes it after them. */
export function useServer(options: ReferenceServerOptions = {}): () => ReferenceServer {
  let server: ReferenceServer | undefined;
  before(async () => { server = await startReferenceServer(options); });
  after(async () => { await server?.close(); });
  return () => {
    if (server === undefined) throw new Error('the server has not started');
    return server;
  };
}

export function postJson(server: ReferenceServer, path: string, body: unknown, key: string | null = 'demo-key',
  init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    ...init,
    headers: {
      'Content-Type': 'application/json',
      ...(key !== null ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function getJson(server: ReferenceServer, path: string, key: string | null = 'demo-key'): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { headers: key !== null ? { Authorization: `Bearer ${key}` } : {} });
}

export const chat = (model: string, text: string, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ model, messages: [{ role: 'user', content: text }], ...extra });

export const respond = (model: string, input: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ model, input, ...extra });

/** Reads a whole SSE body and returns its events, parsed by eventsource-parser. */
export async function readEvents(response: Response): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(await response.text());
  return events;
}

/** The JSON payloads of SSE events, [DONE] left out. */
export function payloads(events: EventSourceMessage[]): Record<string, unknown>[] {
  return events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Record<string, unknown>);
}

/** Concatenated `choices[0].delta[field]` of chat chunks. */
export function chatDeltaText(chunks: readonly object[], field = 'content'): string {
  return chunks.map((c) => {
    const choices = (c as { choices?: { delta?: Record<string, unknown> }[] }).choices;
    const value = choices?.[0]?.delta?.[field];
    return typeof value === 'string' ? value : '';
  }).join('');
}

export async function errorOf(response: Response): Promise<{ message: string; type: string; code: string }> {
  const body = await response.json() as { error: { message: string; type: string; code: string } };
  return body.error;
}

/** A request with headers exactly as given (fetch would normalise some of them). */
export function rawRequest(server: ReferenceServer, options: { method: string; path: string; headers?: Record<string, string>;
  body?: string }): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method: options.method, path: options.path,
      headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const limit = scaledMs(timeoutMs);
  const deadline = Date.now() + limit;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${limit} ms`);
    await sleep(10);
  }
}
