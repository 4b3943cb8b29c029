// DOMPurify over the renderer's HTML: the second line of defence behind markdown-it's
// html:false. Whatever slips through the renderer, no script, style, frame, form, media or
// event handler reaches the DOM, and links keep only http, https and mailto targets.
//
// DOMPurify parses each piece of HTML into a new document of its own, walks every node and copies
// the result into the page: in the editor, half of the time an answer took to render. What the
// renderer writes is a handful of elements with a handful of attributes, so HTML made only of those
// is checked instead (checkedFragment) and, when it passes, shown exactly as DOMPurify would show it;
// anything else, whatever it is, goes through DOMPurify as before.
import createDOMPurify from 'dompurify';
import type { Config } from 'dompurify';
import { isSafeLink } from './links';

export type Sanitize = (html: string) => DocumentFragment;

/** Elements by name, each with the attributes it may carry (see checkedFragment). */
export type ElementRules = ReadonlyMap<string, ReadonlySet<string>>;

const FORBIDDEN_TAGS = [
  'script', 'style', 'link', 'meta', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'form', 'input', 'textarea', 'select', 'option', 'img', 'picture', 'source', 'video', 'audio', 'track',
  'svg', 'math', 'template', 'noscript', 'dialog', 'portal',
];

const FORBIDDEN_ATTRIBUTES = ['style', 'srcset', 'action', 'formaction', 'target', 'ping', 'background', 'poster', 'src'];

// DOMPurify tests every non-URI-safe attribute value against this (a button's `type` too),
// so plain values without a scheme must pass; of schemes, only these three do.
const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** What a link gets: the page it opens cannot reach back (set on every link, checked or sanitized). */
const LINK_REL = 'noopener noreferrer';

const none: ReadonlySet<string> = new Set();

/**
 * The elements markdown-it and this renderer write (markdownEngine.ts, bidi.ts, highlight.js) and
 * the attributes each carries: a table's scroll box and a code block's frame and buttons included.
 * Every one of them is in DOMPurify's HTML profile and none is forbidden above.
 */
const RENDERED_ELEMENTS: ElementRules = new Map([
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'li', 'blockquote', 'em', 'strong', 's', 'table', 'thead', 'tbody', 'tr', 'br', 'hr']
    .map((name): [string, ReadonlySet<string>] => [name, none]),
  ['a', new Set(['href', 'title', 'class'])],
  ['button', new Set(['type', 'class', 'title', 'aria-label'])],
  ['code', new Set(['class'])],
  ['div', new Set(['class', 'data-lang', 'tabindex'])],
  ['span', new Set(['class', 'aria-hidden', 'title', 'data-bidi'])],
  ['td', new Set(['class'])],
  ['th', new Set(['class'])],
  ['ol', new Set(['start'])],
  ['pre', new Set(['tabindex'])],
]);

/** The attributes among those above whose values DOMPurify tests against ALLOWED_URI (not URI-safe, data- or aria-). */
const URI_TESTED = new Set(['href', 'type', 'tabindex', 'start']);
/** Characters DOMPurify removes from a value before that test (its ATTR_WHITESPACE). */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const ATTRIBUTE_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/;
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
// (NodeFilter's and Node's numbers: this module runs against the window it is given, jsdom's in tests.)
const SHOW_ELEMENT = 0x1;
const SHOW_CDATA_SECTION = 0x8;
const SHOW_PROCESSING_INSTRUCTION = 0x40;
const SHOW_COMMENT = 0x80;
const ELEMENT_NODE = 1;

/** True when DOMPurify (with CONFIG and the link hook) keeps this value of `name` exactly as it is. */
function keptAsIs(name: string, value: string): boolean {
  // DOMPurify trims values, and drops those that could close a comment or a raw-text element or end a tag.
  if (value !== value.trim() || value.includes('<') || value.includes('>')) return false;
  if (!URI_TESTED.has(name)) return true;
  return !ATTRIBUTE_WHITESPACE.test(value) && ALLOWED_URI.test(value) && (name !== 'href' || isSafeLink(value));
}

/**
 * The DOM of `html` when it needs no sanitizer: parsed in an inert <template> (no script runs,
 * nothing loads) and kept only when every node in it is text or one of `allowed`'s elements (HTML
 * namespace) carrying only its attributes, with values DOMPurify keeps as they are; links then get
 * the `rel` the sanitizer's hook gives them. So the result is what DOMPurify would return. Undefined
 * otherwise (a comment, another element or attribute, a value it would change): the caller
 * sanitizes. This is a check, never a cleaning.
 */
export function checkedFragment(doc: Document, html: string, allowed: ElementRules): DocumentFragment | undefined {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const { content } = template;
  const links: Element[] = [];
  // One walk over the elements, and the comments, processing instructions and CDATA, of which DOMPurify
  // removes some and the renderer writes none. (A TreeWalker, not a NodeIterator: the document keeps every
  // NodeIterator to update it on each removal, until it is collected, so thousands of them made every later
  // removal slower. Before, a second walk for those, `querySelectorAll('*')` into an array and a list of
  // attribute names for every element, most of which have none: parsing and checking a 15 KB piece of mixed
  // HTML took 1.09-1.15 ms against 0.97-1.08 now, in plain Chromium, best of 40 rounds, three times; the
  // parse alone 0.79-0.86.)
  const walker = doc.createTreeWalker(content, SHOW_ELEMENT | SHOW_COMMENT | SHOW_PROCESSING_INSTRUCTION | SHOW_CDATA_SECTION);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.nodeType !== ELEMENT_NODE) return undefined;
    const element = node as Element;
    const names = allowed.get(element.localName);
    if (names === undefined || element.namespaceURI !== HTML_NAMESPACE) return undefined;
    // (Attribute names, not `attributes`: that makes an object for each attribute, garbage for the
    // collector, whose pauses in a frame were the longest tasks of a long code block.)
    if (element.hasAttributes()) {
      for (const name of element.getAttributeNames()) {
        if (!names.has(name) || !keptAsIs(name, element.getAttribute(name) ?? '')) return undefined;
      }
    }
    if (element.localName === 'a') links.push(element);
  }
  for (const link of links) link.setAttribute('rel', LINK_REL);
  // (Appended to the page, the nodes are adopted from the template's inert document.)
  return content;
}

export interface SanitizerOptions {
  /** Told of each piece of HTML that went through DOMPurify (tests: the renderer's own HTML never needs to). */
  purified?(html: string): void;
  /** False: every piece goes through DOMPurify (tests compare the check with it). Default true. */
  check?: boolean;
}

/** A sanitizer bound to `window` (the webview's, or a jsdom window in tests). */
export function createSanitizer(window: Window, options: SanitizerOptions = {}): Sanitize {
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') {
      return;
    }
    const href = node.getAttribute('href');
    if (href !== null && !isSafeLink(href)) {
      node.removeAttribute('href');
    }
    node.setAttribute('rel', LINK_REL);
  });
  // Set once: a config passed with each call is parsed again on every call (a cost per slice).
  purify.setConfig({ ...CONFIG, RETURN_DOM_FRAGMENT: true });
  const doc = window.document;
  const check = options.check ?? true;
  return (html) => {
    const checked = check ? checkedFragment(doc, html, RENDERED_ELEMENTS) : undefined;
    if (checked) return checked;
    options.purified?.(html);
    // (After setConfig the options passed here are not read: this one gives the result its type.)
    return purify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
  };
}
