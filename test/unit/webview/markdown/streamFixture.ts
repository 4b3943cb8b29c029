// Helpers for streaming a text through the renderer in pieces, as the host's deltas would.
import { createMarkdownEngine } from '../../../../src/webview/markdown/markdownEngine';
import { StreamingMarkdownRenderer, type RenderUpdate } from '../../../../src/webview/markdown/streamingRenderer';

export const md = createMarkdownEngine();

/** Deterministic pseudo-random numbers, so a failing chunking can be reproduced. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

/** Splits `text` into pieces of 1..maxSize characters. */
export function chunk(text: string, maxSize: number, random: () => number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length;) {
    const size = 1 + Math.floor(random() * maxSize);
    pieces.push(text.slice(i, i + size));
    i += size;
  }
  return pieces;
}

/**
 * The HTML a DOM built from a renderer's updates holds, as a string: what the view does with the
 * same ops, without a DOM (an open code block shows as its code, escaped by the renderer's tail).
 */
export class HtmlAssembler {
  /** Finished top-level blocks. */
  done = '';
  private open: { openHtml: string; children: string; closeHtml: string }[] = [];
  private tail = '';
  private after: string[] = [];

  apply(update: RenderUpdate): this {
    if (update.reset) {
      this.done = '';
      this.open = [];
    }
    for (const op of update.ops) {
      if (op.type === 'html') {
        if (this.open.length === 0) this.done += op.html;
        else this.open[this.open.length - 1].children += op.html;
      } else if (op.type === 'open') {
        this.open.push({ openHtml: op.openHtml, children: '', closeHtml: op.closeHtml });
      } else if (op.type === 'close') {
        const closed = this.open.pop();
        const html = closed ? closed.openHtml + closed.children + closed.closeHtml : '';
        if (this.open.length === 0) this.done += html;
        else this.open[this.open.length - 1].children += html;
      } else if (op.type === 'closeCode') {
        this.done += this.codeBlock(op.code);
      } else {
        this.open = [];
      }
    }
    this.tail = update.tailHtml;
    this.after = update.afterHtml;
    if (update.openCode) this.codeLanguage = update.openCode.language;
    return this;
  }

  /**
   * The HTML of a finished code block, as the view keeps it: the language comes from the tail it showed.
   * Rendered as a fence left open (it runs to the end), as the code of a block the answer ended inside may
   * end with a partial line.
   */
  private codeBlock(code: string): string {
    return md.render(`\`\`\`\`\`\`\`\`${this.codeLanguage}\n${code}`);
  }

  private codeLanguage = '';

  /** Open containers still held (none after a final render). */
  get openCount(): number {
    return this.open.length;
  }

  /** Everything shown now: finished blocks, then the open containers with the tail inside the innermost. */
  get html(): string {
    let inner = this.tail;
    for (let i = this.open.length - 1; i >= 0; i--) {
      inner = this.open[i].openHtml + this.open[i].children + inner + this.open[i].closeHtml + (this.after[i] ?? '');
    }
    return this.done + inner;
  }
}

/** Streams the pieces (rendering after each) and returns the HTML a DOM would end up with. */
export function streamAndCollect(pieces: readonly string[], renderer = new StreamingMarkdownRenderer(md)): string {
  const assembler = new HtmlAssembler();
  for (const piece of pieces) {
    renderer.append(piece);
    assembler.apply(renderer.render());
  }
  assembler.apply(renderer.render(true));
  if (assembler.openCount !== 0) throw new Error('a final render left containers open');
  return assembler.html;
}
