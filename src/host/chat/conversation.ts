import type { WireMessage } from '../../api';
import type { TranscriptMessage } from '../../shared/protocol';
import { userWireContent } from '../attachments/wireContent';

/**
 * What is sent to the model for the next answer: the system prompt (when set), then the
 * conversation so far. Answers that failed or were stopped are sent with the text the user saw;
 * answers with no text at all (failed before the first token) are left out, as is any answer
 * still streaming. A user message goes with its attachments (userWireContent); the project
 * instructions the newest user message was sent with follow the system prompt as a system message
 * of their own (the user turned them on for that message, and the transcript shows them there).
 */
export function buildRequestMessages(history: readonly TranscriptMessage[], systemPrompt?: string): WireMessage[] {
  const messages: WireMessage[] = [];
  if (systemPrompt && systemPrompt.trim()) {
    messages.push({ role: 'system', content: systemPrompt });
  }
  const newestUser = [...history].reverse().find((message) => message.role === 'user');
  if (newestUser?.instructions?.text) {
    messages.push({ role: 'system', content: newestUser.instructions.text });
  }
  for (const message of history) {
    if (message.role === 'user') {
      messages.push({ role: 'user', content: userWireContent(message) });
    } else if (message.status !== 'streaming' && message.content.length > 0) {
      messages.push({ role: 'assistant', content: message.content });
    }
  }
  return messages;
}
