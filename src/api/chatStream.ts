import { ChunkTemplate, type TemplateRead } from './chunkTemplate';
import { ApiError, apiErrorFromErrorEvent, apiErrorFromObject, extractErrorObject, isStreamTruncation, streamTruncatedError } from './errors';
import { isRecord, nonEmptyString, parseJson } from './json';
import { ReadEvents, type SseMessage } from './sse';
import { ToolCallAssembler } from './toolCalls';
import type { StreamEvent } from './types';
import { readUsage, type UsageEvent } from './usage';

/** What one chat completion chunk (or a whole chat completion) contributes. */
export interface ChatChoiceParts {
  reasoning?: string;
  text?: string;
  finishReason?: string;
  /** The raw `tool_calls` array, for a ToolCallAssembler. */
  toolCalls?: unknown;
}

/** `content` as a string, or as an array of `{type: 'text', text}` parts (other parts are not text). */
function contentText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return nonEmptyString(content);
  const texts = content
    .filter((part): part is Record<string, unknown> => isRecord(part) && part.type === 'text')
    .map((part) => (typeof part.text === 'string' ? part.text : ''));
  return nonEmptyString(texts.join(''));
}

/**
 * The first choice of a chat chunk or completion, tolerant of what servers send:
 * missing or empty `choices`, a role-only delta, `content: null` or an array of text parts,
 * reasoning in `reasoning_content` or `reasoning`, a `finish_reason` on its own.
 * `part` is `delta` for chunks, `message` for bodies.
 */
export function readChatChoice(value: unknown, part: 'delta' | 'message'): ChatChoiceParts {
  if (!isRecord(value) || !Array.isArray(value.choices)) return {};
  const choices = value.choices.filter(isRecord);
  const choice = choices.find((candidate) => candidate.index === 0 || candidate.index === undefined) ?? choices[0];
  if (!choice) return {};
  const body = isRecord(choice[part]) ? choice[part] : {};
  return {
    reasoning: nonEmptyString(body.reasoning_content) ?? nonEmptyString(body.reasoning),
    text: contentText(body.content),
    finishReason: nonEmptyString(choice.finish_reason),
    toolCalls: body.tool_calls,
  };
}

/**
 * A parsed chunk's text or reasoning when that is all the stream reader below takes from it (no finish reason, tool
 * calls, usage or error): what a ChunkTemplate may stand in for.
 */
export function textAlone(chunk: unknown): TemplateRead | undefined {
  if (!isRecord(chunk) || extractErrorObject(chunk) !== undefined || readUsage(chunk.usage) !== undefined) return undefined;
  const { text, reasoning, finishReason, toolCalls } = readChatChoice(chunk, 'delta');
  if (finishReason !== undefined || (Array.isArray(toolCalls) && toolCalls.length > 0)) return undefined;
  if (text !== undefined && reasoning === undefined) return { field: 'text', text };
  if (reasoning !== undefined && text === undefined) return { field: 'reasoning', text: reasoning };
  return undefined;
}

/** The error an event carries: an `error` event, or an error object in the data (`chunk`, parsed once by the caller). */
function errorFromEvent(message: SseMessage, chunk: unknown, httpStatus: number): ApiError | undefined {
  if (message.event === 'error') return apiErrorFromErrorEvent(message.data, httpStatus);
  const found = extractErrorObject(chunk);
  return found ? apiErrorFromObject(found, httpStatus) : undefined;
}

/**
 * Layer 3 of streaming for POST /chat/completions: SSE events → StreamEvents.
 *
 * Yields text and reasoning as they arrive (a read's run of text as one event, see ReadEvents),
 * then the last usage seen, then one `done`.
 * `data: [DONE]` ends the stream. A stream whose body ends without `[DONE]` is complete only
 * when a finish reason arrived; otherwise it was cut off, and the iterator throws after yielding
 * what did arrive (the transport layer reports a dropped connection as the same truncation
 * error, see `isStreamTruncation`). An error object in the stream is thrown as an ApiError, after
 * the text before it. Data that is not JSON is skipped (some servers send keep-alive words).
 */
export async function* chatEventsFromSse(reads: AsyncIterable<SseMessage[]>, httpStatus: number): AsyncGenerator<StreamEvent, void, undefined> {
  let finishReason: string | undefined;
  let usage: UsageEvent | undefined;
  const toolCalls = new ToolCallAssembler();
  const out = new ReadEvents();
  const template = new ChunkTemplate(textAlone);

  // Tool calls come out whole, only once the stream is complete: half a call's arguments are no call.
  const ending = function* (): Generator<StreamEvent> {
    for (const call of toolCalls.complete()) yield { type: 'toolCall', ...call };
    if (usage) yield usage;
    yield finishReason === undefined ? { type: 'done' } : { type: 'done', finishReason };
  };

  /** One read's events into `out`: true at `[DONE]`; an error in the stream is returned, not thrown, so what came before it is yielded first. */
  const read = (messages: SseMessage[]): boolean | ApiError => {
    for (const message of messages) {
      if (message.data.trim() === '[DONE]') return true;
      // Most chunks differ from the one before only in their text: only that is parsed (chunkTemplate.ts).
      const fast = message.event === 'error' ? undefined : template.read(message.data);
      if (fast) {
        out.push({ type: fast.field, text: fast.text });
        continue;
      }
      // Parsed once: at full speed a stream is tens of thousands of events.
      const chunk = parseJson(message.data);
      const error = errorFromEvent(message, chunk, httpStatus);
      if (error) return error;
      if (!isRecord(chunk)) continue;
      template.learn(message.data, chunk);
      const parts = readChatChoice(chunk, 'delta');
      if (parts.reasoning) out.push({ type: 'reasoning', text: parts.reasoning });
      if (parts.text) out.push({ type: 'text', text: parts.text });
      toolCalls.add(parts.toolCalls);
      if (parts.finishReason) finishReason = parts.finishReason;
      usage = readUsage(chunk.usage) ?? usage;
    }
    return false;
  };

  try {
    for await (const messages of reads) {
      const end = read(messages);
      yield* out.take();
      if (end instanceof ApiError) throw end;
      if (end) {
        yield* ending();
        return;
      }
    }
  } catch (error) {
    // The connection dropped after the answer was complete (only [DONE] or usage missing): done.
    if (!isStreamTruncation(error) || finishReason === undefined) throw error;
  }

  if (finishReason === undefined) throw streamTruncatedError(httpStatus, 'no [DONE] and no finish reason');
  yield* ending();
}
