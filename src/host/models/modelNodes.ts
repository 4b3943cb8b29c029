// Pure (no vscode): what the Models tree shows, built from the records /models returned.
// The tree provider only maps these descriptors onto vscode.TreeItem.
import * as l10n from '@vscode/l10n';
import { CLIENT_ERROR_CODES, ROUTE_ERROR_CODES } from '../../api';
import { escapeMarkdown } from './markdownEscape';

/** A listed model as the client returns it: the id it found, and the record exactly as the server sent it. */
export interface ListedModel {
  id: string;
  raw: unknown;
}

export type ModelsErrorAction = 'setApiKey' | 'setBaseUrl' | 'retry';

export interface ModelNode {
  kind: 'model';
  id: string;
  label: string;
  description?: string;
  active: boolean;
  contextValue: 'model' | 'model.active';
  /** Markdown listing the record's fields as the server returned them. */
  tooltip: string;
  /** The endpoint profile listing it (set under a profile root, when there are several profiles). */
  profile?: string;
}

/** A root of the tree when there are several endpoint profiles: that profile's models are its children. */
export interface ProfileNode {
  kind: 'profile';
  name: string;
  label: string;
  description?: string;
  active: boolean;
}

export interface ErrorNode {
  kind: 'error';
  label: string;
  description?: string;
  tooltip: string;
}

export interface ActionNode {
  kind: 'action';
  label: string;
  action: ModelsErrorAction;
}

export interface InfoNode {
  kind: 'info';
  label: string;
}

export type ModelsTreeNode = ModelNode | ErrorNode | ActionNode | InfoNode | ProfileNode;

/** The profile roots, in the settings' order; the active one says so. */
export function buildProfileNodes(profiles: readonly { name: string; baseUrl?: string }[], activeProfile: string): ProfileNode[] {
  return profiles.map((profile) => ({
    kind: 'profile',
    name: profile.name,
    label: profile.name,
    description: [profile.name === activeProfile ? l10n.t('active') : undefined, profile.baseUrl ?? l10n.t('no base URL')].filter(Boolean).join(' · '),
    active: profile.name === activeProfile,
  }));
}

const MAX_TOOLTIP_VALUE_LENGTH = 500;

function describeValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') {
    text = value;
  } else if (value === undefined) {
    text = 'undefined';
  } else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > MAX_TOOLTIP_VALUE_LENGTH ? `${text.slice(0, MAX_TOOLTIP_VALUE_LENGTH)}…` : text;
}

/** One line per field, in the server's order and with the server's names; nothing is assumed about which fields exist. */
export function modelTooltip(model: ListedModel): string {
  const raw = model.raw;
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const entries = Object.entries(raw as Record<string, unknown>);
    if (entries.length === 0) {
      return `**${escapeMarkdown(model.id)}**\n\n_${l10n.t('The server sent no fields for this model.')}_`;
    }
    return entries.map(([key, value]) => `**${escapeMarkdown(key)}**: ${escapeMarkdown(describeValue(value))}`).join('  \n');
  }
  return escapeMarkdown(describeValue(raw));
}

/** Model nodes sorted as the server listed them; duplicates (same id) shown once. */
export function buildModelNodes(models: readonly ListedModel[], activeModelId: string | undefined, profile?: string): ModelsTreeNode[] {
  if (models.length === 0) {
    return [{ kind: 'info', label: l10n.t('The service lists no models for this key.') }];
  }
  const seen = new Set<string>();
  const nodes: ModelsTreeNode[] = [];
  for (const model of models) {
    if (seen.has(model.id)) {
      continue;
    }
    seen.add(model.id);
    const active = model.id === activeModelId;
    nodes.push({
      kind: 'model',
      id: model.id,
      label: model.id,
      description: active ? l10n.t('active') : undefined,
      active,
      contextValue: active ? 'model.active' : 'model',
      tooltip: modelTooltip(model),
      ...(profile !== undefined ? { profile } : {}),
    });
  }
  return nodes;
}

/** Why listing failed, reduced to what the tree shows. */
export interface ModelsFailure {
  message: string;
  /** HTTP status of the reply; undefined when there was none. */
  status?: number;
  type?: string;
  code?: string;
  /** True when the request got no HTTP reply at all (refused, DNS, TLS, timeout). */
  network: boolean;
}

/** A function, not a table: the display language's bundle is loaded at activation, after module load. */
function actionLabel(action: ModelsErrorAction): string {
  switch (action) {
    case 'setApiKey': return l10n.t('Set API Key…');
    case 'setBaseUrl': return l10n.t('Check Base URL…');
    case 'retry': return l10n.t('Retry');
  }
}

export function actionForModelsFailure(failure: ModelsFailure): ModelsErrorAction {
  if (failure.status === 401 || failure.status === 403 || failure.code === CLIENT_ERROR_CODES.invalidApiKey) {
    return 'setApiKey';
  }
  if (failure.code === CLIENT_ERROR_CODES.invalidBaseUrl) {
    return 'setBaseUrl';
  }
  if (failure.code !== undefined && ROUTE_ERROR_CODES.includes(failure.code)) {
    // The proxy or a certificate: the message names the setting to change.
    return 'retry';
  }
  // No reply at all, or no such path: the base URL is the likely culprit.
  if (failure.network || failure.status === 404) {
    return 'setBaseUrl';
  }
  return 'retry';
}

/** A failure as tree rows: the cause, then the action that fixes it, and Retry when that action is something else. */
export function buildErrorNodes(failure: ModelsFailure): ModelsTreeNode[] {
  const message = failure.message.trim() || l10n.t('Unknown error');
  const details = [
    failure.status !== undefined ? `HTTP ${failure.status}` : failure.network ? l10n.t('no reply from the server') : undefined,
    failure.type || undefined,
    failure.code || undefined,
  ].filter((part): part is string => !!part);
  const action = actionForModelsFailure(failure);
  const nodes: ModelsTreeNode[] = [
    {
      kind: 'error',
      label: l10n.t('Could not list models: {0}', message),
      description: details.join(' · ') || undefined,
      tooltip: details.length > 0 ? `${message}\n\n${details.join(' · ')}` : message,
    },
    { kind: 'action', label: actionLabel(action), action },
  ];
  if (action !== 'retry') {
    nodes.push({ kind: 'action', label: actionLabel('retry'), action: 'retry' });
  }
  return nodes;
}
