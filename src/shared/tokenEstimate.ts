// The one token estimator of the extension: the chat's attachment chips, the context-window budget
// and the language-model provider's countTokens all ask it, so their numbers agree. The service's
// tokenizer is not known here, so it is an estimate (and every place that shows it says so).

/** Characters per token the estimate assumes: about four for English text and code. */
export const CHARS_PER_TOKEN = 4;

/** Roughly four characters per token, rounded up (a non-empty text is at least one token). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
