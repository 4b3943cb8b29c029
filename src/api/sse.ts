import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiError, CLIENT_ERROR_TYPES } from './errors';

/** One Server-Sent Event: `event` is undefined when the server sent no `event:` line. */
export type SseMessage = EventSourceMessage;

/** A single event bigger than this is not a chat reply but a broken or hostile server. */
export const MAX_SSE_EVENT_CHARS = 8 * 1024 * 1024;

/**
 * Layer 1 of streaming: network bytes → text → SSE events.
 *
 * Bytes are decoded with a streaming UTF-8 decoder, so a multi-byte character split across
 * network chunks comes out whole; the framing (with or without a space after `data:`, LF, CRLF
 * or CR line ends, `:` comment lines, multi-line data) is eventsource-parser's job.
 * A last event that the server did not close with a blank line is still delivered when the
 * body ends cleanly: several servers forget it after `data: [DONE]`.
 */
export async function* parseSseStream(chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): AsyncGenerator<SseMessage, void, undefined> {
  const decoder = new TextDecoder('utf-8');
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

  for await (const chunk of chunks) {
    feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    while (ready.length > 0) yield ready.shift() as SseMessage;
  }
  feed(`${decoder.decode()}\n\n`);
  while (ready.length > 0) yield ready.shift() as SseMessage;
}
