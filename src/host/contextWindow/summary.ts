// Pure (no vscode): "New chat with a summary". The model writes the summary in a request of its
// own; the user sees it (and may edit it) before a new chat starts from it, where it is sent as a
// system message ahead of the new conversation.
import type { WireMessage } from '../../api';
import { fitToBudget, type BudgetEntry } from './budget';

/** How the summary is put before a chat that starts from it. */
export const SUMMARY_PREFIX = 'Summary of an earlier conversation, which this chat continues:\n\n';

export function summaryMessage(summary: string): WireMessage {
  return { role: 'system', content: `${SUMMARY_PREFIX}${summary.trim()}` };
}

export const SUMMARY_INSTRUCTION =
  'Summarize the conversation below so that it can go on in a new chat: the goal, what was decided, the facts, '
  + 'names, code and files that matter, and what is still open. Write only the summary, in the language of the conversation.';

const ROLE_LABELS: Record<string, string> = { user: 'User', assistant: 'Assistant', system: 'Context' };

/**
 * The summary request: one user message holding the instruction and the conversation as text (a
 * model asked this way summarizes instead of going on with the conversation). When the whole
 * conversation does not fit `budget`, its oldest turns are left out of the summary request too.
 */
export function summaryRequest(conversation: readonly BudgetEntry[], budget: number | undefined): { messages: WireMessage[]; omitted: number } {
  // Budgeted as the messages they become; a placeholder last user message stands for the instruction.
  const placeholder: BudgetEntry = { message: { role: 'user', content: SUMMARY_INSTRUCTION }, pinned: true };
  const fit = fitToBudget([...conversation, placeholder], budget);
  const lines = fit.kept
    .filter((entry) => entry !== placeholder)
    .map((entry) => `${ROLE_LABELS[entry.message.role] ?? entry.message.role}: ${entry.message.content}`);
  return {
    messages: [{ role: 'user', content: `${SUMMARY_INSTRUCTION}\n\n---\n\n${lines.join('\n\n')}` }],
    omitted: fit.omitted.length,
  };
}
