// The DOM of highlighted code, without a sanitizer pass when none is needed. highlight.js output
// is escaped text in `<span class>` elements, and bidi marking (bidi.ts) adds spans with a title
// and a data attribute; nothing else. A streaming code block turns a lot of such HTML into DOM,
// and the sanitizer was half of that work (it parses into a new document, walks every node and
// copies the result into the page): for a 1,000-line block, a quarter of the time to show it.
//
// So the HTML is parsed in an inert <template> (no script runs, nothing loads) and kept only when
// every element in it is such a span with only those attributes. This is a check, never a
// cleaning: anything else, whatever it is, goes through the sanitizer as before.
import type { Sanitize } from './sanitizer';

/** The attributes a highlighted-code span may carry: its class, and a marked bidi character's name. */
const SPAN_ATTRIBUTES = new Set(['class', 'title', 'data-bidi']);

/**
 * DOM for highlighted-code HTML; `work.sanitizedChars` counts what had to go through the
 * sanitizer (the renderer's counter: tests and the bench count work rather than time it).
 */
export function codeFragment(doc: Document, html: string, sanitize: Sanitize, work?: { sanitizedChars: number }): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const { content } = template;
  // (Attribute names, not `attributes`: that makes an object for each attribute, garbage for the
  // collector, whose pauses in a frame were the longest tasks of a long code block.)
  for (const element of Array.from(content.querySelectorAll('*'))) {
    if (element.localName !== 'span' || element.namespaceURI !== 'http://www.w3.org/1999/xhtml'
      || element.getAttributeNames().some((name) => !SPAN_ATTRIBUTES.has(name))) {
      if (work) work.sanitizedChars += html.length;
      return sanitize(html);
    }
  }
  // (Appended to the page, the nodes are adopted from the template's inert document.)
  return content;
}
