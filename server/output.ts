/**
 * What a model says for a request: reasoning tokens, answer tokens, and how the reply ends.
 * Pure: the wire formats (chat, responses; JSON or SSE) are written elsewhere from this plan.
 */
import type { ModelConfig } from './config';
import { SHOWCASE_MARKDOWN } from './showcase';
import { splitIntoTokens } from './tokens';
import type { ModelCallRequest } from './validation';

/** Indexable like an array, so filler text of a million tokens need not exist in memory at once. */
export interface TokenSource {
  readonly length: number;
  at(index: number): string | undefined;
}

export type FinishReason = 'stop' | 'length';

/**
 * 'normal' ends with a finish reason and [DONE]; the others are the fault behaviours. 'keepalive'
 * never ends: after the text, only SSE comments follow until the client leaves.
 */
export type Ending = 'normal' | 'midstream-error' | 'drop' | 'no-done' | 'keepalive';

export interface OutputPlan {
  reasoning: readonly string[];
  text: TokenSource;
  finishReason: FinishReason;
  tokenIntervalMs: number;
  /** Average pace, tokens per second; 0 for none. */
  tokensPerSecond: number;
  ending: Ending;
}

/** Used by 'lorem' models that set no defaultMaxTokens. */
const LOREM_DEFAULT_TOKENS = 2000;

const LOREM_WORDS = ('lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore '
  + 'et dolore magna aliqua ut enim ad minim veniam quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea '
  + 'commodo consequat').split(' ');

export function planOutput(model: ModelConfig, request: ModelCallRequest): OutputPlan {
  return { ...planTokens(model, request), tokensPerSecond: model.tokensPerSecond ?? 0 };
}

function planTokens(model: ModelConfig, request: ModelCallRequest): Omit<OutputPlan, 'tokensPerSecond'> {
  const budget = request.maxTokens ?? model.defaultMaxTokens ?? Number.POSITIVE_INFINITY;
  const tokenIntervalMs = model.tokenIntervalMs ?? 0;
  switch (model.behavior) {
    case 'lorem': {
      const length = request.maxTokens ?? model.defaultMaxTokens ?? LOREM_DEFAULT_TOKENS;
      return {
        reasoning: [],
        text: loremTokens(length),
        finishReason: request.maxTokens !== undefined ? 'length' : 'stop',
        tokenIntervalMs,
        ending: 'normal',
      };
    }
    case 'showcase':
      return fitToBudget([], splitIntoTokens(SHOWCASE_MARKDOWN), budget, tokenIntervalMs, 'normal');
    case 'reasoning-echo':
      return fitToBudget(splitIntoTokens(reasoningAbout(request.lastUserText)), splitIntoTokens(request.lastUserText),
        budget, tokenIntervalMs, 'normal');
    case 'fault-midstream-error':
      return fitToBudget([], splitIntoTokens(request.lastUserText), budget, tokenIntervalMs, 'midstream-error');
    case 'fault-drop':
      return fitToBudget([], splitIntoTokens(request.lastUserText), budget, tokenIntervalMs, 'drop');
    case 'fault-no-done':
      return fitToBudget([], splitIntoTokens(request.lastUserText), budget, tokenIntervalMs, 'no-done');
    case 'fault-keepalive-only':
      return fitToBudget([], [], budget, tokenIntervalMs, 'keepalive');
    case 'fault-stall':
      return fitToBudget([], splitIntoTokens(request.lastUserText), budget, tokenIntervalMs, 'keepalive');
    case 'echo':
    case 'fault-500':
    case 'fault-503':
    case 'fault-502-html':
      return fitToBudget([], splitIntoTokens(request.lastUserText), budget, tokenIntervalMs, 'normal');
  }
}

/** Reasoning comes first and counts against the same output budget, as with real reasoning models. */
function fitToBudget(reasoning: string[], text: string[], budget: number, tokenIntervalMs: number,
  ending: Ending): Omit<OutputPlan, 'tokensPerSecond'> {
  const truncated = reasoning.length + text.length > budget;
  const reasoningKept = reasoning.slice(0, budget);
  return {
    reasoning: reasoningKept,
    text: text.slice(0, Math.max(0, budget - reasoningKept.length)),
    finishReason: truncated ? 'length' : 'stop',
    tokenIntervalMs,
    ending,
  };
}

function reasoningAbout(userText: string): string {
  const characters = Array.from(userText).length;
  return `The user wrote ${characters} characters; repeat them exactly.`;
}

function loremTokens(length: number): TokenSource {
  return {
    length,
    at(index: number): string | undefined {
      if (!Number.isInteger(index) || index < 0 || index >= length) return undefined;
      const word = LOREM_WORDS[index % LOREM_WORDS.length];
      return index === length - 1 ? `${word}.` : `${word} `;
    },
  };
}

/** The whole answer text of a plan (for non-streaming replies). */
export function joinTokens(source: TokenSource): string {
  let text = '';
  for (let i = 0; i < source.length; i++) text += source.at(i) ?? '';
  return text;
}
