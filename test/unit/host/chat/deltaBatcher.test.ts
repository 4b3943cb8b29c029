import * as assert from 'node:assert/strict';
import { DELTA_INTERVAL_MS, DeltaBatcher } from '../../../../src/host/chat/deltaBatcher';
import type { DeltaMessage } from '../../../../src/shared/protocol';
import { FakeTimers } from './fakeTimers';

describe('DeltaBatcher', () => {
  let timers: FakeTimers;
  let emitted: DeltaMessage[];
  let batcher: DeltaBatcher;

  beforeEach(() => {
    timers = new FakeTimers();
    emitted = [];
    batcher = new DeltaBatcher((delta) => emitted.push(delta), timers, 25);
  });

  it('emits nothing until the interval has passed', () => {
    batcher.addContent('a', 'Hel');
    batcher.addContent('a', 'lo');
    timers.advance(24);
    assert.deepEqual(emitted, []);
    timers.advance(1);
    assert.deepEqual(emitted, [{ type: 'delta', messageId: 'a', content: 'Hello' }]);
  });

  it('sends one message per interval however many tokens arrive', () => {
    for (let i = 0; i < 1000; i++) {
      batcher.addContent('a', 'x');
      timers.advance(1);
    }
    timers.advance(25);
    // 1000 ms of tokens at one per ms, batched per 25 ms: about 40 messages, not 1000.
    assert.ok(emitted.length >= 39 && emitted.length <= 41, `got ${emitted.length} messages`);
    assert.equal(emitted.map((delta) => delta.content).join(''), 'x'.repeat(1000));
  });

  it('sends the page at most 20 deltas a second by default, as VS Code\'s own chat renders a streaming answer', () => {
    // Each delta is a frame of the page's (and in code-server of the whole workbench's): 40 a second cost
    // a paced answer's renderer a fifth more CPU (deltaBatcher.ts).
    const byDefault = new DeltaBatcher((delta) => emitted.push(delta), timers);
    for (let i = 0; i < 1000; i++) {
      byDefault.addContent('a', 'x');
      timers.advance(1);
    }
    timers.advance(DELTA_INTERVAL_MS);
    assert.ok(emitted.length >= 19 && emitted.length <= 21, `got ${emitted.length} messages for a second of tokens`);
    assert.equal(emitted.map((delta) => delta.content).join(''), 'x'.repeat(1000));
  });

  it('keeps content and reasoning apart in the same delta', () => {
    batcher.addReasoning('a', 'think ');
    batcher.addContent('a', 'answer');
    batcher.addReasoning('a', 'more');
    timers.advance(25);
    assert.deepEqual(emitted, [{ type: 'delta', messageId: 'a', content: 'answer', reasoning: 'think more' }]);
  });

  it('flush() emits at once and cancels the timer', () => {
    batcher.addContent('a', 'tail');
    batcher.flush();
    assert.deepEqual(emitted, [{ type: 'delta', messageId: 'a', content: 'tail' }]);
    assert.equal(timers.pendingTimers, 0);
    timers.advance(100);
    assert.equal(emitted.length, 1);
  });

  it('is overdue once text has waited the interval and its timer could not run, until a flush', () => {
    assert.equal(batcher.overdue(), false, 'nothing waiting');
    batcher.addContent('a', 'x');
    timers.pass(24);
    assert.equal(batcher.overdue(), false);
    timers.pass(1);
    batcher.addContent('a', 'y');
    assert.equal(batcher.overdue(), true, 'measured from the first text waiting, not the last');
    batcher.flush();
    assert.equal(batcher.overdue(), false);
    assert.deepEqual(emitted, [{ type: 'delta', messageId: 'a', content: 'xy' }]);
  });

  it('flush() with nothing pending emits nothing', () => {
    batcher.flush();
    assert.deepEqual(emitted, []);
  });

  it('ignores empty text (no empty delta, no timer)', () => {
    batcher.addContent('a', '');
    assert.equal(timers.pendingTimers, 0);
    timers.advance(100);
    assert.deepEqual(emitted, []);
  });

  it('keeps messages apart', () => {
    batcher.addContent('a', '1');
    batcher.addContent('b', '2');
    timers.advance(25);
    assert.deepEqual(emitted, [
      { type: 'delta', messageId: 'a', content: '1' },
      { type: 'delta', messageId: 'b', content: '2' },
    ]);
  });

  it('discard() drops pending text', () => {
    batcher.addContent('a', 'gone');
    batcher.discard();
    timers.advance(100);
    assert.deepEqual(emitted, []);
  });
});
