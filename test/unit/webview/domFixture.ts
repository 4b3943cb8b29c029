// A jsdom window for webview tests, and a sanitize-and-serialize helper built on it.
import { JSDOM, type DOMWindow } from 'jsdom';
import { createSanitizer } from '../../../src/webview/markdown/sanitizer';
import { LIST_CONTINUED_CLASS, LIST_SEGMENT_CLASS } from '../../../src/webview/markdown/segmentedList';
import { SEGMENT_HEAD_CLASS } from '../../../src/webview/markdown/segmentedTable';

export type TestWindow = DOMWindow & Window;

export function createWindow(html = '<!doctype html><html><body><div id="root"></div></body></html>'): TestWindow {
  return new JSDOM(html).window as TestWindow;
}

/** Sanitizes `html` in a jsdom window and returns a container holding the result. */
export function sanitizeToElement(html: string, window: Window = createWindow()): HTMLElement {
  const sanitize = createSanitizer(window);
  const container = window.document.createElement('div');
  container.append(sanitize(html));
  return container;
}

/**
 * The HTML of `elements` as a full render would have it: a code block that streamed in groups its
 * settled lines in block-level `.code-lines` spans (openCodeBlock.ts), which show as one flow; a table
 * that streamed in segments (segmentedTable.ts) is one table, with the first segment's header; a list, one list
 * (segmentedList.ts).
 */
export function renderedHtml(...elements: Element[]): string {
  return elements.map((element) => {
    const copy = element.cloneNode(true) as Element;
    for (const group of Array.from(copy.querySelectorAll('span.code-lines'))) {
      group.replaceWith(...Array.from(group.childNodes));
    }
    const segments = Array.from(copy.querySelectorAll<HTMLTableElement>('table.table-segment'));
    // A later segment: its header is the copy for screen readers (segmentedTable.ts).
    const later = (segment: Element | null): boolean =>
      segments.includes(segment as HTMLTableElement) && (segment as HTMLTableElement).tHead?.classList.contains(SEGMENT_HEAD_CLASS) === true;
    for (const first of segments.filter((segment) => !later(segment))) {
      for (let next = first.nextElementSibling; later(next); next = first.nextElementSibling) {
        first.tBodies[0].append(...Array.from((next as HTMLTableElement).tBodies[0]?.childNodes ?? []));
        next?.remove();
      }
      first.querySelector(':scope > colgroup')?.remove();
      first.removeAttribute('class');
      first.removeAttribute('style');
    }
    for (const first of Array.from(copy.querySelectorAll(`.${LIST_CONTINUED_CLASS}:not(.${LIST_SEGMENT_CLASS})`))) {
      for (let next = first.nextElementSibling; next?.classList.contains(LIST_SEGMENT_CLASS); next = first.nextElementSibling) {
        first.append(...Array.from(next.childNodes));
        next.remove();
      }
      first.classList.remove(LIST_CONTINUED_CLASS);
      if (first.classList.length === 0) first.removeAttribute('class');
    }
    copy.normalize();
    return copy.innerHTML;
  }).join('');
}

/** What a view shows of its text (its chunks and tail), as renderedHtml has it. */
export function shownHtml(container: HTMLElement): string {
  return renderedHtml(...Array.from(container.querySelectorAll('.md-chunk, .md-tail')));
}

/** A full render of `text` by `render`, sanitized as the view sanitizes, as renderedHtml has it. */
export function fullRenderHtml(window: Window, render: (text: string) => string, text: string): string {
  const whole = window.document.createElement('div');
  whole.append(createSanitizer(window)(render(text)));
  return renderedHtml(whole);
}
