import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';

/** Text of the status bar item: the active model, or an invitation to pick one. */
export function statusBarText(model: string | undefined): string {
  return model ? `$(hubot) ${model}` : `$(hubot) ${vscode.l10n.t('Select model')}`;
}

/** The active model in the status bar; a click opens Select Model. */
export class ModelStatusBar extends Disposable {
  readonly item: vscode.StatusBarItem;

  constructor(model: string | undefined) {
    super();
    this.item = this.register(vscode.window.createStatusBarItem('modelAccess.model', vscode.StatusBarAlignment.Right, 100));
    this.item.name = vscode.l10n.t('Model Access: Active Model');
    this.item.command = 'modelAccess.selectModel';
    this.update(model);
    this.item.show();
  }

  update(model: string | undefined): void {
    this.item.text = statusBarText(model);
    this.item.tooltip = model ? vscode.l10n.t('Model Access: chatting with {0}. Click to change.', model) : vscode.l10n.t('Model Access: no model selected. Click to pick one.');
    this.item.accessibilityInformation = { label: model ? vscode.l10n.t('Model Access model {0}', model) : vscode.l10n.t('Model Access: select model') };
  }
}
