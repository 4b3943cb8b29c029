// DOMPurify over the renderer's HTML: the second line of defence behind markdown-it's
// html:false. Whatever slips through the renderer, no script, style, frame, form, media or
// event handler reaches the DOM, and links keep only http, https and mailto targets.
import createDOMPurify from 'dompurify';
import type { Config } from 'dompurify';
import { isSafeLink } from './links';

export type Sanitize = (html: string) => DocumentFragment;

const FORBIDDEN_TAGS = [
  'script', 'style', 'link', 'meta', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'form', 'input', 'textarea', 'select', 'option', 'img', 'picture', 'source', 'video', 'audio', 'track',
  'svg', 'math', 'template', 'noscript', 'dialog', 'portal',
];

const FORBIDDEN_ATTRIBUTES = ['style', 'srcset', 'action', 'formaction', 'target', 'ping', 'background', 'poster', 'src'];

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  // DOMPurify tests every non-URI-safe attribute value against this (a button's `type` too),
  // so plain values without a scheme must pass; of schemes, only these three do.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** A sanitizer bound to `window` (the webview's, or a jsdom window in tests). */
export function createSanitizer(window: Window): Sanitize {
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') {
      return;
    }
    const href = node.getAttribute('href');
    if (href !== null && !isSafeLink(href)) {
      node.removeAttribute('href');
    }
    node.setAttribute('rel', 'noopener noreferrer');
  });
  // Set once: a config passed with each call is parsed again on every call (a cost per slice).
  purify.setConfig({ ...CONFIG, RETURN_DOM_FRAGMENT: true });
  // (After setConfig the options passed here are not read: this one gives the result its type.)
  return (html) => purify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
}
