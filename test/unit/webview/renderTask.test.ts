import * as assert from 'node:assert/strict';
import { RENDER_WAIT_MS, requestRenderTask, type RenderTaskWindow, type TaskScheduler } from '../../../src/webview/renderTask';

interface FakeWindow extends RenderTaskWindow {
  /** Runs the frame's callbacks, as the browser does at the start of a frame. */
  frame(): void;
  /** Runs the background tasks posted so far: the main thread has nothing else to do. */
  idle(): void;
  /** Moves the clock on, running the timeouts that are due. */
  advance(ms: number): void;
  /** Timeouts set and not yet run or cleared. */
  readonly timeouts: number;
  log: string[];
}

function fakeWindow(withScheduler: boolean): FakeWindow {
  let now = 0;
  let frames: (() => void)[] = [];
  let background: (() => void)[] = [];
  const timers = new Map<number, { due: number; callback: () => void }>();
  let nextTimer = 1;
  const log: string[] = [];
  const scheduler: TaskScheduler = {
    postTask: (callback, options) => {
      log.push(`postTask ${options.priority}`);
      return new Promise((resolve, reject) => background.push(() => {
        try {
          resolve(callback());
        } catch (error) {
          reject(error);
        }
      }));
    },
  };
  return {
    log,
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback, ms) => {
      log.push(`setTimeout ${ms}`);
      timers.set(nextTimer, { due: now + ms, callback });
      return nextTimer++;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
    ...(withScheduler ? { scheduler } : {}),
    frame: () => {
      const due = frames;
      frames = [];
      due.forEach((callback) => callback());
    },
    idle: () => {
      const due = background;
      background = [];
      due.forEach((task) => task());
    },
    advance: (ms) => {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.due <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
    get timeouts() {
      return timers.size;
    },
  };
}

describe('webview/renderTask', () => {
  it('renders after the frame\'s callback, in a task at background priority, where the browser has a scheduler', () => {
    const window = fakeWindow(true);
    let rendered = 0;
    requestRenderTask(window)(() => rendered++);
    assert.deepEqual(window.log, [], 'nothing is posted before the frame');
    window.frame();
    assert.equal(rendered, 0, 'not in the frame\'s callback');
    assert.deepEqual(window.log, [`setTimeout ${RENDER_WAIT_MS}`, 'postTask background'], 'behind the page\'s messages, with a timeout in case they never stop');
    window.idle();
    assert.equal(rendered, 1);
    assert.equal(window.timeouts, 0, 'the timeout is cleared once the rendering ran');
    window.advance(RENDER_WAIT_MS);
    assert.equal(rendered, 1, 'and it runs once');
  });

  it('renders at the page\'s normal priority after RENDER_WAIT_MS when the thread is never free, and only once', () => {
    const window = fakeWindow(true);
    let rendered = 0;
    requestRenderTask(window)(() => rendered++);
    window.frame();
    window.advance(RENDER_WAIT_MS - 1);
    assert.equal(rendered, 0);
    window.advance(1);
    assert.equal(rendered, 1, 'the timeout rendered');
    window.idle();
    assert.equal(rendered, 1, 'the background task, when it runs at last, does nothing');
  });

  it('falls back to a timeout after the frame without a scheduler', () => {
    const window = fakeWindow(false);
    let rendered = 0;
    requestRenderTask(window)(() => rendered++);
    window.frame();
    assert.equal(rendered, 0);
    assert.deepEqual(window.log, ['setTimeout 0']);
    window.advance(0);
    assert.equal(rendered, 1);
  });

  it('reports a rendering that throws instead of leaving its promise rejected unhandled', async () => {
    const window = fakeWindow(true);
    const reported: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => reported.push(args);
    try {
      requestRenderTask(window)(() => {
        throw new Error('broken');
      });
      window.frame();
      window.idle();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      console.error = original;
    }
    assert.equal(reported.length, 1);
    assert.match(String((reported[0] as unknown[])[1]), /broken/);
  });
});
