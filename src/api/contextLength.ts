import { ApiError } from './errors';

/**
 * The one place that recognizes "the request is too long for the model's context window". The
 * spec does not show this error, and real servers word it differently, so any of these counts:
 * a code naming it (OpenAI, Groq, vLLM and LiteLLM send `context_length_exceeded`; others
 * `context_window_exceeded`, `prompt_too_long`), or, on a 400, 413 or 422 (or an error inside a
 * stream), a message in one of the wordings below.
 */
const CONTEXT_CODES = /context[_ ]?(length|window|size)[_ ]?(exceeded|too[_ ]?(long|large))|prompt[_ ]?too[_ ]?long|tokens?[_ ]?limit[_ ]?exceeded/i;

const CONTEXT_MESSAGES: readonly RegExp[] = [
  /maximum context length/i, // OpenAI, vLLM, Groq, DeepSeek: "This model's maximum context length is 8192 tokens…"
  /context[_ ](length|window|size)\b.*\b(exceed|too long|too large|overflow|is only|limit)/i, // "exceeds the context window", "context length exceeded"
  /\b(exceed|exceeds|exceeded|exceeding)\b.*\bcontext\b/i, // llama.cpp: "the request exceeds the available context size"
  /prompt is too long/i, // Anthropic-compatible proxies
  /input (is )?too long/i,
  /reduce the length of the (messages|prompt|input)/i,
  /too many (input )?tokens/i,
  /input token count.*exceeds/i, // Gemini: "The input token count (X) exceeds the maximum number of tokens allowed (Y)"
  /tokens? \+ .*max_new_tokens. must be <=/i, // Hugging Face TGI
  /context overflow/i, // LM Studio
];

export function isContextLengthError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (typeof error.code === 'string' && CONTEXT_CODES.test(error.code)) return true;
  // A wording alone counts on a refused request (or an error a server sent inside a 200 stream).
  const status = error.status;
  if (status !== undefined && status !== 400 && status !== 413 && status !== 422 && status >= 300) return false;
  return CONTEXT_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Whole-window wordings that state the limit: "maximum context length is 8192 tokens", "context window of 8,192 tokens". */
const LIMIT_PATTERNS: readonly RegExp[] = [
  /maximum context length (?:is|of)\s*(\d[\d,]*)/i,
  /context (?:length|window|size) (?:is|of)\s*(?:only\s*)?(\d[\d,]*)\s*tokens/i,
  /(\d[\d,]*)[- ]token context (?:window|length)/i,
  /available context size \((\d[\d,]*) tokens\)/i,
];

/** The context window an error message states, when it does (in tokens); undefined otherwise. */
export function contextLimitFromMessage(message: string): number | undefined {
  for (const pattern of LIMIT_PATTERNS) {
    const match = pattern.exec(message);
    const tokens = match ? Number(match[1].replace(/,/g, '')) : NaN;
    if (Number.isSafeInteger(tokens) && tokens > 0) return tokens;
  }
  return undefined;
}
