// The code block an answer is still writing, extended in place frame by frame. Rebuilding it
// from HTML every frame would cost the whole block each time: O(n²) for a long file.
//
// Its DOM is the rendered fence's frame (same classes, header and buttons) with the settled
// lines appended once each, and the unsettled rest (the partial last line, or a comment still
// open) in one trailing span that is replaced every frame. Settled lines go in block-level
// `.code-lines` spans, a group per frame: in one flow of text the browser would lay out every
// line again each frame (a long block makes that a long task); block boxes it lays out once.
// They show exactly as one flow (each ends with its line break) and stay when the block is
// finished: the view keeps this block rather than rendering it again.
import MarkdownIt from 'markdown-it';
import { markBidiControls } from './bidi';
import { codeFragment } from './codeFragment';
import { highlightGrowingRest, type HighlightCache, type HighlightWork } from './highlight';
import { emptyCodeBlockHtml } from './markdownEngine';
import type { Sanitize } from './sanitizer';

const { escapeHtml } = new MarkdownIt().utils;

export class OpenCodeBlock {
  readonly element: DocumentFragment;
  private readonly code: HTMLElement;
  private readonly rest: HTMLElement;
  private readonly cache: HighlightCache = { language: '', code: '', html: '' };
  /** Code (and, when highlighted, HTML) of the settled part already in the DOM. */
  private shownCode = '';
  private shownHtmlLength = 0;

  constructor(doc: Document, private readonly sanitize: Sanitize, readonly language: string, private readonly work?: HighlightWork & { sanitizedChars: number }) {
    const frame = emptyCodeBlockHtml(language);
    if (work) work.sanitizedChars += frame.length;
    this.element = sanitize(frame);
    const code = this.element.querySelector('code');
    if (!code) {
      throw new Error('Model Access: a code block without <code>');
    }
    this.code = code;
    this.rest = doc.createElement('span');
    this.code.append(this.rest);
  }

  private lines(fragment: DocumentFragment): HTMLElement {
    const group = this.code.ownerDocument.createElement('span');
    group.className = 'code-lines';
    group.append(fragment);
    return group;
  }

  /** True when `code` continues what this block shows, so `update` can extend it. */
  accepts(language: string, code: string): boolean {
    return language === this.language && code.startsWith(this.shownCode);
  }

  /**
   * Makes the block what a full render of it is: the settled chunks and the rest, without the
   * span that held the rest. It is not updated after this.
   */
  finish(code: string): void {
    this.update(code);
    this.rest.replaceWith(...Array.from(this.rest.childNodes));
  }

  /** Highlighted (or escaped) code as DOM: see codeFragment.ts. */
  private fragment(html: string): DocumentFragment {
    return codeFragment(this.code.ownerDocument, markBidiControls(html), this.sanitize, this.work);
  }

  update(code: string): void {
    const restHtml = highlightGrowingRest(code, this.language, this.cache, this.work);
    if (restHtml === undefined) {
      // Not highlighted: plain text, settled at the last line break.
      const settledEnd = code.lastIndexOf('\n') + 1;
      if (settledEnd > this.shownCode.length) {
        this.rest.before(this.lines(this.fragment(escapeHtml(code.slice(this.shownCode.length, settledEnd)))));
        this.shownCode = code.slice(0, settledEnd);
      }
      this.rest.replaceChildren(this.fragment(escapeHtml(code.slice(this.shownCode.length))));
      return;
    }
    if (this.cache.html.length > this.shownHtmlLength) {
      // Settled chunks are highlight.js output ending outside any span: balanced HTML each.
      this.rest.before(this.lines(this.fragment(this.cache.html.slice(this.shownHtmlLength))));
      this.shownHtmlLength = this.cache.html.length;
      this.shownCode = this.cache.code;
    }
    this.rest.replaceChildren(this.fragment(restHtml));
  }
}
