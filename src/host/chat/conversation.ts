import type { WireMessage } from '../../api';
import type { TranscriptMessage } from '../../shared/protocol';
import { userWireContent } from '../attachments/wireContent';
import type { BudgetEntry } from '../contextWindow/budget';
import { summaryMessage } from '../contextWindow/summary';

/**
 * What is sent to the model for the next answer: the system prompt (when set), then the
 * conversation so far. Answers that failed or were stopped are sent with the text the user saw;
 * answers with no text at all (failed before the first token) are left out, as is any answer
 * still streaming. A user message goes with its attachments (userWireContent); the project
 * instructions the newest user message was sent with follow the system prompt as a system message
 * of their own (the user turned them on for that message, and the transcript shows them there).
 */
export function buildRequestMessages(history: readonly TranscriptMessage[], systemPrompt?: string): WireMessage[] {
  return buildRequestEntries(history, systemPrompt).map((entry) => entry.message);
}

/**
 * The same messages as buildRequestMessages, each with the id of the transcript message it came
 * from (system messages have none), for the context-window budget. A chat started from a summary
 * sends it as a system message after the system prompt.
 */
export function buildRequestEntries(history: readonly TranscriptMessage[], systemPrompt?: string, summary?: string): BudgetEntry[] {
  const entries: BudgetEntry[] = [];
  if (systemPrompt && systemPrompt.trim()) {
    entries.push({ message: { role: 'system', content: systemPrompt } });
  }
  if (summary && summary.trim()) {
    entries.push({ message: summaryMessage(summary) });
  }
  const newestUser = [...history].reverse().find((message) => message.role === 'user');
  if (newestUser?.instructions?.text) {
    entries.push({ message: { role: 'system', content: newestUser.instructions.text } });
  }
  for (const message of history) {
    if (message.role === 'user') {
      entries.push({ message: { role: 'user', content: userWireContent(message) }, source: message.id });
    } else if (message.status !== 'streaming' && message.content.length > 0) {
      entries.push({ message: { role: 'assistant', content: message.content }, source: message.id });
    }
  }
  return entries;
}
