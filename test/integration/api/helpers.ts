import { ApiError, ModelAccessClient, type ModelAccessClientOptions, type StreamEvent } from '../../../src/api';
import type { ReferenceServer, RequestRecord } from '../../../server';

export type ClientOptions = Partial<ModelAccessClientOptions>;

export function clientFor(server: ReferenceServer, apiKey = 'demo-key', options: ClientOptions = {}): ModelAccessClient {
  return new ModelAccessClient({ baseUrl: server.baseUrl, apiKey, retry: { maxRetries: 0 }, ...options });
}

export interface Drained {
  events: StreamEvent[];
  text: string;
  reasoning: string;
  error?: unknown;
}

/** Runs an event iterator to its end: what came out, the text it adds up to, and the error thrown. */
export async function drain(events: AsyncIterable<StreamEvent>): Promise<Drained> {
  const out: StreamEvent[] = [];
  let error: unknown;
  try {
    for await (const event of events) out.push(event);
  } catch (caught) {
    error = caught;
  }
  const join = (type: 'text' | 'reasoning'): string =>
    out.map((e) => (e.type === type ? e.text : '')).join('');
  return { events: out, text: join('text'), reasoning: join('reasoning'), error };
}

export function asApiError(error: unknown): ApiError {
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** The server's records of model calls with this model, oldest first. */
export function recordsFor(server: ReferenceServer, model: string): RequestRecord[] {
  return server.requests().filter((r) => r.model === model);
}

export const user = (content: string): { role: string; content: string }[] => [{ role: 'user', content }];

export { waitFor } from '../../harness/timeFactor';
