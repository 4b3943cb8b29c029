// The chat's context-window bookkeeping (no vscode): the budget of each request for the active
// model, and what context-length errors taught about models whose window is not known (kept until
// the window reloads, like the streaming fallback's memory).
import { contextLimitFromMessage } from '../../api';
import type { ContextMeterReading, Transcript, TranscriptMessage } from '../../shared/protocol';
import type { ChatSettings } from '../chat/chatTypes';
import { buildRequestEntries } from '../chat/conversation';
import { learnFromError, meterReading, planRequest, requestBudget, type LearnedWindow, type ModelWindow, type RequestPlan } from './contextWindow';
import { summaryRequest } from './summary';
import type { WireMessage } from '../../api';

/** The model's window as known now; `profile` is the endpoint profile's name (the active one when undefined). */
export type ModelWindowLookup = (model: string, profile: string | undefined) => ModelWindow;

const UNKNOWN: ModelWindow = { limits: {}, source: 'unknown' };

export class ContextWindowKeeper {
  private readonly learned = new Map<string, LearnedWindow>();

  constructor(private readonly lookup: ModelWindowLookup | undefined) {}

  /** The messages of the next request for `history` (the transcript up to the message to answer). */
  plan(transcript: Transcript, history: readonly TranscriptMessage[], settings: ChatSettings): RequestPlan {
    return planRequest(buildRequestEntries(history, settings.systemPrompt, transcript.summary), this.budget(settings).budget);
  }

  /** After a context-length error for the request of `history`: the next one leaves out more (see learnFromError). */
  learn(transcript: Transcript, history: readonly TranscriptMessage[], settings: ChatSettings, errorMessage: string | undefined): LearnedWindow | undefined {
    const key = this.key(settings);
    if (key === undefined) return undefined;
    const failed = this.plan(transcript, history, settings).estimatedTokens;
    const learned = learnFromError(this.learned.get(key), failed, errorMessage === undefined ? undefined : contextLimitFromMessage(errorMessage), settings.maxOutputTokens);
    this.learned.set(key, learned);
    return learned;
  }

  summaryRequest(transcript: Transcript, history: readonly TranscriptMessage[], settings: ChatSettings): { messages: WireMessage[]; omitted: number } {
    return summaryRequest(buildRequestEntries(history, undefined, transcript.summary), this.budget(settings).budget);
  }

  reading(transcript: Transcript, settings: ChatSettings): ContextMeterReading {
    const { window, learned, budget } = this.budget(settings);
    return meterReading(transcript.messages, buildRequestEntries(transcript.messages, settings.systemPrompt, transcript.summary), window, learned, budget);
  }

  private key(settings: ChatSettings): string | undefined {
    return settings.model === undefined ? undefined : `${settings.profile?.name ?? ''}\n${settings.model}`;
  }

  private budget(settings: ChatSettings): { window: ModelWindow; learned?: LearnedWindow; budget?: number } {
    const key = this.key(settings);
    if (key === undefined || settings.model === undefined) return { window: UNKNOWN };
    const window = this.lookup?.(settings.model, settings.profile?.name) ?? UNKNOWN;
    const learned = this.learned.get(key);
    const budget = requestBudget(window, learned, settings.maxOutputTokens);
    return { window, ...(learned ? { learned } : {}), ...(budget !== undefined ? { budget } : {}) };
  }
}
