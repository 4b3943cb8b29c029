// The DOM of highlighted code, without a sanitizer pass when none is needed. highlight.js output
// is escaped text in `<span class>` elements, and bidi marking (bidi.ts) adds spans with a title
// and a data attribute; nothing else. A streaming code block turns a lot of such HTML into DOM,
// and the sanitizer was half of that work (it parses into a new document, walks every node and
// copies the result into the page): for a 1,000-line block, a quarter of the time to show it.
//
// So the HTML is checked (sanitizer.ts, checkedFragment) against these spans alone, stricter than
// the sanitizer's own check: anything else, whatever it is, goes through the sanitizer as before.
import { checkedFragment, type ElementRules, type Sanitize } from './sanitizer';

/** A highlighted-code span: its class, and a marked bidi character's name. */
const CODE_SPANS: ElementRules = new Map([['span', new Set(['class', 'title', 'data-bidi'])]]);

/**
 * DOM for highlighted-code HTML; `work.sanitizedChars` counts what had to go through the
 * sanitizer (the renderer's counter: tests and the bench count work rather than time it).
 */
export function codeFragment(doc: Document, html: string, sanitize: Sanitize, work?: { sanitizedChars: number }): DocumentFragment {
  const checked = checkedFragment(doc, html, CODE_SPANS);
  if (checked) return checked;
  if (work) work.sanitizedChars += html.length;
  return sanitize(html);
}
