// How tall a settled message will be, before the browser has laid it out: what it counts while it is
// skipped (content-visibility, chat.css) until it comes near the view. A reopened chat's older messages
// start that way. With one estimate for every message (160 px, when a mixed answer of 1,600 characters is
// some 1,800 px), such an answer counted a tenth of its size, so as the user scrolled up a
// dozen of them fitted in the part of the page the browser lays out ahead of the view and were laid out in
// one frame: the long tasks of scrolling a long chat (issue 8). Estimated from the text, a turn of the
// wheel lays out the two or three messages it really brings near.
//
// Fitted in Chromium against the real heights of questions and of mixed, list, table, paragraph, quote
// and code answers of 100–6,000 characters, in views 324–974 px wide (13 px text, line height 1.5): every
// estimate within a factor 1.25 of the real height. An estimate, not a layout: fonts, headings, nested
// lists and long words make the real height differ, and the browser keeps the real size once it has laid
// a message out.

/** What the estimate depends on, read from the page (the message list's width and text). */
export interface TextMetrics {
  /** The width the text wraps in (px); 0 when not known yet. */
  width: number;
  /** The text's font size and line height (px); NaN or 0 when not known (a line height of "normal"). */
  fontSize: number;
  lineHeight: number;
}

/** VS Code's default font size (px), for a page whose size is not known. */
const DEFAULT_FONT_SIZE = 13;
/** Line heights in font sizes when the page's is not known (chat.css sets 1.5). */
const DEFAULT_LINE_HEIGHT = 1.5;

/** In lines of text (the fit above): a message's header and padding. */
const MESSAGE_CHROME_LINES = 3.6;
/** The space between two paragraphs, lists or quotes. */
const BLOCK_GAP_LINES = 0.5;
/** A code block's frame (its header and padding); each of its lines counts CODE_LINE_LINES (they never wrap). */
const CODE_FRAME_LINES = 2;
const CODE_LINE_LINES = 0.87;
const TABLE_ROW_LINES = 1.2;
/** The average width of a character of text, in font sizes. */
const CHAR_WIDTH_EM = 0.42;
/** Characters per line while the width is not known (the list not laid out yet). */
const FALLBACK_CHARS_PER_LINE = 80;

const FENCE = /^\s*(?:```|~~~)/;
const QUOTE_MARKS = /^(?:>\s?)+/;
const TABLE_DELIMITER_ROW = /^\|?\s*:?-{2,}/;
const BLOCK_START = /^(?:[-*+]|\d+[.)]|#{1,6})\s+/;

/** The estimated height (px) of a message whose Markdown text is `text`, one pass over it. */
export function estimatedHeight(text: string, metrics: TextMetrics): number {
  const fontSize = metrics.fontSize > 0 ? metrics.fontSize : DEFAULT_FONT_SIZE;
  const line = metrics.lineHeight > 0 ? metrics.lineHeight : DEFAULT_LINE_HEIGHT * fontSize;
  const charsPerLine = metrics.width > 0 ? Math.max(10, metrics.width / (fontSize * CHAR_WIDTH_EM)) : FALLBACK_CHARS_PER_LINE;
  let lines = MESSAGE_CHROME_LINES;
  let inFence = false;
  // The paragraph (or list item) being read: its characters wrap together.
  let paragraph = -1;
  const endParagraph = (): void => {
    if (paragraph >= 0) lines += Math.max(1, Math.ceil(paragraph / charsPerLine));
    paragraph = -1;
  };
  for (const source of text.split('\n')) {
    if (FENCE.test(source)) {
      endParagraph();
      inFence = !inFence;
      if (inFence) lines += CODE_FRAME_LINES;
      continue;
    }
    if (inFence) {
      lines += CODE_LINE_LINES;
      continue;
    }
    let content = source.trim().replace(QUOTE_MARKS, '');
    if (content.trim() === '') {
      if (paragraph >= 0) {
        endParagraph();
        lines += BLOCK_GAP_LINES;
      }
      continue;
    }
    if (TABLE_DELIMITER_ROW.test(content)) continue;
    if (content.startsWith('|')) {
      endParagraph();
      lines += TABLE_ROW_LINES;
      continue;
    }
    const start = BLOCK_START.exec(content);
    if (start) {
      endParagraph();
      content = content.slice(start[0].length);
    }
    paragraph = Math.max(0, paragraph) + content.length + 1;
  }
  endParagraph();
  return Math.round(lines * line);
}
