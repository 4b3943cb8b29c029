// Chat webview entry point: wires the app to the real webview API. The host posts nothing
// before `ready`, then replays the full state, so a reloaded view loses nothing.
import { isHostToWebview } from '../shared/protocol';
import { ChatApp } from './app';
import { hostChannelFor, viewStateStoreFor, type VsCodeApi } from './hostChannel';
import { requestRenderTask, type RenderTaskWindow } from './renderTask';
import { useStrings } from './strings';

declare function acquireVsCodeApi(): VsCodeApi;

function start(): void {
  const root = document.getElementById('root');
  if (!root) {
    throw new Error('Model Access: #root is missing from the webview HTML');
  }
  // The words first: every part of the app reads them as it is built. Unreadable: English.
  try {
    useStrings(JSON.parse(root.dataset.strings ?? '{}'));
  } catch (error) {
    console.error('Model Access: the page carries no readable strings table', error);
  }
  const api = acquireVsCodeApi();
  // (Chromium has it: see renderTask.ts.)
  const { scheduler } = window as RenderTaskWindow;
  const host = hostChannelFor(api);
  const app = new ChatApp({
    root,
    window,
    host,
    viewState: viewStateStoreFor(api),
    requestFrame: requestRenderTask(window),
    // (Chromium has it; the page's bundle test in jsdom does not, and runs without the warm-up.) The
    // timeout: see warmUp.ts, STEP_ROOM_MS.
    ...('requestIdleCallback' in window ? { requestIdle: (callback) => window.requestIdleCallback((deadline) => callback(deadline), { timeout: 2_000 }) } : {}),
    ...(scheduler ? { requestTask: (callback) => void scheduler.postTask(callback, { priority: 'background' }).catch((error: unknown) => console.error('Model Access: warming up failed', error)) } : {}),
    clock: {
      now: () => Date.now(),
      setInterval: (callback, ms) => window.setInterval(callback, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
    },
  });
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isHostToWebview(event.data)) {
      return;
    }
    try {
      app.handle(event.data);
    } catch (error) {
      console.error('Model Access: failed to apply a host message', error);
    }
  });
  // When the view is revealed or clicked into, typing should go to the prompt. Not on load: the
  // page loads while the user may be elsewhere (a command palette just opened), and taking the
  // focus then would close what they were typing into.
  window.addEventListener('focus', () => app.focusPromptIfIdle());
  host.post({ type: 'ready' });
}

start();
