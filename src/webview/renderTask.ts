// When the page's rendering runs: in a task of its own right after a frame, and after anything else the
// page's main thread has waiting.
import type { RequestFrame } from './frameScheduler';

/** The Prioritized Task Scheduling API (Chromium 94+), which TypeScript's DOM library does not declare. */
export interface TaskScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<unknown>;
}

export interface RenderTaskWindow {
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  readonly scheduler?: TaskScheduler;
}

/**
 * The longest a rendering task waits for the main thread to have nothing else to do: then it runs at the
 * page's normal priority, as a timeout. A browser runs a background task only when no task of a higher
 * priority is waiting, and in code-server the workbench shares that thread (a terminal flooded with
 * output keeps it busy), so without this the chat could stop rendering for as long as that lasts. In the
 * editor bench (full-speed mixed, table and code answers) a rendering task waited at most 66 ms; this
 * timeout did not fire in two runs of them and the paced list (a temporary log, not committed).
 */
export const RENDER_WAIT_MS = 100;

/**
 * Not in the frame's callback: there it made one task of the page's rendering budget and the browser's
 * style, layout and paint of what it added (in code-server, with the workbench's own frame work), and a
 * layout spike or a garbage collection on top made that a long task. Apart, each is shorter; what was
 * added is drawn in the next frame.
 *
 * At background priority where the browser has one: the host's messages reach the page through the
 * workbench and the webview's outer frame, a postMessage task on each (in code-server all on the main
 * thread the page renders on), and a rendering task queued at their priority made each of them wait for
 * it. In the editor, alternating with a timeout's task (12 runs each of the 100 KB mixed answer and the
 * 88 KB code block at full speed, 9 of the 60 KB list and the 30 KB table), medians from the server's
 * last token to the last delta reaching the page: mixed 98 ms against 248, code 69 against 234, list 59
 * against 132, table 55 against 130; to the whole answer shown: mixed 314 against 417, code 284 against
 * 375, list 192 against 230, table 213 against 181 (its last delta came sooner, but the page then took
 * 153 ms against 60 to show the rest; why, not traced). Without the API (jsdom, other browsers): a
 * timeout.
 */
export function requestRenderTask(window: RenderTaskWindow): RequestFrame {
  return (callback) => window.requestAnimationFrame(() => {
    const scheduler = window.scheduler;
    if (!scheduler) {
      window.setTimeout(callback, 0);
      return;
    }
    let ran = false;
    const run = (): void => {
      if (ran) return;
      ran = true;
      window.clearTimeout(timeout);
      callback();
    };
    const timeout = window.setTimeout(run, RENDER_WAIT_MS);
    scheduler.postTask(run, { priority: 'background' }).catch((error: unknown) => console.error('Model Access: rendering failed', error));
  });
}
