// What a wheel turn moved in the chat: the element at the middle of the conversation's view, marked in the page, and
// where it is once the scrolling has come to rest. For the tests that scroll up through content the browser skipped
// off screen until then (content-visibility), which must not move what is on screen as it is laid out.
import type { Locator } from 'playwright-core';

export interface MiddleReference {
  /** The marked element's top, in the page. */
  top: number;
  scrollTop: number;
  /** The message it is in (its `data-id`), and whether that is in a group of a reopened chat's older messages. */
  messageId: string | undefined;
  grouped: boolean;
}

/**
 * Once the scrolling of `conversation` (the `#conversation` element) has come to rest (two frames alike): the element at
 * the middle of its view when `mark` (kept in the page), else the one marked before.
 */
export function atMiddle(conversation: Locator, mark: boolean): Promise<MiddleReference> {
  return conversation.evaluate(async (element, mark) => {
    const frameDone = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    for (let last = -1; last !== element.scrollTop;) {
      last = element.scrollTop;
      await frameDone();
      await frameDone();
    }
    const kept = window as unknown as { scrollReference?: Element | null };
    if (mark) {
      const view = element.getBoundingClientRect();
      kept.scrollReference = document.elementFromPoint(view.left + view.width / 2, view.top + view.height / 2);
    }
    const reference = kept.scrollReference;
    if (!reference) throw new Error('nothing at the middle of the view');
    return {
      top: reference.getBoundingClientRect().top,
      scrollTop: element.scrollTop,
      messageId: reference.closest<HTMLElement>('.message')?.dataset.id,
      grouped: reference.closest('.message-group') !== null,
    };
  }, mark);
}
