/**
 * What a model says for a request: reasoning tokens, answer tokens, and how the reply ends.
 * Pure: the wire formats (chat, responses; JSON or SSE) are written elsewhere from this plan.
 */
import type { ModelConfig } from './config';
import { SHOWCASE_MARKDOWN } from './showcase';
import { splitIntoTokens } from './tokens';
import { newId } from './ids';
import type { ModelCallRequest, ToolSpec } from './validation';

/** Indexable like an array, so filler text of a million tokens need not exist in memory at once. */
export interface TokenSource {
  readonly length: number;
  at(index: number): string | undefined;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls';

/** A function call the model makes instead of answering (chat only). */
export interface PlannedToolCall {
  id: string;
  name: string;
  /** JSON text. */
  arguments: string;
}

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
  /** Sent after the text, with finish reason `tool_calls`. */
  toolCall?: PlannedToolCall;
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
    case 'tools':
      return planToolsModel(request, budget, tokenIntervalMs);
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

/**
 * `tools`: a tool result gets an answer that uses it; offered tools get a call of the first one;
 * anything else the echo. Deterministic, so that tests can check each step of a round trip.
 */
function planToolsModel(request: ModelCallRequest, budget: number, tokenIntervalMs: number): Omit<OutputPlan, 'tokensPerSecond'> {
  if (request.lastToolResult !== undefined) {
    return fitToBudget([], splitIntoTokens(`The tool said: ${request.lastToolResult}`), budget, tokenIntervalMs, 'normal');
  }
  const tool = request.tools[0];
  if (tool === undefined) return fitToBudget([], splitIntoTokens(request.lastUserText), budget, tokenIntervalMs, 'normal');
  return {
    reasoning: [],
    text: [],
    finishReason: 'tool_calls',
    tokenIntervalMs,
    ending: 'normal',
    toolCall: { id: newId('call_'), name: tool.name, arguments: JSON.stringify(argumentsFor(tool, request.lastUserText)) },
  };
}

/** The user's text goes into the tool's first string parameter (none: no arguments). */
function argumentsFor(tool: ToolSpec, userText: string): Record<string, unknown> {
  const properties = tool.parameters?.properties;
  if (typeof properties !== 'object' || properties === null) return {};
  const first = Object.entries(properties as Record<string, unknown>)
    .find(([, schema]) => typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>).type === 'string');
  return first ? { [first[0]]: userText } : {};
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
