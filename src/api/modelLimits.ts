/**
 * What a `/models` record says about a model's limits and abilities. The spec does not show the
 * record's fields, and real servers name them differently, so every reader here is tolerant and
 * answers `undefined` when the record does not say: callers decide what "unknown" means, nothing
 * is guessed here. Shared by everything that needs a model's context size.
 */
import { isRecord } from './json';

/** Field paths that hold the whole context window (input and output together), first match wins. */
export const CONTEXT_SIZE_FIELDS: readonly string[] = [
  'context_length', // OpenRouter, LM Studio, many proxies
  'max_model_len', // vLLM
  'context_window', // Groq, LiteLLM-style lists
  'max_context_length', // Mistral, Jan
  'context_size',
  'n_ctx', // llama.cpp
  'top_provider.context_length', // OpenRouter
  'meta.n_ctx_train', // llama.cpp server's /v1/models
  'limits.context', // models.dev style
  'limit.context',
  'contextLength',
  'contextWindow',
  'context_tokens',
  'max_seq_len', // some vLLM and Triton front ends
  'max_sequence_length',
  'max_total_tokens', // Hugging Face TGI's /info
  'metadata.context_length', // DeepInfra
  'model_info.context_window',
];

/** Field paths that hold the input limit alone. */
export const INPUT_LIMIT_FIELDS: readonly string[] = [
  'max_input_tokens', // LiteLLM, Anthropic-style lists
  'input_token_limit',
  'inputTokenLimit', // Gemini
  'limits.input',
  'limit.input',
  'max_input_length', // older TGI
  'model_info.max_input_tokens', // LiteLLM's /model/info
];

/** Field paths that hold the output limit. */
export const OUTPUT_LIMIT_FIELDS: readonly string[] = [
  'max_output_tokens',
  'max_completion_tokens',
  'output_token_limit',
  'outputTokenLimit',
  'top_provider.max_completion_tokens',
  'limits.output',
  'limit.output',
  'model_info.max_output_tokens',
];

function at(record: unknown, fieldPath: string): unknown {
  let value: unknown = record;
  for (const part of fieldPath.split('.')) {
    if (!isRecord(value)) return undefined;
    value = value[part];
  }
  return value;
}

/** A positive whole number of tokens, also when sent as a numeric string. */
function tokenCount(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

function firstCount(record: unknown, fields: readonly string[]): number | undefined {
  for (const field of fields) {
    const count = tokenCount(at(record, field));
    if (count !== undefined) return count;
  }
  return undefined;
}

export interface ModelLimits {
  /** The context window (input and output together), when the record gives one. */
  contextTokens?: number;
  /** The input limit, when the record gives one apart from the context window. */
  inputTokens?: number;
  /** The output limit, when the record gives one. */
  outputTokens?: number;
}

export function readModelLimits(record: unknown): ModelLimits {
  const limits: ModelLimits = {};
  const context = firstCount(record, CONTEXT_SIZE_FIELDS);
  const input = firstCount(record, INPUT_LIMIT_FIELDS);
  const output = firstCount(record, OUTPUT_LIMIT_FIELDS);
  if (context !== undefined) limits.contextTokens = context;
  if (input !== undefined) limits.inputTokens = input;
  if (output !== undefined) limits.outputTokens = output;
  return limits;
}

const TOOL_WORDS = ['tools', 'tool_calls', 'tool_calling', 'function_calling', 'functions', 'toolCalling', 'function_call'];

/**
 * Whether the record says the model can call tools: true or false when it says, undefined when
 * it does not. Read from OpenRouter's `supported_parameters`, a `capabilities` object or list,
 * and LiteLLM-style `supports_function_calling` / `supports_tool_calling` flags.
 */
export function readToolCalling(record: unknown): boolean | undefined {
  if (!isRecord(record)) return undefined;
  const flags = [record.supports_tool_calling, record.supports_function_calling, record.function_calling, record.tool_calling];
  const capabilities = record.capabilities;
  if (isRecord(capabilities)) {
    flags.push(capabilities.tool_calling, capabilities.toolCalling, capabilities.tools, capabilities.function_calling, capabilities.function_calls);
  }
  const flag = flags.find((value) => typeof value === 'boolean');
  if (typeof flag === 'boolean') return flag;
  for (const list of [record.supported_parameters, capabilities, record.features]) {
    if (Array.isArray(list)) return list.some((word) => typeof word === 'string' && TOOL_WORDS.includes(word));
  }
  return undefined;
}
