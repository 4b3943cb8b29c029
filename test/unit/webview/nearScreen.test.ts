import * as assert from 'node:assert/strict';
import { ALWAYS_NEAR, NEAR_MARGIN, ObservedNearScreen } from '../../../src/webview/nearScreen';
import { createWindow } from './domFixture';

const window = createWindow();

/** An IntersectionObserver the test drives: it records what is observed, and reports what the test says. */
class TestObserver {
  static made: TestObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback, readonly options: IntersectionObserverInit) {
    TestObserver.made.push(this);
  }
  observe(element: Element): void {
    this.observed.add(element);
  }
  unobserve(element: Element): void {
    this.observed.delete(element);
  }
  report(element: Element, isIntersecting: boolean): void {
    this.callback([{ target: element, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('webview/nearScreen: when an element comes near the screen', () => {
  beforeEach(() => {
    TestObserver.made = [];
  });

  it('watches through one observer of the scroller, a view\'s height above and below, made on first use', () => {
    const scroller = window.document.createElement('main');
    let rootAsked = 0;
    const near = new ObservedNearScreen(() => {
      rootAsked++;
      return scroller;
    }, TestObserver as unknown as typeof IntersectionObserver);
    assert.equal(TestObserver.made.length, 0, 'nothing made before a watch');
    const first = window.document.createElement('code');
    const second = window.document.createElement('code');
    near.watch(first, () => undefined);
    near.watch(second, () => undefined);
    assert.equal(TestObserver.made.length, 1);
    assert.equal(rootAsked, 1);
    const [observer] = TestObserver.made;
    assert.equal(observer.options.root, scroller);
    assert.equal(observer.options.rootMargin, NEAR_MARGIN);
    assert.equal(NEAR_MARGIN, '100% 0px');
    assert.deepEqual([...observer.observed], [first, second]);
  });

  it('says when the element comes near and when it leaves, until it is forgotten', () => {
    const near = new ObservedNearScreen(() => window.document.body, TestObserver as unknown as typeof IntersectionObserver);
    const code = window.document.createElement('code');
    const other = window.document.createElement('code');
    const calls: string[] = [];
    near.watch(code, (isNear) => calls.push(`code ${isNear}`));
    near.watch(other, (isNear) => calls.push(`other ${isNear}`));
    const [observer] = TestObserver.made;
    // (An observer reports every target once when it starts observing: far, here.)
    observer.report(code, false);
    observer.report(code, true);
    observer.report(code, false);
    assert.deepEqual(calls, ['code false', 'code true', 'code false']);
    near.forget(code);
    assert.deepEqual([...observer.observed], [other]);
    observer.report(code, true);
    assert.deepEqual(calls, ['code false', 'code true', 'code false'], 'forgotten');
    observer.report(other, true);
    assert.deepEqual(calls.at(-1), 'other true');
  });

  it('without an observer (no scroller of its own), everything is near at once', () => {
    const calls: boolean[] = [];
    ALWAYS_NEAR.watch(window.document.createElement('code'), (isNear) => calls.push(isNear));
    assert.deepEqual(calls, [true]);
  });
});
