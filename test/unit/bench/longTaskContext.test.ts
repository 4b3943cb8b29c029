import * as assert from 'node:assert/strict';
import { longTasksByContext } from '../../bench/longTaskContext';

describe('bench: long tasks by whose script ran (Long Tasks API attribution)', () => {
  it('counts the tasks over 50 ms of the page itself, of the workbench (an ancestor frame) and the rest, with the longest of each', () => {
    assert.deepEqual(longTasksByContext([
      { duration: 72, name: 'self' },
      { duration: 126, name: 'self' },
      { duration: 50, name: 'self' },
      { duration: 53, name: 'same-origin-ancestor' },
      { duration: 81, name: 'cross-origin-ancestor' },
      { duration: 30, name: 'same-origin-ancestor' },
      { duration: 60, name: 'multiple-contexts' },
      { duration: 55, name: 'unknown' },
    ]), { own: 2, ownLongestMs: 126, workbench: 2, workbenchLongestMs: 81, other: 2 });
  });

  it('is all zeros without a long task', () => {
    assert.deepEqual(longTasksByContext([{ duration: 49.9, name: 'self' }]), { own: 0, ownLongestMs: 0, workbench: 0, workbenchLongestMs: 0, other: 0 });
  });
});
