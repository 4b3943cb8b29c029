// Pure (no vscode): the items of the Select Model quick pick.
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
    picks.push({ label: active ? `$(check) ${model.id}` : model.id, description: active ? 'active' : undefined, id: model.id, active });
  }
  return picks.sort((a, b) => Number(b.active) - Number(a.active));
}
