import * as vscode from 'vscode';
import { ConfigurationError } from '../client/clientProvider';
import { readSettings, setActiveModel, setActiveProfile } from '../config/settings';
import type { ModelCatalog } from '../models/modelCatalog';
import { buildModelPicks, buildProfileModelPicks, type ModelPick } from '../models/modelPicks';
import { trustedModelId, type ModelArgumentTrust } from './trustedArgument';
import { describeFailure } from '../models/modelsTreeProvider';

const ACTION_COMMANDS = { setApiKey: 'modelAccess.setApiKey', setBaseUrl: 'modelAccess.setBaseUrl' } as const;

/** Shows why the list could not be loaded, with the button that fixes it. */
async function reportListFailure(error: unknown): Promise<void> {
  if (error instanceof ConfigurationError) {
    const title = error.action === 'setApiKey' ? vscode.l10n.t('Set API Key') : vscode.l10n.t('Set Base URL');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Model Access: {0}', error.message), title);
    if (choice) {
      await vscode.commands.executeCommand(ACTION_COMMANDS[error.action]);
    }
    return;
  }
  const failure = describeFailure(error);
  void vscode.window.showErrorMessage(vscode.l10n.t('Model Access: could not list models: {0}', failure.message));
}

/** Use for Chat on a row of the Models tree (or an id from the tests): anything else is ignored. */
export async function useModelCommand(argument: unknown, trust: ModelArgumentTrust): Promise<string | undefined> {
  const id = trustedModelId(argument, trust);
  if (!id) {
    return undefined;
  }
  // A row under a profile root switches to that profile too (only our own rows carry one).
  if (trust.isOwnModelRow(argument) && argument.profile !== undefined) {
    await setActiveProfile(argument.profile, id);
  } else {
    await setActiveModel(id);
  }
  return id;
}

/**
 * Select Model: a quick pick that opens at once and fills in when the list arrives. `onItemsShown`
 * is told when the items are in the pick (the in-host tests drive the pick only then).
 */
export async function selectModelCommand(catalog: ModelCatalog, onItemsShown?: (count: number) => void): Promise<string | undefined> {
  const quickPick = vscode.window.createQuickPick<vscode.QuickPickItem & { id: string; profile?: string }>();
  quickPick.title = vscode.l10n.t('Model Access: Select Model');
  quickPick.placeholder = vscode.l10n.t('Model for chat');
  quickPick.matchOnDescription = true;
  quickPick.busy = true;
  quickPick.show();
  try {
    const chosen = new Promise<{ id: string; profile?: string } | undefined>((resolve) => {
      quickPick.onDidAccept(() => resolve(quickPick.selectedItems[0]));
      quickPick.onDidHide(() => resolve(undefined));
    });
    try {
      const picks = await loadPicks(catalog);
      quickPick.items = picks;
      quickPick.busy = false;
      onItemsShown?.(picks.length);
      if (picks.length === 0) {
        quickPick.placeholder = vscode.l10n.t('The service lists no models for this key.');
      }
    } catch (error) {
      quickPick.hide();
      await reportListFailure(error);
      return undefined;
    }
    const pick = await chosen;
    if (pick?.profile !== undefined) {
      await setActiveProfile(pick.profile, pick.id);
    } else if (pick) {
      await setActiveModel(pick.id);
    }
    return pick?.id;
  } finally {
    quickPick.dispose();
  }
}

/**
 * The active profile's models; with more than one profile, every profile's as `profile / model`
 * (a profile that cannot list is left out with a warning, unless none can: then its error is thrown).
 */
async function loadPicks(catalog: ModelCatalog): Promise<(ModelPick & { profile?: string })[]> {
  const settings = readSettings();
  if (settings.profiles.length < 2) {
    return buildModelPicks(await catalog.list(), settings.model);
  }
  const names = settings.profiles.map((profile) => profile.name);
  const results = await Promise.allSettled(names.map((name) => catalog.list(name)));
  const lists = names.flatMap((profile, i) => {
    const result = results[i];
    return result.status === 'fulfilled' ? [{ profile, models: result.value }] : [];
  });
  const failed = names.filter((_, i) => results[i].status === 'rejected');
  if (lists.length === 0) {
    throw (results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason;
  }
  if (failed.length > 0) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Model Access: could not list the models of {0} (see Test Connection).', failed.map((name) => `"${name}"`).join(', ')));
  }
  return buildProfileModelPicks(lists, { profile: settings.profile.name, model: settings.model });
}

/** Copy Model ID of a row of the Models tree (or an id from the tests); otherwise of the active model. */
export async function copyModelIdCommand(argument: unknown, trust: ModelArgumentTrust): Promise<void> {
  const id = trustedModelId(argument, trust) ?? readSettings().model;
  if (id) {
    await vscode.env.clipboard.writeText(id);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied model id {0}', id), 3000);
  }
}
