// Pure (no vscode): which messages of a request fit the model's context window. It works on the
// wire messages themselves, so whatever builds them (the chat's history, attachments inside a user
// message's content, project instructions as system messages) is budgeted the same way.
import type { WireMessage } from '../../api';
import { estimateMessageTokens, estimateTokens } from '../../shared/estimateTokens';

/** Room left for the answer when modelAccess.maxOutputTokens is not set (at most a quarter of the window). */
export const DEFAULT_ANSWER_RESERVE_TOKENS = 1024;

/**
 * One message of a request. Never left out: a `pinned` one, every system message (system prompt,
 * project instructions, a chat's starting summary) and the newest user message (with whatever is
 * inside its content, such as attached files). `source` says where it came from (a transcript id).
 */
export interface BudgetEntry<Source = string> {
  message: WireMessage;
  pinned?: boolean;
  source?: Source;
}

export interface FitResult<Source = string> {
  kept: BudgetEntry<Source>[];
  omitted: BudgetEntry<Source>[];
  /** Estimated tokens of the kept messages. */
  tokens: number;
  /** False when even the messages that are never left out exceed the budget (the request is sent anyway). */
  fits: boolean;
  /** Work counter: messages whose tokens were estimated (each exactly once per call). */
  estimated: number;
}

/** What the model's window allows for the request's messages. */
export interface WindowLimits {
  /** The whole window (input and output together). */
  contextTokens?: number;
  /** An input limit given apart from the window. */
  inputTokens?: number;
}

/** Tokens kept free for the answer: the user's max_tokens when set, else the default reserve. */
export function answerReserve(contextTokens: number, maxOutputTokens: number | undefined): number {
  return maxOutputTokens ?? Math.min(DEFAULT_ANSWER_RESERVE_TOKENS, Math.floor(contextTokens / 4));
}

/** The tokens the request's messages may use; undefined when the window is unknown (nothing is left out then). */
export function inputBudget(limits: WindowLimits, maxOutputTokens: number | undefined): number | undefined {
  const fromWindow = limits.contextTokens === undefined ? undefined : Math.max(0, limits.contextTokens - answerReserve(limits.contextTokens, maxOutputTokens));
  if (limits.inputTokens === undefined) return fromWindow;
  return fromWindow === undefined ? limits.inputTokens : Math.min(limits.inputTokens, fromWindow);
}

/** A message's estimated tokens, tool calls included. */
export function entryTokens(message: WireMessage): number {
  const calls = message.toolCalls?.reduce((sum, call) => sum + estimateTokens(call.name) + estimateTokens(call.arguments), 0) ?? 0;
  return estimateMessageTokens(message) + calls;
}

/**
 * Leaves out the oldest turns until the request fits `budget` tokens (undefined: everything is
 * sent). A turn is a user message and what follows it up to the next user message, so what is sent
 * never starts with an orphaned answer or tool result; turns go whole, except for their pinned
 * messages, which stay. The turn of the newest user message is never touched.
 */
export function fitToBudget<Source>(entries: readonly BudgetEntry<Source>[], budget: number | undefined): FitResult<Source> {
  const tokens = entries.map((entry) => entryTokens(entry.message));
  let total = tokens.reduce((sum, count) => sum + count, 0);
  const result = (keep: boolean[]): FitResult<Source> => ({
    kept: entries.filter((_, i) => keep[i]),
    omitted: entries.filter((_, i) => !keep[i]),
    tokens: total,
    fits: budget === undefined || total <= budget,
    estimated: tokens.length,
  });
  const keep = entries.map(() => true);
  if (budget === undefined || total <= budget) return result(keep);

  const lastUser = entries.map((entry) => entry.message.role).lastIndexOf('user');
  const pinned = (i: number): boolean => entries[i].pinned === true || entries[i].message.role === 'system' || i === lastUser;
  // Turn starts, oldest first; messages before the first user message are each a turn of their own.
  const end = lastUser < 0 ? entries.length : lastUser;
  let start = 0;
  while (start < end && total > budget) {
    let next = start + 1;
    if (entries[start].message.role === 'user') {
      while (next < end && entries[next].message.role !== 'user') next++;
    }
    for (let i = start; i < next; i++) {
      if (!pinned(i)) {
        keep[i] = false;
        total -= tokens[i];
      }
    }
    start = next;
  }
  return result(keep);
}
