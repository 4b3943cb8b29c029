// Model Options… in the real extension host: the command writes the user setting, and the
// extension's settings reader hands the parameters to the chat.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readSettings } from '../../src/host/config/settings';
import type { ModelOptionsUi } from '../../src/host/modelOptions/modelOptionsCommand';
import { modelAccessConfig, waitFor } from './hooks';

function answers(parameter: 'temperature' | 'topP' | 'reasoningEffort', value: string): ModelOptionsUi {
  return {
    pickParameter: () => Promise.resolve(parameter),
    inputNumber: () => Promise.resolve(value),
    pickEffort: () => Promise.resolve(value),
  };
}

describe('Model Options… (in the real extension host)', () => {
  let before: unknown;
  beforeEach(() => { before = modelAccessConfig().inspect('modelOptions')?.globalValue; });
  afterEach(async () => {
    await modelAccessConfig().update('modelOptions', before, vscode.ConfigurationTarget.Global);
  });

  it('sets and clears parameters of the given model in the user settings, keeping the others', async () => {
    await modelAccessConfig().update('modelOptions', { 'slow-1': { topP: 0.5 } }, vscode.ConfigurationTarget.Global);
    const node = 'echo-1';
    assert.deepEqual(await vscode.commands.executeCommand('modelAccess.modelOptions', node, answers('temperature', '0.4')), { temperature: 0.4 });
    assert.deepEqual(await vscode.commands.executeCommand('modelAccess.modelOptions', node, answers('reasoningEffort', 'high')), { temperature: 0.4, reasoningEffort: 'high' });
    await waitFor('the setting to read back', () => readSettings().modelOptions['echo-1']?.reasoningEffort === 'high');
    assert.deepEqual(modelAccessConfig().inspect('modelOptions')?.globalValue, { 'slow-1': { topP: 0.5 }, 'echo-1': { temperature: 0.4, reasoningEffort: 'high' } });

    assert.deepEqual(await vscode.commands.executeCommand('modelAccess.modelOptions', node, answers('temperature', '')), { reasoningEffort: 'high' });
    assert.equal(await vscode.commands.executeCommand('modelAccess.modelOptions', node, answers('topP', '7')), undefined, 'out of range: nothing written');
    assert.deepEqual(modelAccessConfig().inspect('modelOptions')?.globalValue, { 'slow-1': { topP: 0.5 }, 'echo-1': { reasoningEffort: 'high' } });
  });

  it('the Models tree offers Model Options… on every model', () => {
    const extension = vscode.extensions.getExtension('model-access.model-access');
    const menus = (extension?.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } }).contributes.menus['view/item/context'];
    assert.ok(menus.some((item) => item.command === 'modelAccess.modelOptions' && item.when === 'view == modelAccess.models && viewItem =~ /^model/'));
  });
});
