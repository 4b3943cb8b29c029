// A finished code block that came in while the page was behind the stream, or whose grammar was not yet warm
// (grammarWarmth.ts): rendered as plain text (StreamingEnv.plainCode, coldLanguage) and highlighted whole once the
// page has caught up and the grammar is warm, as the open block's plain lines are (openCodeBlock.ts). Most blocks of a long answer are short and arrive whole within a frame's
// text; highlighting them and parsing the highlighted HTML was a fifth of the page's rendering work for the
// mixed answer of the bench (Chromium CPU profile in the editor), and text to read comes first.
import { markBidiControls } from './bidi';
import { codeFragment } from './codeFragment';
import { highlightCode, type HighlightWork } from './highlight';
import { PLAIN_CODE_CLASS } from './markdownEngine';
import type { Sanitize } from './sanitizer';

export class PlainCodeBlock {
  constructor(
    private readonly code: HTMLElement,
    private readonly sanitize: Sanitize,
    private readonly work: HighlightWork & { sanitizedChars: number },
  ) {}

  /** The plain blocks in `fragment` (sanitized HTML of finished blocks), in order. */
  static in(fragment: DocumentFragment, sanitize: Sanitize, work: HighlightWork & { sanitizedChars: number }): PlainCodeBlock[] {
    return Array.from(fragment.querySelectorAll<HTMLElement>(`code.${PLAIN_CODE_CLASS}`), (code) => new PlainCodeBlock(code, sanitize, work));
  }

  /** Its `<code>` element (watched until it comes near the screen: markdownView.ts). */
  get codeElement(): HTMLElement {
    return this.code;
  }

  /** True when the block is `node` or inside it. */
  isWithin(node: Node): boolean {
    return node.contains(this.code);
  }

  /** Its language, as the fence named it. */
  get language(): string {
    return this.code.closest<HTMLElement>('.code-block')?.dataset.lang ?? '';
  }

  get hasPlainLines(): boolean {
    return this.code.classList.contains(PLAIN_CODE_CLASS);
  }

  /** Highlights the block, as a full render has it; returns the characters highlighted (for the frame's budget). */
  highlightNext(): number {
    if (!this.hasPlainLines) return 0;
    // The text is the block's code: bidi marks keep the character they mark.
    const text = this.code.textContent ?? '';
    const html = highlightCode(text, this.language, this.work);
    if (html !== undefined) {
      this.code.replaceChildren(codeFragment(this.code.ownerDocument, markBidiControls(html), this.sanitize, this.work));
    }
    this.code.classList.remove(PLAIN_CODE_CLASS);
    return text.length;
  }
}
