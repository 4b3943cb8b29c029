/**
 * /chat/completions replies in OpenAI's wire shapes: a `chat.completion` object, or a stream of
 * `chat.completion.chunk` events (role-only first delta, content deltas, a finish_reason chunk,
 * a usage chunk with empty choices, then `data: [DONE]`).
 */
import { MIDSTREAM_ERROR, type CallContext } from './callContext';
import { keepAliveForever, runPlan } from './generation';
import { newId } from './ids';
import type { OutputPlan, PlannedToolCall } from './output';
import { countTokens, splitIntoTokens } from './tokens';
import { sendJson, sendTruncatedJson, startEventStream } from './replies';
import { collectWholeOutput } from './wholeReply';
import { SseWriter } from './sseWriter';
import { chunkJson } from './chunkJson';

export async function replyChat(ctx: CallContext, plan: OutputPlan): Promise<void> {
  return ctx.request.stream ? streamChat(ctx, plan) : completeChat(ctx, plan);
}

async function completeChat(ctx: CallContext, plan: OutputPlan): Promise<void> {
  const output = await collectWholeOutput(ctx, plan);
  if (!output) return;
  const { reasoning, text: content } = output;
  const outputTokens = output.outputTokens + billToolCall(ctx, plan);
  const body = {
    id: newId('chatcmpl-'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: ctx.model.id,
    choices: [{
      index: 0,
      message: {
        role: 'assistant',
        // OpenAI sends null content with tool calls.
        content: plan.toolCall && content === '' ? null : content,
        ...(reasoning !== '' ? { reasoning_content: reasoning } : {}),
        ...(plan.toolCall ? { tool_calls: [wireToolCall(plan.toolCall)] } : {}),
      },
      finish_reason: plan.finishReason,
    }],
    usage: usageOf(ctx.inputTokens, outputTokens),
  };
  if (plan.ending === 'drop') {
    ctx.markFailed();
    return sendTruncatedJson(ctx.res, JSON.stringify(body));
  }
  sendJson(ctx.res, 200, body);
}

async function streamChat(ctx: CallContext, plan: OutputPlan): Promise<void> {
  const id = newId('chatcmpl-');
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): unknown => ({
    id, object: 'chat.completion.chunk', created, model: ctx.model.id,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  const writer = new SseWriter(ctx.res, plan.tokenIntervalMs === 0 && plan.tokensPerSecond === 0);
  startEventStream(ctx.res);
  await writer.send(chunk({ role: 'assistant' }));
  let outputTokens = 0;
  const textChunk = chunkJson((token) => chunk({ content: token }));
  const reasoningChunk = chunkJson((token) => chunk({ reasoning_content: token }));
  const finished = await runPlan(plan, ctx.signal, async (kind, token) => {
    outputTokens += 1;
    ctx.billOutput(1);
    // (A string is sent as the data as it is.)
    await writer.send(kind === 'reasoning' ? reasoningChunk(token) : textChunk(token));
  });
  if (!finished || writer.closed) return;
  if (plan.toolCall) {
    outputTokens += billToolCall(ctx, plan);
    // As OpenAI streams them: id, type and name with empty arguments first, then the arguments in pieces.
    await writer.send(chunk({ tool_calls: [{ index: 0, ...wireToolCall({ ...plan.toolCall, arguments: '' }) }] }));
    for (const piece of splitIntoTokens(plan.toolCall.arguments)) {
      if (writer.closed) return;
      await writer.send(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    }
  }

  switch (plan.ending) {
    case 'midstream-error':
      ctx.markFailed();
      await writer.send({ error: MIDSTREAM_ERROR });
      return writer.end();
    case 'drop':
      ctx.markFailed();
      await writer.flushed();
      ctx.res.destroy();
      return;
    case 'keepalive':
      return keepAliveForever(writer, ctx.signal);
    case 'normal':
    case 'no-done':
      await writer.send(chunk({}, plan.finishReason));
      if (ctx.request.includeUsage) {
        await writer.send({
          id, object: 'chat.completion.chunk', created, model: ctx.model.id,
          choices: [], usage: usageOf(ctx.inputTokens, outputTokens),
        });
      }
      if (plan.ending === 'normal') await writer.send('[DONE]');
      return writer.end();
  }
}

function wireToolCall(call: PlannedToolCall): Record<string, unknown> {
  return { id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } };
}

/** A tool call's arguments are output too. */
function billToolCall(ctx: CallContext, plan: OutputPlan): number {
  if (!plan.toolCall) return 0;
  const tokens = countTokens(plan.toolCall.arguments);
  ctx.billOutput(tokens);
  return tokens;
}

function usageOf(inputTokens: number, outputTokens: number): Record<string, number> {
  return { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens };
}
