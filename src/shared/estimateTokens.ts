// The one token estimator of the extension (host and webview alike). The service's tokenizer is not
// known to the client, so every count made here is an estimate and is shown as one; what the server
// reports (usage) always wins over it.

/** Characters per token: about four for English text and code with OpenAI-style tokenizers. */
export const CHARS_PER_TOKEN = 4;

/** Tokens a chat message costs besides its text (role and separators), as OpenAI's counting guide adds. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Roughly four characters per token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** A whole chat message: its text plus the per-message overhead. */
export function estimateMessageTokens(message: { content: string }): number {
  return estimateTokens(message.content) + MESSAGE_OVERHEAD_TOKENS;
}
