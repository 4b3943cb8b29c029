// Pure (no vscode): the items of the Select Model quick pick.
import * as l10n from '@vscode/l10n';
import type { ListedModel } from './modelNodes';

export interface ModelPick {
  label: string;
  description?: string;
  id: string;
  active: boolean;
}

/** One item per listed model, labelled by its id; the active one marked and put first so Enter keeps it. */
export function buildModelPicks(models: readonly ListedModel[], activeModelId: string | undefined): ModelPick[] {
  const seen = new Set<string>();
  const picks: ModelPick[] = [];
  for (const model of models) {
    if (seen.has(model.id)) {
      continue;
    }
    seen.add(model.id);
    const active = model.id === activeModelId;
    picks.push({ label: active ? `$(check) ${model.id}` : model.id, description: active ? l10n.t('active') : undefined, id: model.id, active });
  }
  return picks.sort((a, b) => Number(b.active) - Number(a.active));
}

export interface ProfileModelPick extends ModelPick {
  profile: string;
}

/**
 * With more than one endpoint profile: one item per profile and model, labelled `profile / model`
 * (the profiles in their order; the active pair first). A profile whose list failed gets one
 * item-less mention in `failed` instead, so the others still show.
 */
export function buildProfileModelPicks(
  lists: readonly { profile: string; models: readonly ListedModel[] }[],
  active: { profile: string; model: string | undefined },
): ProfileModelPick[] {
  const picks: ProfileModelPick[] = [];
  for (const { profile, models } of lists) {
    for (const pick of buildModelPicks(models, undefined)) {
      const isActive = profile === active.profile && pick.id === active.model;
      const label = `${profile} / ${pick.id}`;
      picks.push({ ...pick, profile, label: isActive ? `$(check) ${label}` : label, description: isActive ? l10n.t('active') : undefined, active: isActive });
    }
  }
  return picks.sort((a, b) => Number(b.active) - Number(a.active));
}
