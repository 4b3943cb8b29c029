import type { WireMessage } from '../../api';
import type { TranscriptMessage } from '../../shared/protocol';

/**
 * What is sent to the model for the next answer: the system prompt (when set), then the
 * conversation so far. Answers that failed or were stopped are sent with the text the user saw;
 * answers with no text at all (failed before the first token) are left out, as is any answer
 * still streaming.
 */
export function buildRequestMessages(history: readonly TranscriptMessage[], systemPrompt?: string): WireMessage[] {
  const messages: WireMessage[] = [];
  if (systemPrompt && systemPrompt.trim()) {
    messages.push({ role: 'system', content: systemPrompt });
  }
  for (const message of history) {
    if (message.role === 'user') {
      messages.push({ role: 'user', content: message.content });
    } else if (message.status !== 'streaming' && message.content.length > 0) {
      messages.push({ role: 'assistant', content: message.content });
    }
  }
  return messages;
}
