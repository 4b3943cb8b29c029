// Pure (no vscode): per-model request parameters from the modelAccess.modelOptions user setting,
// and what to tell the user when a server refuses one of them.
import * as l10n from '@vscode/l10n';
import type { ErrorInfo } from '../../shared/protocol';
import { PARAMETER_RANGES, parseModelParameters, type ModelParameters } from '../../shared/modelParameters';

export const MODEL_OPTIONS_SETTING = 'modelAccess.modelOptions';
/** Offered in Model Options…; other words typed into settings.json are sent as written (servers differ). */
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;

export type ParameterName = keyof ModelParameters;

/** Each parameter: its key in the setting, its names on the wire, its range. */
export const PARAMETERS: Record<ParameterName, { wire: string[]; min?: number; max?: number }> = {
  temperature: { wire: ['temperature'], ...PARAMETER_RANGES.temperature },
  topP: { wire: ['top_p'], ...PARAMETER_RANGES.topP },
  reasoningEffort: { wire: ['reasoning_effort', 'reasoning'] },
};

/** The parameter's name for people, in the display language (a function: the bundle is loaded at activation). */
export function parameterLabel(name: ParameterName): string {
  switch (name) {
    case 'temperature': return l10n.t('Temperature');
    case 'topP': return l10n.t('Top P');
    case 'reasoningEffort': return l10n.t('Reasoning effort');
  }
}

export type ModelOptions = Readonly<Record<string, ModelParameters>>;

/** The setting's value as trusted options: a value out of range or of the wrong type is dropped (not sent). */
export function parseModelOptions(value: unknown): ModelOptions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const options: Record<string, ModelParameters> = {};
  for (const [model, parameters] of Object.entries(value as Record<string, unknown>)) {
    const parsed = parseModelParameters(parameters);
    if (Object.keys(parsed).length > 0) options[model] = parsed;
  }
  return options;
}

/** The parameters to send with `model`, or undefined when none is set. */
export function parametersFor(options: ModelOptions | undefined, model: string): ModelParameters | undefined {
  const parameters = options && Object.prototype.hasOwnProperty.call(options, model) ? options[model] : undefined;
  return parameters && Object.keys(parameters).length > 0 ? { ...parameters } : undefined;
}

/** The setting's new value with one parameter of one model set (or removed, with undefined); other values kept as they were. */
export function withParameter(current: unknown, model: string, name: ParameterName, value: number | string | undefined): Record<string, unknown> {
  const all = typeof current === 'object' && current !== null && !Array.isArray(current) ? { ...(current as Record<string, unknown>) } : {};
  const existing = all[model];
  const entry = typeof existing === 'object' && existing !== null && !Array.isArray(existing) ? { ...(existing as Record<string, unknown>) } : {};
  if (value === undefined) delete entry[name];
  else entry[name] = value;
  if (Object.keys(entry).length > 0) all[model] = entry;
  else delete all[model];
  return all;
}

/**
 * A 400 that names a parameter this request sent: the error gains a sentence saying which setting
 * to remove. The spec does not list these parameters, so a server may refuse any of them.
 */
export function explainParameterRejection(info: ErrorInfo, model: string, sent: ModelParameters | undefined): ErrorInfo {
  if (info.status !== 400 || sent === undefined) return info;
  for (const name of Object.keys(sent) as ParameterName[]) {
    const { wire } = PARAMETERS[name];
    if (wire.some((field) => new RegExp(`\\b${field}\\b`).test(info.message))) {
      return {
        ...info,
        message: `${info.message} ${l10n.t('The model {0} does not accept {1} ("{2}") as set: remove "{3}" for "{0}" in the {4} setting (Model Options… in the Models view).', model, parameterLabel(name).toLowerCase(), wire[0], name, MODEL_OPTIONS_SETTING)}`,
      };
    }
  }
  return info;
}

/** A number typed into the input box: undefined clears the value, a string says what is wrong. */
export function parseParameterInput(name: 'temperature' | 'topP', text: string): { value: number | undefined } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: undefined };
  const { min, max } = PARAMETERS[name];
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < min! || value > max!) return { error: l10n.t('{0} must be a number from {1} to {2} (empty: not sent).', parameterLabel(name), min!, max!) };
  return { value };
}
