// Puts a StreamingMarkdownRenderer's updates into the DOM. Finished blocks go, once, into an
// append-only `.md-blocks` element; the open tail lives alone in `.md-tail`, so replacing it
// each frame touches only its own few nodes, however long the answer already is. Both
// wrappers are `display: contents`, so the layout is that of the plain rendered markdown.
import type { Sanitize } from './sanitizer';
import type { StreamingMarkdownRenderer } from './streamingRenderer';

export class MarkdownView {
  private readonly blocks: HTMLElement;
  private readonly tail: HTMLElement;
  private tailHtml = '';

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
      this.tail.replaceChildren();
      this.tailHtml = '';
    }
    if (update.finishedHtml !== '') {
      this.blocks.append(this.sanitize(update.finishedHtml));
    }
    if (update.finishedHtml !== '' || update.tailHtml !== this.tailHtml) {
      this.tail.replaceChildren(this.sanitize(update.tailHtml));
      this.tailHtml = update.tailHtml;
    }
  }
}
