import { finiteNumber, isRecord } from './json';
import type { StreamEvent } from './types';

export type UsageEvent = Extract<StreamEvent, { type: 'usage' }>;

/**
 * A usage event from either naming: chat's prompt/completion tokens or the Responses API's
 * input/output tokens. Undefined when the value carries no token count at all.
 */
export function readUsage(value: unknown): UsageEvent | undefined {
  if (!isRecord(value)) return undefined;
  const inputTokens = finiteNumber(value.prompt_tokens) ?? finiteNumber(value.input_tokens);
  const outputTokens = finiteNumber(value.completion_tokens) ?? finiteNumber(value.output_tokens);
  const totalTokens = finiteNumber(value.total_tokens)
    ?? (inputTokens !== undefined && outputTokens !== undefined ? inputTokens + outputTokens : undefined);
  if (inputTokens === undefined && outputTokens === undefined && totalTokens === undefined) return undefined;
  const usage: UsageEvent = { type: 'usage' };
  if (inputTokens !== undefined) usage.inputTokens = inputTokens;
  if (outputTokens !== undefined) usage.outputTokens = outputTokens;
  if (totalTokens !== undefined) usage.totalTokens = totalTokens;
  return usage;
}
