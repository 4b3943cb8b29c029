import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiError, CLIENT_ERROR_TYPES } from './errors';
import type { StreamEvent } from './types';
import { decodeUtf8 } from './utf8';

/** One Server-Sent Event: `event` is undefined when the server sent no `event:` line. */
export type SseMessage = EventSourceMessage;

/** A single event bigger than this is not a chat reply but a broken or hostile server. */
export const MAX_SSE_EVENT_CHARS = 8 * 1024 * 1024;

/**
 * Layer 2 of streaming: text → SSE events (over layer 1, bytes → text, see utf8.ts), as one batch
 * per network read: the layer above handles a read's events together (a fast server packs hundreds
 * into one read, and a step through the async layers per event cost more than reading it).
 *
 * The framing (with or without a space after `data:`, LF, CRLF or CR line ends, `:` comment
 * lines, multi-line data) is eventsource-parser's job.
 * A last event that the server did not close with a blank line is still delivered when the
 * body ends cleanly: several servers forget it after `data: [DONE]`.
 */
export async function* parseSseStream(chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): AsyncGenerator<SseMessage[], void, undefined> {
  const ready: SseMessage[] = [];
  let oversized = false;
  const parser = createParser({
    onEvent: (message) => ready.push(message),
    onError: (error) => {
      // Unknown fields and bad `retry:` values are ignorable noise; only runaway buffering is fatal.
      if (error.type === 'max-buffer-size-exceeded') oversized = true;
    },
    maxBufferSize: MAX_SSE_EVENT_CHARS,
  });

  const feed = (text: string): void => {
    if (text.length > 0) parser.feed(text);
    if (oversized) {
      throw new ApiError('The server sent a stream event larger than 8 MiB; the stream was abandoned.', {
        type: CLIENT_ERROR_TYPES.invalidResponse,
      });
    }
  };

  for await (const pieces of decodeUtf8(chunks)) {
    for (const text of pieces) feed(text);
    if (ready.length > 0) yield ready.splice(0);
  }
  feed('\n\n');
  if (ready.length > 0) yield ready.splice(0);
}

/**
 * The events of one read, for the layer above: a run of text (or of reasoning) becomes one event,
 * so the layers above take a step per read, not per token. Order is kept.
 */
export class ReadEvents {
  private events: StreamEvent[] = [];

  push(event: StreamEvent): void {
    const last = this.events.at(-1);
    if ((event.type === 'text' || event.type === 'reasoning') && last?.type === event.type) {
      this.events[this.events.length - 1] = { type: event.type, text: last.text + event.text };
      return;
    }
    this.events.push(event);
  }

  /** The events so far; the next read starts empty. */
  take(): StreamEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }
}
