/** Writing whole replies: JSON bodies, error envelopes, the head of an SSE stream. */
import type { ServerResponse } from 'node:http';
import type { HttpError } from './httpError';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(res, error.status, error.envelope, error.headers);
}

export function startEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  // Send the head now: a client waiting on a slow model sees the stream open straight away.
  res.flushHeaders();
}

/** Sends the head and half of a JSON body, then destroys the socket: a reply cut off in transit. */
export async function sendTruncatedJson(res: ServerResponse, text: string): Promise<void> {
  const bytes = Buffer.from(text);
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': bytes.length });
  await new Promise<void>((resolve) => {
    res.once('close', resolve);
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => resolve());
  });
  res.destroy();
}
