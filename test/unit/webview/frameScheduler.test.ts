import * as assert from 'node:assert/strict';
import { FrameScheduler } from '../../../src/webview/frameScheduler';

function fakeFrames(): { request: (callback: () => void) => void; run: () => number } {
  let pending: (() => void)[] = [];
  return {
    request: (callback) => pending.push(callback),
    run: () => {
      const frames = pending;
      pending = [];
      frames.forEach((frame) => frame());
      return frames.length;
    },
  };
}

describe('webview/frameScheduler', () => {
  it('runs a task scheduled 1000 times in one frame once', () => {
    const frames = fakeFrames();
    const scheduler = new FrameScheduler(frames.request);
    let runs = 0;
    const task = (): void => {
      runs++;
    };
    for (let i = 0; i < 1000; i++) scheduler.schedule(task);
    assert.equal(runs, 0, 'nothing runs before the frame');
    assert.equal(frames.run(), 1, 'one frame was requested');
    assert.equal(runs, 1);
    assert.equal(frames.run(), 0, 'and no further frame');
  });

  it('is pending from a task scheduled until its frame has run', () => {
    const frames = fakeFrames();
    const scheduler = new FrameScheduler(frames.request);
    assert.equal(scheduler.pending, false);
    scheduler.schedule(() => undefined);
    assert.equal(scheduler.pending, true);
    frames.run();
    assert.equal(scheduler.pending, false);
  });

  it('runs the before-frame callbacks, then every distinct task, then the after-frame callbacks', () => {
    const frames = fakeFrames();
    const scheduler = new FrameScheduler(frames.request);
    const order: string[] = [];
    scheduler.onBeforeFrame(() => order.push('before'));
    scheduler.onAfterFrame(() => order.push('after'));
    scheduler.schedule(() => order.push('a'));
    scheduler.schedule(() => order.push('b'));
    frames.run();
    assert.deepEqual(order, ['before', 'a', 'b', 'after']);
  });

  it('keeps rendering other tasks when one throws, and schedules again afterwards', () => {
    const frames = fakeFrames();
    const scheduler = new FrameScheduler(frames.request);
    let ran = false;
    const originalError = console.error;
    console.error = () => undefined;
    try {
      scheduler.schedule(() => {
        throw new Error('boom');
      });
      scheduler.schedule(() => {
        ran = true;
      });
      frames.run();
    } finally {
      console.error = originalError;
    }
    assert.equal(ran, true);
    scheduler.schedule(() => undefined);
    assert.equal(frames.run(), 1);
  });

  it('runs a task scheduled first before the others of its frame, once, even when it was scheduled plainly before', () => {
    const frames = fakeFrames();
    const scheduler = new FrameScheduler(frames.request);
    const order: string[] = [];
    const answer = (): number => order.push('answer');
    scheduler.schedule(() => order.push('older'));
    scheduler.schedule(answer);
    scheduler.schedule(answer, true);
    scheduler.schedule(answer);
    frames.run();
    assert.deepEqual(order, ['answer', 'older']);
  });
});
