// Puts a StreamingMarkdownRenderer's updates into the DOM. Finished blocks go, once, into an
// append-only `.md-blocks` element; the open tail lives alone in `.md-tail`, so replacing it
// each frame touches only its own few nodes, however long the answer already is.
//
// Finished blocks are grouped into `.md-chunk`s of a few blocks each: the browser's layout
// walks the direct children of the box it re-lays out, so with every block a direct child a
// frame would cost more as the answer grows; with chunks, clean chunks are skipped whole.
import { OpenCodeBlock } from './openCodeBlock';
import type { Sanitize } from './sanitizer';
import type { StreamingMarkdownRenderer } from './streamingRenderer';

const BLOCKS_PER_CHUNK = 16;

export class MarkdownView {
  private readonly blocks: HTMLElement;
  private chunk: HTMLElement | undefined;
  private readonly tail: HTMLElement;
  private tailHtml = '';
  /** The code block the open tail consists of, while it is one. */
  private openCode: OpenCodeBlock | undefined;

  constructor(
    private readonly container: HTMLElement,
    readonly renderer: StreamingMarkdownRenderer,
    private readonly sanitize: Sanitize,
  ) {
    const doc = container.ownerDocument;
    this.blocks = doc.createElement('div');
    this.blocks.className = 'md-blocks';
    this.tail = doc.createElement('div');
    this.tail.className = 'md-tail';
    container.replaceChildren(this.blocks, this.tail);
  }

  append(text: string): void {
    this.renderer.append(text);
  }

  setText(text: string): void {
    this.renderer.setText(text);
  }

  /** Renders what changed since the last update; `final` once the text is complete. */
  update(final: boolean): void {
    const update = this.renderer.render(final);
    if (update.reset) {
      this.blocks.replaceChildren();
      this.chunk = undefined;
      this.tail.replaceChildren();
      this.tailHtml = '';
      this.openCode = undefined;
    }
    if (update.finishedHtml !== '') {
      this.currentChunk().append(this.sanitize(update.finishedHtml));
    }
    if (update.openCode) {
      this.showOpenCode(update.openCode.language, update.openCode.code);
    } else if (update.finishedHtml !== '' || update.tailHtml !== this.tailHtml || this.openCode !== undefined) {
      this.openCode = undefined;
      this.tail.replaceChildren(this.sanitize(update.tailHtml));
      this.tailHtml = update.tailHtml;
    }
  }

  private showOpenCode(language: string, code: string): void {
    if (this.openCode === undefined || !this.openCode.accepts(language, code)) {
      this.openCode = new OpenCodeBlock(this.container.ownerDocument, this.sanitize, language);
      this.tail.replaceChildren(this.openCode.element);
    }
    this.openCode.update(code);
    // Whatever HTML tail comes next must replace the block.
    this.tailHtml = '';
  }

  private currentChunk(): HTMLElement {
    if (this.chunk === undefined || this.chunk.childElementCount >= BLOCKS_PER_CHUNK) {
      this.chunk = this.container.ownerDocument.createElement('div');
      this.chunk.className = 'md-chunk';
      this.blocks.append(this.chunk);
    }
    return this.chunk;
  }
}
