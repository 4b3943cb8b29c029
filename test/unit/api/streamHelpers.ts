import type { SseMessage } from '../../../src/api/sse';
import type { StreamEvent } from '../../../src/api/types';

/** SSE messages as the layer below would deliver them, each in a read of its own; `failWith` ends the source with that error. */
export async function* sseSource(messages: (SseMessage | string)[], failWith?: Error): AsyncGenerator<SseMessage[]> {
  for (const message of messages) yield [typeof message === 'string' ? { data: message } : message];
  if (failWith) throw failWith;
}

/** SSE messages delivered as the given reads (several events in one network read). */
export async function* sseReads(reads: (SseMessage | string)[][], failWith?: Error): AsyncGenerator<SseMessage[]> {
  for (const read of reads) yield read.map((message) => (typeof message === 'string' ? { data: message } : message));
  if (failWith) throw failWith;
}

export const chunk = (value: unknown): string => JSON.stringify(value);

/** Runs an event iterator to its end: the events that came out and the error it threw, if any. */
export async function drain(events: AsyncIterable<StreamEvent>): Promise<{ events: StreamEvent[]; error?: unknown }> {
  const out: StreamEvent[] = [];
  try {
    for await (const event of events) out.push(event);
    return { events: out };
  } catch (error) {
    return { events: out, error };
  }
}
