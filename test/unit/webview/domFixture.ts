// A jsdom window for webview tests, and a sanitize-and-serialize helper built on it.
import { JSDOM, type DOMWindow } from 'jsdom';
import { createSanitizer } from '../../../src/webview/markdown/sanitizer';

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
