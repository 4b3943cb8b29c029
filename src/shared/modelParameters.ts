// Shared by the chat view's footer and the Markdown export, so both name the parameters of an answer alike.
import { formatString, WEBVIEW_STRINGS, type WebviewStrings } from './webviewStrings';

/** Sampling parameters sent with a request, per model, only those the user set. */
export interface ModelParameters {
  temperature?: number;
  topP?: number;
  reasoningEffort?: string;
}

/**
 * "temperature 0.2 · top_p 0.9 · reasoning effort high" (in the words of `strings`, the webview's table
 * in the display language; English by default), or undefined when none was sent.
 */
export function formatModelParameters(parameters: ModelParameters | undefined, strings: WebviewStrings = WEBVIEW_STRINGS): string | undefined {
  if (parameters === undefined) return undefined;
  const parts: string[] = [];
  if (typeof parameters.temperature === 'number') parts.push(formatString(strings.parameterTemperature, parameters.temperature));
  if (typeof parameters.topP === 'number') parts.push(formatString(strings.parameterTopP, parameters.topP));
  if (typeof parameters.reasoningEffort === 'string') parts.push(formatString(strings.parameterReasoningEffort, parameters.reasoningEffort));
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The ranges OpenAI documents; a value outside them is never sent. */
export const PARAMETER_RANGES = { temperature: { min: 0, max: 2 }, topP: { min: 0, max: 1 } } as const;
/** A reasoning effort is one short word ("low", "high", …): servers differ in which they accept. */
const EFFORT_WORD = /^[a-z][a-z_-]{0,19}$/i;

function numberIn(value: unknown, range: { min: number; max: number }): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max ? value : undefined;
}

/** Parameters from untrusted data (settings.json, a stored chat): what is out of range or of the wrong type is dropped. */
export function parseModelParameters(value: unknown): ModelParameters {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  const parameters: ModelParameters = {};
  const temperature = numberIn(record.temperature, PARAMETER_RANGES.temperature);
  const topP = numberIn(record.topP, PARAMETER_RANGES.topP);
  if (temperature !== undefined) parameters.temperature = temperature;
  if (topP !== undefined) parameters.topP = topP;
  if (typeof record.reasoningEffort === 'string' && EFFORT_WORD.test(record.reasoningEffort.trim())) {
    parameters.reasoningEffort = record.reasoningEffort.trim();
  }
  return parameters;
}
