/**
 * /responses replies in the shapes of OpenAI's Responses API: a `response` object, or its event
 * stream (`event:` lines, each payload carrying `type` and `sequence_number`), which ends with
 * `response.completed` (or `response.incomplete` when max_output_tokens cut the answer short)
 * and, as OpenAI's does, without `[DONE]`.
 */
import { MIDSTREAM_ERROR, type CallContext } from './callContext';
import { keepAliveForever, runPlan } from './generation';
import { newId } from './ids';
import type { OutputPlan } from './output';
import { sendJson, sendTruncatedJson, startEventStream } from './replies';
import { SseWriter } from './sseWriter';
import { collectWholeOutput } from './wholeReply';

type Status = 'in_progress' | 'completed' | 'incomplete' | 'failed';

interface ResponseIds {
  response: string;
  message: string;
  reasoning: string;
  createdAt: number;
}

export async function replyResponses(ctx: CallContext, plan: OutputPlan): Promise<void> {
  const ids: ResponseIds = {
    response: newId('resp_'),
    message: newId('msg_'),
    reasoning: newId('rs_'),
    createdAt: Math.floor(Date.now() / 1000),
  };
  return ctx.request.stream ? streamResponse(ctx, plan, ids) : completeResponse(ctx, plan, ids);
}

async function completeResponse(ctx: CallContext, plan: OutputPlan, ids: ResponseIds): Promise<void> {
  const whole = await collectWholeOutput(ctx, plan);
  if (!whole) return;
  const { reasoning, text, outputTokens } = whole;
  const status = finalStatus(plan);
  const output = [
    ...(plan.reasoning.length > 0 ? [reasoningItem(ids, reasoning)] : []),
    messageItem(ids, text, status),
  ];
  const body = responseObject(ctx, plan, ids, status, output, usageOf(ctx, outputTokens, reasoningTokens(plan)));
  if (plan.ending === 'drop') {
    ctx.markFailed();
    return sendTruncatedJson(ctx.res, JSON.stringify(body));
  }
  sendJson(ctx.res, 200, body);
}

async function streamResponse(ctx: CallContext, plan: OutputPlan, ids: ResponseIds): Promise<void> {
  const writer = new SseWriter(ctx.res, plan.tokenIntervalMs === 0);
  let sequence = 0;
  const emit = (type: string, fields: Record<string, unknown>): Promise<void> =>
    writer.send({ type, sequence_number: sequence++, ...fields }, type);

  startEventStream(ctx.res);
  const inProgress = responseObject(ctx, plan, ids, 'in_progress', [], null);
  await emit('response.created', { response: inProgress });
  await emit('response.in_progress', { response: inProgress });

  const hasReasoning = plan.reasoning.length > 0;
  const messageIndex = hasReasoning ? 1 : 0;
  const textPart = { item_id: ids.message, output_index: messageIndex, content_index: 0 };
  const reasoningPart = { item_id: ids.reasoning, output_index: 0, summary_index: 0 };
  let reasoning = '';
  let text = '';
  let outputTokens = 0;

  const openMessage = async (): Promise<void> => {
    await emit('response.output_item.added', { output_index: messageIndex, item: messageItem(ids, '', 'in_progress') });
    await emit('response.content_part.added', { ...textPart, part: outputText('') });
  };
  const closeReasoning = async (): Promise<void> => {
    await emit('response.reasoning_summary_text.done', { ...reasoningPart, text: reasoning });
    await emit('response.reasoning_summary_part.done', { ...reasoningPart, part: summaryText(reasoning) });
    await emit('response.output_item.done', { output_index: 0, item: reasoningItem(ids, reasoning) });
  };

  if (hasReasoning) {
    await emit('response.output_item.added', { output_index: 0, item: reasoningItem(ids, '') });
    await emit('response.reasoning_summary_part.added', { ...reasoningPart, part: summaryText('') });
  } else {
    await openMessage();
  }
  let messageOpen = !hasReasoning;
  const finished = await runPlan(plan, ctx.signal, async (kind, token) => {
    outputTokens += 1;
    ctx.billOutput(1);
    if (kind === 'reasoning') {
      reasoning += token;
      return emit('response.reasoning_summary_text.delta', { ...reasoningPart, delta: token });
    }
    if (!messageOpen) {
      messageOpen = true;
      await closeReasoning();
      await openMessage();
    }
    text += token;
    await emit('response.output_text.delta', { ...textPart, delta: token, logprobs: [] });
  });
  if (!finished || writer.closed) return;

  if (plan.ending === 'keepalive') return keepAliveForever(writer, ctx.signal);
  if (plan.ending === 'drop') {
    ctx.markFailed();
    await writer.flushed();
    ctx.res.destroy();
    return;
  }
  if (plan.ending === 'midstream-error') {
    ctx.markFailed();
    // The error object's own `type` (server_error) must not replace the event's: the payload type is "error".
    await emit('error', { code: MIDSTREAM_ERROR.code, message: MIDSTREAM_ERROR.message, param: null });
    const failed = responseObject(ctx, plan, ids, 'failed', [], usageOf(ctx, outputTokens, plan.reasoning.length));
    await emit('response.failed', {
      response: { ...failed, error: { code: MIDSTREAM_ERROR.code, message: MIDSTREAM_ERROR.message } },
    });
    return writer.end();
  }
  if (!messageOpen) {
    // The budget ran out during reasoning: the answer is an empty message.
    await closeReasoning();
    await openMessage();
  }
  const status = finalStatus(plan);
  await emit('response.output_text.done', { ...textPart, text, logprobs: [] });
  await emit('response.content_part.done', { ...textPart, part: outputText(text) });
  await emit('response.output_item.done', { output_index: messageIndex, item: messageItem(ids, text, status) });
  const output = [...(hasReasoning ? [reasoningItem(ids, reasoning)] : []), messageItem(ids, text, status)];
  const final = responseObject(ctx, plan, ids, status, output, usageOf(ctx, outputTokens, reasoningTokens(plan)));
  await emit(status === 'completed' ? 'response.completed' : 'response.incomplete', { response: final });
  return writer.end();
}

function finalStatus(plan: OutputPlan): Status {
  return plan.finishReason === 'length' ? 'incomplete' : 'completed';
}

function reasoningTokens(plan: OutputPlan): number {
  return plan.reasoning.length;
}

function responseObject(ctx: CallContext, plan: OutputPlan, ids: ResponseIds, status: Status,
  output: unknown[], usage: unknown): Record<string, unknown> {
  return {
    id: ids.response,
    object: 'response',
    created_at: ids.createdAt,
    status,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    model: ctx.model.id,
    output,
    max_output_tokens: ctx.request.maxTokens ?? null,
    usage,
  };
}

function messageItem(ids: ResponseIds, text: string, status: Status): Record<string, unknown> {
  return {
    type: 'message',
    id: ids.message,
    status,
    role: 'assistant',
    content: status === 'in_progress' ? [] : [outputText(text)],
  };
}

function reasoningItem(ids: ResponseIds, text: string): Record<string, unknown> {
  return { type: 'reasoning', id: ids.reasoning, summary: text === '' ? [] : [summaryText(text)] };
}

function outputText(text: string): Record<string, unknown> {
  return { type: 'output_text', text, annotations: [] };
}

function summaryText(text: string): Record<string, unknown> {
  return { type: 'summary_text', text };
}

function usageOf(ctx: CallContext, outputTokens: number, reasoning: number): Record<string, unknown> {
  return {
    input_tokens: ctx.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: ctx.inputTokens + outputTokens,
  };
}
