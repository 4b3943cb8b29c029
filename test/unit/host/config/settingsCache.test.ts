import * as assert from 'node:assert/strict';
import { ChangeCache, deepFreeze } from '../../../../src/host/config/settingsCache';

describe('ChangeCache (the kept settings)', () => {
  function counted(): { cache: ChangeCache<{ n: number; list: string[] }>; reads: () => number } {
    let reads = 0;
    const cache = new ChangeCache(() => ({ n: ++reads, list: ['a'] }));
    return { cache, reads: () => reads };
  }

  it('reads every time while no one watches for changes', () => {
    const { cache, reads } = counted();
    cache.get();
    cache.get();
    assert.equal(reads(), 2);
  });

  it('reads once while watched, and again after each change', () => {
    const { cache, reads } = counted();
    const unwatch = cache.watch();
    assert.equal(cache.get(), cache.get());
    assert.equal(reads(), 1);
    cache.invalidate();
    assert.equal(cache.get().n, 2);
    assert.equal(reads(), 2);
    unwatch();
    cache.get();
    cache.get();
    assert.equal(reads(), 4, 'no longer watched: nothing is kept');
  });

  it('keeps reading anew after the last of two watchers stopped, and an unwatch called twice counts once', () => {
    const { cache, reads } = counted();
    const first = cache.watch();
    const second = cache.watch();
    first();
    first();
    cache.get();
    cache.get();
    assert.equal(reads(), 1, 'the second still watches');
    second();
    cache.get();
    assert.equal(reads(), 2);
  });

  it('hands out a frozen value, nested objects too: one caller cannot change what the others read', () => {
    const { cache } = counted();
    cache.watch();
    const value = cache.get();
    assert.throws(() => { value.n = 5; }, TypeError);
    assert.throws(() => value.list.push('b'), TypeError);
    assert.deepEqual(cache.get(), { n: 1, list: ['a'] });
  });
});

describe('deepFreeze', () => {
  it('freezes every level and leaves primitives alone', () => {
    const value = deepFreeze({ a: { b: [{ c: 1 }] }, d: 'x' });
    assert.ok(Object.isFrozen(value.a.b[0]));
    assert.equal(deepFreeze(3), 3);
    assert.equal(deepFreeze(undefined), undefined);
  });
});
