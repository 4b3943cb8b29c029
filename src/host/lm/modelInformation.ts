// What VS Code's model picker learns about each listed model. Pure (no vscode import), so it runs in
// plain Node tests. Limits and abilities come only from the model's /models record or from the
// user's settings; nothing is assumed about a model by its name.
import * as l10n from '@vscode/l10n';
import { readModelLimits, readToolCalling } from '../../api';
import { isRecord } from '../../util/isRecord';
import type { LanguageModelChatInformation } from './providerApi';
import { contextWindowFor, type ContextWindows } from '../contextWindow/contextWindowSetting';

/**
 * Used when the record gives no limits. Conservative on purpose: VS Code trims what it sends to fit
 * maxInputTokens, so a too-small value costs context, while a too-large one gets requests refused.
 */
export const DEFAULT_MAX_INPUT_TOKENS = 8192;
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

export interface ListedModelRecord {
  id: string;
  raw: unknown;
}

export interface ModelInformationSettings {
  /** `chat` or `responses`: tools are sent only with chat completions. */
  api: 'chat' | 'responses';
  /** Models the user enabled tool calling for, whatever their record says. */
  toolCallingModels: readonly string[];
  /** modelAccess.contextWindow: the window the user states for a model, over its record's. */
  contextWindows?: ContextWindows;
}

/** The model's limits: the window the user stated, else from the record when it gives them, else the defaults above. */
export function modelTokenLimits(record: unknown, statedWindow?: number): { maxInputTokens: number; maxOutputTokens: number } {
  const limits = readModelLimits(record);
  if (statedWindow !== undefined) {
    limits.contextTokens = statedWindow;
    delete limits.inputTokens;
  }
  const maxOutputTokens = limits.outputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  let maxInputTokens = limits.inputTokens;
  if (maxInputTokens === undefined && limits.contextTokens !== undefined) {
    // A context window holds the answer too; keep room for it when that leaves any input at all.
    maxInputTokens = limits.contextTokens > maxOutputTokens ? limits.contextTokens - maxOutputTokens : limits.contextTokens;
  }
  return { maxInputTokens: maxInputTokens ?? DEFAULT_MAX_INPUT_TOKENS, maxOutputTokens };
}

function stringField(record: unknown, field: string): string | undefined {
  if (!isRecord(record)) return undefined;
  const value = record[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function toolCallingAllowed(model: ListedModelRecord, settings: ModelInformationSettings): boolean {
  if (settings.api !== 'chat') return false;
  return settings.toolCallingModels.includes(model.id) || readToolCalling(model.raw) === true;
}

export function modelInformation(model: ListedModelRecord, settings: ModelInformationSettings): LanguageModelChatInformation {
  const { maxInputTokens, maxOutputTokens } = modelTokenLimits(model.raw, contextWindowFor(settings.contextWindows, model.id));
  const owner = stringField(model.raw, 'owned_by');
  return {
    id: model.id,
    // A display name when the server gives one (OpenRouter, LM Studio do), else the id.
    name: stringField(model.raw, 'name') ?? stringField(model.raw, 'display_name') ?? model.id,
    family: stringField(model.raw, 'family') ?? model.id,
    version: stringField(model.raw, 'version') ?? model.id,
    tooltip: owner ? l10n.t('{0} from the Model Access API ({1})', model.id, owner) : l10n.t('{0} from the Model Access API', model.id),
    detail: 'Model Access',
    maxInputTokens,
    maxOutputTokens,
    capabilities: { toolCalling: toolCallingAllowed(model, settings) },
  };
}
