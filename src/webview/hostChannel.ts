// The webview's two links to the extension host: messages out, and view state that
// survives the view being hidden (vscode.setState). Interfaces, so tests can fake them.
import type { WebviewToHost } from '../shared/protocol';

export interface HostChannel {
  post(message: WebviewToHost): void;
}

/** What the webview keeps across hide/show: only view state, never the transcript. */
export interface ViewState {
  draft: string;
}

export interface ViewStateStore {
  load(): ViewState;
  save(state: ViewState): void;
}

export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

export function hostChannelFor(api: VsCodeApi): HostChannel {
  return { post: (message) => api.postMessage(message) };
}

export function viewStateStoreFor(api: VsCodeApi): ViewStateStore {
  return {
    load(): ViewState {
      const state = api.getState();
      const draft = typeof state === 'object' && state !== null ? (state as Record<string, unknown>).draft : undefined;
      return { draft: typeof draft === 'string' ? draft : '' };
    },
    save: (state) => api.setState(state),
  };
}
