import { ApiError, apiErrorFromObject, CLIENT_ERROR_TYPES, extractErrorObject } from './errors';
import { isRecord } from './json';
import { readChatChoice } from './chatStream';
import { responseFailure, responseOutput, responsesFinishReason } from './responsesStream';
import type { StreamEvent } from './types';
import { ToolCallAssembler } from './toolCalls';
import { readUsage } from './usage';

function notA(what: string, httpStatus: number): ApiError {
  return new ApiError(`The server's reply is not ${what}.`, { status: httpStatus, type: CLIENT_ERROR_TYPES.invalidResponse });
}

function withEnding(events: StreamEvent[], usage: unknown, finishReason: string | undefined): StreamEvent[] {
  const usageEvent = readUsage(usage);
  if (usageEvent) events.push(usageEvent);
  events.push(finishReason === undefined ? { type: 'done' } : { type: 'done', finishReason });
  return events;
}

/**
 * A non-streaming chat completion as the same events a stream gives: reasoning, text, usage
 * when given, done. An error envelope in a 200 body is thrown.
 */
export function chatEventsFromJson(body: unknown, httpStatus: number): StreamEvent[] {
  const found = extractErrorObject(body);
  if (found) throw apiErrorFromObject(found, httpStatus);
  if (!isRecord(body) || !Array.isArray(body.choices)) throw notA('a chat completion', httpStatus);

  const parts = readChatChoice(body, 'message');
  const events: StreamEvent[] = [];
  if (parts.reasoning) events.push({ type: 'reasoning', text: parts.reasoning });
  if (parts.text) events.push({ type: 'text', text: parts.text });
  const toolCalls = new ToolCallAssembler();
  toolCalls.add(parts.toolCalls);
  for (const call of toolCalls.complete()) events.push({ type: 'toolCall', ...call });
  return withEnding(events, body.usage, parts.finishReason);
}

/**
 * A non-streaming Responses object as the same events a stream gives. Text comes from the
 * `output_text` convenience field when present, else from the `output_text` parts of `message`
 * items; reasoning from `reasoning` items (summary and content). A failed response is thrown.
 */
export function responsesEventsFromJson(body: unknown, httpStatus: number): StreamEvent[] {
  const failure = responseFailure(body, httpStatus);
  if (failure) throw failure;
  if (!isRecord(body) || (!Array.isArray(body.output) && typeof body.output_text !== 'string')) {
    throw notA('a Responses object', httpStatus);
  }

  const { reasoning, text } = responseOutput(body);
  const events: StreamEvent[] = [];
  if (reasoning) events.push({ type: 'reasoning', text: reasoning });
  if (text) events.push({ type: 'text', text });
  return withEnding(events, body.usage, responsesFinishReason(body));
}
