import * as vscode from 'vscode';
import { ApiError } from '../../api';
import { ConfigurationError } from '../client/clientProvider';
import { readSettings } from '../config/settings';
import { Disposable } from '../util/disposable';
import type { ModelCatalog } from './modelCatalog';
import {
  buildErrorNodes, buildModelNodes, buildProfileNodes, type ModelNode, type ModelsErrorAction, type ModelsFailure, type ModelsTreeNode, type ProfileNode,
} from './modelNodes';

export const MODELS_VIEW_ID = 'modelAccess.models';

const ACTION_COMMANDS: Record<ModelsErrorAction, string> = {
  setApiKey: 'modelAccess.setApiKey',
  setBaseUrl: 'modelAccess.setBaseUrl',
  retry: 'modelAccess.refreshModels',
};

export function describeFailure(error: unknown): ModelsFailure {
  if (error instanceof ApiError) {
    return { message: error.message, status: error.status, type: error.type, code: error.code, network: error.status === undefined };
  }
  return { message: error instanceof Error ? error.message : String(error), network: false };
}

/** The Models view. VS Code asks for children only while the view is visible, so nothing is fetched before that. */
export class ModelsTreeProvider extends Disposable implements vscode.TreeDataProvider<ModelsTreeNode> {
  private readonly changed = this.register(new vscode.EventEmitter<ModelsTreeNode | undefined | void>());
  /** Every model row this tree handed to VS Code: the only objects Use for Chat / Copy Model ID accept as rows. */
  private readonly ownRows = new WeakSet<object>();
  /** Likewise the profile roots: Set API Key, Test Connection and Refresh act on such a row's profile. */
  private readonly ownProfileRows = new WeakSet<object>();
  readonly onDidChangeTreeData: vscode.Event<ModelsTreeNode | undefined | void> = this.changed.event;

  constructor(
    private readonly catalog: ModelCatalog,
    private readonly activeModel: () => string | undefined = () => readSettings().model,
    private readonly profiles: () => { names: { name: string; baseUrl?: string }[]; active: string } = () => {
      const settings = readSettings();
      return { names: settings.profiles, active: settings.profile.name };
    },
  ) {
    super();
    this.register(catalog.onDidChange(() => this.changed.fire()));
  }

  /** Re-renders the rows (e.g. the active model changed) without fetching again. */
  rerender(): void {
    this.changed.fire();
  }

  /** Fetches the list again (every profile's, or the named one's) and re-renders. */
  refresh(profile?: string): void {
    this.catalog.invalidate(profile);
  }

  /** True only for a profile root this tree created (identity, as for model rows). */
  isOwnProfileRow(value: unknown): value is ProfileNode {
    return typeof value === 'object' && value !== null && this.ownProfileRows.has(value);
  }

  /** True only for a model row object this tree created (identity, not shape: a copy is not a row). */
  isOwnModelRow(value: unknown): value is ModelNode {
    return typeof value === 'object' && value !== null && this.ownRows.has(value);
  }

  getTreeItem(node: ModelsTreeNode): vscode.TreeItem {
    return toTreeItem(node);
  }

  /**
   * With one endpoint profile: its models at the root (as before profiles existed). With several:
   * one root per profile, its models below it.
   */
  async getChildren(parent?: ModelsTreeNode): Promise<ModelsTreeNode[]> {
    if (parent?.kind === 'profile') {
      return this.loadNodes(parent.name);
    }
    if (parent) {
      return [];
    }
    const { names, active } = this.profiles();
    if (names.length < 2) {
      return this.loadNodes();
    }
    const roots = buildProfileNodes(names, active);
    for (const root of roots) this.ownProfileRows.add(root);
    return roots;
  }

  /** The rows, loading under the view's progress bar when the list is not cached. */
  async loadNodes(profile?: string): Promise<ModelsTreeNode[]> {
    try {
      const cached = profile === undefined ? this.catalog.cached : this.catalog.cachedFor(profile);
      const models = cached ?? await vscode.window.withProgress(
        { location: { viewId: MODELS_VIEW_ID } },
        () => this.catalog.list(profile),
      );
      const { active } = this.profiles();
      // Under a profile root, the active mark belongs to the active profile's row only.
      const activeModel = profile === undefined || profile === active ? this.activeModel() : undefined;
      const nodes = buildModelNodes(models, activeModel, profile);
      for (const node of nodes) {
        if (node.kind === 'model') {
          this.ownRows.add(node);
        }
      }
      return nodes;
    } catch (error) {
      if (error instanceof ConfigurationError) {
        // At the root: empty, so that the view's welcome content (Set Base URL / Set API Key) shows.
        // Under a profile root the welcome cannot show: say what is missing there.
        return profile === undefined ? [] : [
          { kind: 'info', label: error.message },
          { kind: 'action', label: error.action === 'setApiKey' ? vscode.l10n.t('Set API Key') : vscode.l10n.t('Set Base URL'), action: error.action },
        ];
      }
      return buildErrorNodes(describeFailure(error));
    }
  }
}

export function toTreeItem(node: ModelsTreeNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
  switch (node.kind) {
    case 'model': {
      item.id = node.profile === undefined ? `model:${node.id}` : `model:${node.profile}/${node.id}`;
      item.description = node.description;
      item.contextValue = node.contextValue;
      item.iconPath = new vscode.ThemeIcon(node.active ? 'check' : 'hubot');
      const tooltip = new vscode.MarkdownString(node.tooltip);
      tooltip.isTrusted = false;
      tooltip.supportHtml = false;
      item.tooltip = tooltip;
      item.accessibilityInformation = { label: node.active ? vscode.l10n.t('{0}, active model', node.id) : node.id };
      // The row object itself: Use for Chat recognizes its own rows by identity (see trustedModelId).
      item.command = { command: 'modelAccess.useModel', title: vscode.l10n.t('Use for Chat'), arguments: [node] };
      break;
    }
    case 'error':
      item.description = node.description;
      item.tooltip = node.tooltip;
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
      item.contextValue = 'error';
      break;
    case 'action':
      item.iconPath = new vscode.ThemeIcon(node.action === 'setApiKey' ? 'key' : node.action === 'setBaseUrl' ? 'globe' : 'refresh');
      item.command = { command: ACTION_COMMANDS[node.action], title: node.label };
      item.contextValue = 'action';
      break;
    case 'info':
      item.iconPath = new vscode.ThemeIcon('info');
      item.contextValue = 'info';
      break;
    case 'profile':
      item.id = `profile:${node.name}`;
      item.collapsibleState = node.active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
      item.description = node.description;
      item.iconPath = new vscode.ThemeIcon(node.active ? 'pass-filled' : 'server');
      item.contextValue = node.active ? 'profile.active' : 'profile';
      item.accessibilityInformation = { label: node.active ? vscode.l10n.t('Endpoint profile {0}, active', node.name) : vscode.l10n.t('Endpoint profile {0}', node.name) };
      break;
  }
  return item;
}
