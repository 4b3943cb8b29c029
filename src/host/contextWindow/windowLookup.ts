// The context window of a model from the cached /models list and the user's setting (no vscode:
// the catalog is passed structurally). The chat asks synchronously, so a list not loaded yet is
// fetched in the background once and the meter updated when it arrives; until then the window
// is unknown (nothing is left out, and a context-length error offers the recovery actions).
import type { ContextWindows } from './contextWindowSetting';
import { modelWindow, type ModelWindow } from './contextWindow';

export interface ListedModelsSource {
  cachedFor(profile: string): readonly { id: string; raw: unknown }[] | undefined;
  list(profile: string): Promise<unknown>;
}

export interface WindowLookup {
  lookup(model: string, profile: string | undefined): ModelWindow;
  /** The model lists were dropped (refresh, key or endpoint change): the next lookup may fetch again. */
  reset(): void;
}

export function windowLookup(models: ListedModelsSource, activeProfile: () => string, contextWindows: () => ContextWindows,
  onLoaded: () => void): WindowLookup {
  let requested = new Set<string>();
  return {
    lookup(model, profile) {
      const name = profile ?? activeProfile();
      const listed = models.cachedFor(name);
      if (listed === undefined && !requested.has(name)) {
        requested.add(name);
        // A failure is the Models view's and the chat's to report; here it only means "unknown".
        models.list(name).then(onLoaded, () => undefined);
      }
      return modelWindow(model, listed?.find((entry) => entry.id === model)?.raw, contextWindows());
    },
    reset() {
      requested = new Set();
    },
  };
}
