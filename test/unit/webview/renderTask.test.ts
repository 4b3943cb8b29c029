import * as assert from 'node:assert/strict';
import { requestRenderTask, type RenderTaskWindow, type TaskScheduler } from '../../../src/webview/renderTask';

interface FakeWindow extends RenderTaskWindow {
  /** Runs the frame's callbacks, as the browser does at the start of a frame. */
  frame(): void;
  /** Runs what was posted, in the order the browser would. */
  tasks(): void;
  log: string[];
}

function fakeWindow(withScheduler: boolean): FakeWindow {
  let frames: (() => void)[] = [];
  let posted: { priority: string; callback: () => void }[] = [];
  const log: string[] = [];
  const scheduler: TaskScheduler = {
    postTask: (callback, options) => {
      log.push(`postTask ${options.priority}`);
      return new Promise((resolve, reject) => posted.push({
        priority: options.priority,
        callback: () => {
          try {
            resolve(callback());
          } catch (error) {
            reject(error);
          }
        },
      }));
    },
  };
  return {
    log,
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback, ms) => {
      log.push(`setTimeout ${ms}`);
      posted.push({ priority: 'timer', callback });
    },
    ...(withScheduler ? { scheduler } : {}),
    frame: () => {
      const now = frames;
      frames = [];
      now.forEach((callback) => callback());
    },
    tasks: () => {
      const now = posted;
      posted = [];
      now.forEach((task) => task.callback());
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
    assert.deepEqual(window.log, ['postTask background'], 'behind the page\'s messages, never in a timer of their priority');
    window.tasks();
    assert.equal(rendered, 1);
  });

  it('falls back to a timeout after the frame without one', () => {
    const window = fakeWindow(false);
    let rendered = 0;
    requestRenderTask(window)(() => rendered++);
    window.frame();
    assert.equal(rendered, 0);
    assert.deepEqual(window.log, ['setTimeout 0']);
    window.tasks();
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
      window.tasks();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      console.error = original;
    }
    assert.equal(reported.length, 1);
    assert.match(String((reported[0] as unknown[])[1]), /broken/);
  });
});
