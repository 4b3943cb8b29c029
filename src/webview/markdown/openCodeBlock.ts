// The code block an answer is still writing, extended in place frame by frame. Rebuilding it
// from HTML every frame would cost the whole block each time: O(n²) for a long file.
//
// Its DOM is the rendered fence's frame (same classes, header and buttons) with the settled
// lines appended once each, and the unsettled rest (the partial last line, or a comment still
// open) in one trailing span that is replaced every frame. Settled lines go in block-level
// `.code-lines` spans: in one flow of text the browser would lay out every line again each frame
// (a long block makes that a long task); a group it lays out again only while lines are added to it,
// up to GROUP_CHARS, then the next begins. (A group per frame, as before, made a group of every line
// or two at a model's pace: hundreds of elements for the browser to keep track of, each skipped off
// screen on its own.) They show exactly as one flow (each ends with its line
// break) and stay when the block is finished: the view keeps this block rather than rendering it again.
//
// While the page is behind the stream (an answer arriving faster than frames render it), new lines
// go in as plain text, in groups of about a slice each, and are highlighted later, a group at a
// time, once the page has caught up (MarkdownView): highlighting and parsing its HTML were most of a
// frame's work for code (measured in Chromium: 40 and 20 ms of 65 for 88 KB), and text to read
// comes first. Highlighting goes on from the cache, so the block ends exactly as if highlighted
// while it streamed.
import MarkdownIt from 'markdown-it';
import { SLICE_CHARS } from '../frameBudget';
import { hasMarkedCharacters, markBidiControls } from './bidi';
import { codeFragment } from './codeFragment';
import { highlightFollowingLines, highlightGrowingRest, isKnownLanguage, type HighlightCache, type HighlightWork } from './highlight';
import { emptyCodeBlockHtml } from './markdownEngine';
import type { Sanitize } from './sanitizer';

const { escapeHtml } = new MarkdownIt().utils;

/** A `.code-lines` group and the code it shows. */
interface LineGroup {
  group: HTMLElement;
  code: string;
  plain: boolean;
}

/**
 * Highlighted lines go on into the last group while it holds fewer characters than this (see the top of this
 * file); plain ones, a slice's (SLICE_CHARS): plain text costs the browser less to lay out again, and behind the
 * stream groups come a slice at a time. Measured in Chromium (the bench's page layer, 8,000 characters a
 * second, alternating two runs each): a 44 KB code block cost the page's main thread 2,523–2,758 ms at 400,
 * 2,414–2,596 at 1,000 and 3,064–3,261 with a group per frame; a 30 KB mixed answer (short blocks, whose one
 * group then grows every frame) 1,599–1,618, 1,849–1,893 and 1,611–1,795.
 */
export const GROUP_CHARS = 400;

export class OpenCodeBlock {
  readonly element: DocumentFragment;
  private readonly code: HTMLElement;
  private readonly rest: HTMLElement;
  private readonly cache: HighlightCache = { language: '', code: '', html: '' };
  /** Code (and, when highlighted, HTML) of the settled part already in the DOM. */
  private shownCode = '';
  private shownHtmlLength = 0;
  /**
   * Settled lines shown as plain text, in order, still to be highlighted (highlightNext); they follow
   * `cache.code`. While there are any, new lines are shown plain too: highlighting goes in order.
   */
  private readonly plain: LineGroup[] = [];
  /**
   * The last group, while lines may still go into it: its code, and whether it shows them plain
   * (plain and highlighted lines never share a group); a plain one is also the last of `plain`, the same
   * record. Unset when highlightNext changes the groups.
   */
  private open: LineGroup | undefined;
  /** The code of the last update, for highlightNext. */
  private lastCode = '';
  private finished = false;

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

  /**
   * Settled lines, `code` shown as `fragment`, after those already shown: into the last group while it is
   * of the same kind and not full (groupChars), else into a new one, which it returns.
   */
  private addLines(fragment: DocumentFragment, code: string, plain: boolean): LineGroup | undefined {
    const open = this.open;
    if (open !== undefined && open.plain === plain && open.code.length < groupChars(plain)) {
      open.code += code;
      countLines(open.group, open.code);
      open.group.append(fragment);
      return undefined;
    }
    const group = this.code.ownerDocument.createElement('span');
    group.className = 'code-lines';
    countLines(group, code);
    group.append(fragment);
    this.rest.before(group);
    this.open = { group, code, plain };
    return this.open;
  }

  /** True when `code` continues what this block shows, so `update` can extend it. */
  accepts(language: string, code: string): boolean {
    return language === this.language && code.startsWith(this.shownCode);
  }

  /**
   * Makes the block what a full render of it is: the settled chunks and the rest, without the
   * span that held the rest. It is not updated after this, but highlights what it shows plain.
   */
  finish(code: string, plain = false): void {
    // (A fence left open at the end of the answer may end with a partial line: when lines are shown
    // plain, it is their last group, highlighted as it is.)
    this.finished = true;
    this.update(code, plain);
    this.rest.replaceWith(...Array.from(this.rest.childNodes));
  }

  /** Its `<code>` element (watched until it comes near the screen: markdownView.ts). */
  get codeElement(): HTMLElement {
    return this.code;
  }

  /** True while lines shown as plain text are waiting to be highlighted. */
  get hasPlainLines(): boolean {
    return this.plain.length > 0;
  }

  /**
   * Highlights the first group of lines shown plain, and returns the characters it highlighted (for the
   * frame's budget). When highlight.js ends that group inside a comment or string, the group cannot be
   * highlighted on its own: the next group joins it and the two are highlighted next time (the work per
   * call grows with such a construct, as the growing rest's does); at the end of an open block, the
   * lines go back to the unsettled rest, which is highlighted every update.
   */
  highlightNext(): number {
    const first = this.plain[0];
    if (first === undefined) return 0;
    // (What follows changes the groups: new lines start a group of their own.)
    this.open = undefined;
    const lastOfFinished = this.finished && this.plain.length === 1;
    const { html, settled } = highlightFollowingLines(first.code, this.language, this.cache, this.work);
    if (settled || lastOfFinished) {
      first.group.replaceChildren(this.fragment(html));
      this.plain.shift();
      this.shownHtmlLength = this.cache.html.length;
      return first.code.length;
    }
    const next = this.plain[1];
    if (next !== undefined) {
      first.code += next.code;
      countLines(first.group, first.code);
      first.group.append(...Array.from(next.group.childNodes));
      next.group.remove();
      this.plain.splice(1, 1);
      return first.code.length;
    }
    first.group.remove();
    this.plain.shift();
    this.shownCode = this.cache.code;
    this.update(this.lastCode);
    return first.code.length;
  }

  /** Highlighted (or escaped) code as DOM: see codeFragment.ts. */
  private fragment(html: string): DocumentFragment {
    return codeFragment(this.code.ownerDocument, markBidiControls(html), this.sanitize, this.work);
  }

  /** Code as plain text: a text node, unless it holds characters bidi.ts marks (then as HTML, marked). */
  private plainCode(text: string): DocumentFragment {
    if (hasMarkedCharacters(text)) return this.fragment(escapeHtml(text));
    const fragment = this.code.ownerDocument.createDocumentFragment();
    if (text !== '') fragment.append(text);
    return fragment;
  }

  /**
   * Shows `code`. `plain`: the page is behind the stream, so new settled lines go in as plain text, to be
   * highlighted later (highlightNext); as they do while earlier plain lines wait.
   */
  update(code: string, plain = false): void {
    this.lastCode = code;
    const known = isKnownLanguage(this.language);
    if (!known || plain || this.plain.length > 0) {
      // Settled at the last line break (all of it, once finished), in groups of about a slice; highlighted
      // later when the language is known.
      const settledEnd = this.finished ? code.length : code.lastIndexOf('\n') + 1;
      for (let start = this.shownCode.length; start < settledEnd;) {
        // (Up to about a slice in a group: what room the last plain group has left, else a new group's.)
        const open = this.open?.plain === true && this.open.code.length < groupChars(true) ? this.open : undefined;
        const room = groupChars(true) - (open?.code.length ?? 0);
        const end = code.indexOf('\n', Math.min(start + room, settledEnd) - 1) + 1 || settledEnd;
        const lines = code.slice(start, end);
        // (A new group's record is the open one: lines added to it later count in `plain` too.)
        const added = this.addLines(this.plainCode(lines), lines, true);
        if (known && added) this.plain.push(added);
        start = end;
      }
      if (settledEnd > this.shownCode.length) this.shownCode = code.slice(0, settledEnd);
      this.rest.replaceChildren(this.plainCode(code.slice(this.shownCode.length)));
      return;
    }
    const restHtml = highlightGrowingRest(code, this.language, this.cache, this.work) ?? '';
    if (this.cache.html.length > this.shownHtmlLength) {
      // Settled chunks are highlight.js output ending outside any span: balanced HTML each.
      this.addLines(this.fragment(this.cache.html.slice(this.shownHtmlLength)), this.cache.code.slice(this.shownCode.length), false);
      this.shownHtmlLength = this.cache.html.length;
      this.shownCode = this.cache.code;
    }
    this.rest.replaceChildren(this.fragment(restHtml));
  }
}

/** What a group of lines holds at most before the next begins (but the lines that filled it). */
export function groupChars(plain: boolean): number {
  return plain ? SLICE_CHARS : GROUP_CHARS;
}

/**
 * Gives a group its number of lines (`--lines`), from which chat.css makes the height the browser counts
 * for it while it is skipped and has never been laid out (content-visibility): the lines do not wrap, so
 * that is its height. With a fixed estimate, a group that came into view grew or shrank by the difference
 * when first laid out, and when it was the first thing on screen (the browser's scroll anchor is then
 * the block around it), what was on screen below it moved by that much: scrolling up through a reopened
 * long chat jumped now and then.
 */
function countLines(group: HTMLElement, code: string): void {
  let lines = code.endsWith('\n') || code === '' ? 0 : 1;
  for (let at = code.indexOf('\n'); at !== -1; at = code.indexOf('\n', at + 1)) lines++;
  group.style.setProperty('--lines', String(lines));
}
