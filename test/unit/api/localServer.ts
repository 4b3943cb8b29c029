import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Epoch ms when the request arrived. */
  at: number;
  /** Set when the client closed the connection before the reply was finished. */
  clientClosedAt?: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest, index: number) => void;

export interface LocalServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A scripted loopback server for the client's unit tests: `handler` answers request number `index`. */
export async function startLocalServer(handler: Handler): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (part: string) => { body += part; });
    req.on('end', () => {
      const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() };
      const index = requests.push(recorded) - 1;
      res.on('close', () => {
        if (!res.writableFinished) recorded.clientClosedAt = Date.now();
      });
      handler(req, res, recorded, index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
}

export function errorEnvelope(message: string, type: string, code: string): unknown {
  return { error: { message, type, code } };
}

export function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

export function chatDelta(content: string, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finishReason }] })}\n\n`;
}

/** Resolves when `predicate` holds, polling; rejects after `timeoutMs` (longer when the tests run starved). */
export { waitFor } from '../../harness/timeFactor';
