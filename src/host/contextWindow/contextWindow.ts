// Pure (no vscode): a model's context window (from the user's setting, its /models record, or what
// a context-length error taught), the plan of the next request within it, and the meter's reading.
import { readModelLimits, type WireMessage } from '../../api';
import type { ContextCut, ContextMeterReading, TranscriptMessage } from '../../shared/protocol';
import { entryTokens, fitToBudget, inputBudget, type BudgetEntry, type WindowLimits } from './budget';
import { contextWindowFor, type ContextWindows } from './contextWindowSetting';

export interface ModelWindow {
  limits: WindowLimits;
  source: 'server' | 'setting' | 'unknown';
}

/** The user's setting wins (it exists for servers that do not say, or say wrong); then the record; else unknown. */
export function modelWindow(model: string, record: unknown, windows: ContextWindows | undefined): ModelWindow {
  const stated = contextWindowFor(windows, model);
  if (stated !== undefined) return { limits: { contextTokens: stated }, source: 'setting' };
  const { contextTokens, inputTokens } = readModelLimits(record);
  if (contextTokens === undefined && inputTokens === undefined) return { limits: {}, source: 'unknown' };
  return { limits: { ...(contextTokens !== undefined ? { contextTokens } : {}), ...(inputTokens !== undefined ? { inputTokens } : {}) }, source: 'server' };
}

/** What "Drop earlier messages and retry" learned from a context-length error, per model, until the window reloads. */
export interface LearnedWindow {
  /** The most tokens the request's messages may use from now on. */
  capTokens: number;
  /** The window the error stated, when it did. */
  limitTokens?: number;
}

/**
 * After a context-length error on a request estimated at `failedTokens`: the next one must be
 * smaller. With a limit stated in the error, the budget that limit leaves (and at least one token
 * less than what failed, as the estimate may undercount); without one, a quarter less than what
 * failed. Never larger than an earlier cap, so every retry leaves out more.
 */
export function learnFromError(previous: LearnedWindow | undefined, failedTokens: number, statedLimit: number | undefined, maxOutputTokens: number | undefined): LearnedWindow {
  const fromError = statedLimit !== undefined
    ? Math.min(inputBudget({ contextTokens: statedLimit }, maxOutputTokens) ?? statedLimit, failedTokens - 1)
    : Math.floor((failedTokens * 3) / 4);
  const capTokens = Math.max(0, Math.min(previous?.capTokens ?? Infinity, fromError));
  const limitTokens = statedLimit ?? previous?.limitTokens;
  return limitTokens !== undefined ? { capTokens, limitTokens } : { capTokens };
}

export interface RequestPlan {
  messages: WireMessage[];
  /** Set when earlier messages are left out. */
  cut?: ContextCut;
  /** Estimated tokens of the messages sent. */
  estimatedTokens: number;
  /** The budget applied; undefined when the window is unknown. */
  budget?: number;
  /** Work counter: messages estimated. */
  estimated: number;
}

/** The budget for the request's messages: the window's, lowered by what errors taught. */
export function requestBudget(window: ModelWindow, learned: LearnedWindow | undefined, maxOutputTokens: number | undefined): number | undefined {
  const budget = inputBudget(window.limits, maxOutputTokens);
  if (learned === undefined) return budget;
  return budget === undefined ? learned.capTokens : Math.min(budget, learned.capTokens);
}

/** The messages to send within `budget`, and the marker's data when earlier ones are left out. */
export function planRequest(entries: readonly BudgetEntry[], budget: number | undefined): RequestPlan {
  const fit = fitToBudget(entries, budget);
  const plan: RequestPlan = { messages: fit.kept.map((entry) => entry.message), estimatedTokens: fit.tokens, estimated: fit.estimated };
  if (budget !== undefined) plan.budget = budget;
  const omitted = fit.omitted.filter((entry) => entry.source !== undefined);
  if (omitted.length > 0) {
    // The marker goes before the first message sent after the last one left out.
    const lastOmitted = entries.indexOf(omitted[omitted.length - 1]);
    const resumeAt = entries.slice(lastOmitted + 1).find((entry) => entry.source !== undefined && fit.kept.includes(entry))?.source;
    if (resumeAt !== undefined) plan.cut = { omitted: omitted.length, resumeAt };
  }
  return plan;
}

/**
 * The meter: the usage the server reported for the last answer (its input and output: all of the
 * conversation it saw, plus the answer), plus an estimate of what came after it; when no answer
 * reported usage, an estimate of the whole next request.
 */
export function meterReading(history: readonly TranscriptMessage[], entries: readonly BudgetEntry[], window: ModelWindow,
  learned: LearnedWindow | undefined, budget: number | undefined): ContextMeterReading {
  const fit = fitToBudget(entries, budget);
  const reading: ContextMeterReading = { limitSource: window.source, estimatedTokens: fit.tokens, omitted: fit.omitted.filter((entry) => entry.source !== undefined).length };
  const limit = window.limits.contextTokens ?? window.limits.inputTokens;
  if (limit !== undefined) reading.limitTokens = limit;
  else if (learned?.limitTokens !== undefined) Object.assign(reading, { limitTokens: learned.limitTokens, limitSource: 'error' });

  let reportedAt = -1;
  for (let i = history.length - 1; i >= 0; i--) {
    const usage = history[i].role === 'assistant' ? history[i].usage : undefined;
    if (usage && (usage.totalTokens !== undefined || usage.inputTokens !== undefined || usage.outputTokens !== undefined)) {
      reading.reportedTokens = usage.inputTokens !== undefined || usage.outputTokens !== undefined
        ? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0)
        : usage.totalTokens;
      reportedAt = i;
      break;
    }
  }
  if (reportedAt >= 0) {
    const newer = new Set(history.slice(reportedAt + 1).map((message) => message.id));
    reading.estimatedTokens = fit.kept.filter((entry) => entry.source !== undefined && newer.has(entry.source))
      .reduce((sum, entry) => sum + entryTokens(entry.message), 0);
  }
  return reading;
}
