import * as vscode from 'vscode';
import { ConfigurationError } from '../client/clientProvider';
import { readSettings, setActiveModel } from '../config/settings';
import type { ModelCatalog } from '../models/modelCatalog';
import { buildModelPicks } from '../models/modelPicks';
import { trustedModelId, type ModelArgumentTrust } from './trustedArgument';
import { describeFailure } from '../models/modelsTreeProvider';

const ACTION_COMMANDS = { setApiKey: 'modelAccess.setApiKey', setBaseUrl: 'modelAccess.setBaseUrl' } as const;

/** Shows why the list could not be loaded, with the button that fixes it. */
async function reportListFailure(error: unknown): Promise<void> {
  if (error instanceof ConfigurationError) {
    const title = error.action === 'setApiKey' ? 'Set API Key' : 'Set Base URL';
    const choice = await vscode.window.showWarningMessage(`Model Access: ${error.message}`, title);
    if (choice) {
      await vscode.commands.executeCommand(ACTION_COMMANDS[error.action]);
    }
    return;
  }
  const failure = describeFailure(error);
  void vscode.window.showErrorMessage(`Model Access: could not list models: ${failure.message}`);
}

/** Use for Chat on a row of the Models tree (or an id from the tests): anything else is ignored. */
export async function useModelCommand(argument: unknown, trust: ModelArgumentTrust): Promise<string | undefined> {
  const id = trustedModelId(argument, trust);
  if (!id) {
    return undefined;
  }
  await setActiveModel(id);
  return id;
}

/**
 * Select Model: a quick pick that opens at once and fills in when the list arrives. `onItemsShown`
 * is told when the items are in the pick (the in-host tests drive the pick only then).
 */
export async function selectModelCommand(catalog: ModelCatalog, onItemsShown?: (count: number) => void): Promise<string | undefined> {
  const quickPick = vscode.window.createQuickPick<vscode.QuickPickItem & { id: string }>();
  quickPick.title = 'Model Access: Select Model';
  quickPick.placeholder = 'Model for chat';
  quickPick.matchOnDescription = true;
  quickPick.busy = true;
  quickPick.show();
  try {
    const chosen = new Promise<string | undefined>((resolve) => {
      quickPick.onDidAccept(() => resolve(quickPick.selectedItems[0]?.id));
      quickPick.onDidHide(() => resolve(undefined));
    });
    try {
      const picks = buildModelPicks(await catalog.list(), readSettings().model);
      quickPick.items = picks;
      quickPick.busy = false;
      onItemsShown?.(picks.length);
      if (picks.length === 0) {
        quickPick.placeholder = 'The service lists no models for this key.';
      }
    } catch (error) {
      quickPick.hide();
      await reportListFailure(error);
      return undefined;
    }
    const id = await chosen;
    if (id) {
      await setActiveModel(id);
    }
    return id;
  } finally {
    quickPick.dispose();
  }
}

/** Copy Model ID of a row of the Models tree (or an id from the tests); otherwise of the active model. */
export async function copyModelIdCommand(argument: unknown, trust: ModelArgumentTrust): Promise<void> {
  const id = trustedModelId(argument, trust) ?? readSettings().model;
  if (id) {
    await vscode.env.clipboard.writeText(id);
    vscode.window.setStatusBarMessage(`Copied model id ${id}`, 3000);
  }
}
