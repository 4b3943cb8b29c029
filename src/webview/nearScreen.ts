// Tells whether an element is near the screen: within a view's height above or below what the scroller shows.
// Code shown plain while the page was behind the stream is highlighted only while it is near (markdownView.ts):
// a long answer's blocks that scrolled away while the page was behind cost nothing until the reader scrolls to them.
// (A message that did not stream, such as a long pasted prompt, renders only while the page is not behind: its code
// is highlighted as it renders, never shown plain.)

/** What a view asks: call `changed` whenever the element comes near the screen (true) or leaves it (false). */
export interface NearScreen {
  watch(element: Element, changed: (near: boolean) => void): void;
  /** No more calls for the element (it is gone, or needs watching no more). */
  forget(element: Element): void;
}

/** Every element is near at once, and stays (a view with no scroller of its own: tests, the warm-up's samples). */
export const ALWAYS_NEAR: NearScreen = {
  watch: (_element, changed) => changed(true),
  forget: () => undefined,
};

/**
 * One margin of a view's height above and below the scroller's box. (Content the browser skips off screen,
 * `content-visibility: auto`, is laid out when it comes within a margin of the screen of the browser's own; code
 * inside it counts as near once it has been laid out.)
 */
export const NEAR_MARGIN = '100% 0px';

type IntersectionObserverClass = new (callback: IntersectionObserverCallback, options: IntersectionObserverInit) => IntersectionObserver;

/** Near the screen of the element `root()` returns, by an IntersectionObserver made on first use. */
export class ObservedNearScreen implements NearScreen {
  private observer: IntersectionObserver | undefined;
  private readonly watched = new Map<Element, (near: boolean) => void>();

  constructor(
    private readonly root: () => Element,
    private readonly Observer: IntersectionObserverClass,
  ) {}

  watch(element: Element, changed: (near: boolean) => void): void {
    this.observer ??= new this.Observer((entries) => this.seen(entries), { root: this.root(), rootMargin: NEAR_MARGIN });
    this.watched.set(element, changed);
    this.observer.observe(element);
  }

  forget(element: Element): void {
    if (this.watched.delete(element)) this.observer?.unobserve(element);
  }

  private seen(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) this.watched.get(entry.target)?.(entry.isIntersecting);
  }
}
