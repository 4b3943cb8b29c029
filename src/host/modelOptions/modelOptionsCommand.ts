import * as vscode from 'vscode';
import { readSettings } from '../config/settings';
import { trustedModelId, type ModelArgumentTrust } from '../commands/trustedArgument';
import { formatModelParameters } from '../../shared/modelParameters';
import { localizedWebviewStrings } from '../l10n/webviewStrings';
import { parameterLabel, parseParameterInput, parametersFor, PARAMETERS, REASONING_EFFORTS, withParameter, type ParameterName } from './modelOptions';
import type { ModelParameters } from '../../shared/modelParameters';

/** The questions Model Options… asks; the in-host tests answer them without a UI. */
export interface ModelOptionsUi {
  pickParameter(model: string, current: ModelParameters): Thenable<ParameterName | undefined>;
  inputNumber(name: 'temperature' | 'topP', current: number | undefined): Thenable<string | undefined>;
  /** '' clears the value. */
  pickEffort(current: string | undefined): Thenable<string | undefined>;
}

const notSet = (): string => vscode.l10n.t('(not set: the service decides)');

export const vscodeModelOptionsUi: ModelOptionsUi = {
  pickParameter: async (model, current) => {
    const items = (Object.keys(PARAMETERS) as ParameterName[]).map((name) => ({
      label: parameterLabel(name),
      description: current[name] === undefined ? notSet() : String(current[name]),
      name,
    }));
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Model Access: Model Options for {0}', model),
      placeHolder: vscode.l10n.t('Sent with every request to {0}; only what is set is sent', model),
    });
    return picked?.name;
  },
  inputNumber: (name, current) => vscode.window.showInputBox({
    title: vscode.l10n.t('Model Access: {0}', parameterLabel(name)),
    prompt: vscode.l10n.t('From {0} to {1}; leave empty to send none.', PARAMETERS[name].min ?? '', PARAMETERS[name].max ?? ''),
    value: current === undefined ? '' : String(current),
    validateInput: (text) => {
      const parsed = parseParameterInput(name, text);
      return 'error' in parsed ? parsed.error : undefined;
    },
  }),
  pickEffort: async (current) => {
    const items = [{ label: notSet(), value: '' }, ...REASONING_EFFORTS.map((effort) => ({ label: effort, value: effort, description: effort === current ? vscode.l10n.t('current') : undefined }))];
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Model Access: {0}', parameterLabel('reasoningEffort')) });
    return picked?.value;
  },
};

/**
 * Model Options…: sets one parameter of a model in the modelAccess.modelOptions user setting. The
 * argument (a row of our Models tree, or an id from the tests) only chooses the model, else the
 * active one; every value comes from the user's answers. Returns the model's parameters after the
 * change, or undefined when cancelled.
 */
export async function modelOptionsCommand(argument: unknown, trust: ModelArgumentTrust, ui: ModelOptionsUi = vscodeModelOptionsUi): Promise<ModelParameters | undefined> {
  const model = trustedModelId(argument, trust) ?? readSettings().model;
  if (!model) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Model Access: select a model first (Models view or "Model Access: Select Model").'));
    return undefined;
  }
  const current = parametersFor(readSettings().modelOptions, model) ?? {};
  const name = await ui.pickParameter(model, current);
  if (!name) return undefined;
  let value: number | string | undefined;
  if (name === 'reasoningEffort') {
    const effort = await ui.pickEffort(current.reasoningEffort);
    if (effort === undefined) return undefined;
    value = effort === '' ? undefined : effort;
  } else {
    const text = await ui.inputNumber(name, current[name]);
    if (text === undefined) return undefined;
    const parsed = parseParameterInput(name, text);
    if ('error' in parsed) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Model Access: {0}', parsed.error));
      return undefined;
    }
    value = parsed.value;
  }
  const config = vscode.workspace.getConfiguration('modelAccess');
  await config.update('modelOptions', withParameter(config.inspect('modelOptions')?.globalValue, model, name, value), vscode.ConfigurationTarget.Global);
  const updated = parametersFor(readSettings().modelOptions, model) ?? {};
  vscode.window.setStatusBarMessage(vscode.l10n.t('Model Access: {0}: {1}', model, formatModelParameters(updated, localizedWebviewStrings()) ?? vscode.l10n.t('no parameters set')), 5000);
  return updated;
}
