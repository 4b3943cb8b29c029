// Puts a StreamingMarkdownRenderer's updates into the DOM: finished blocks are appended
// once and never touched again; only the nodes of the open tail are replaced.
import type { Sanitize } from './sanitizer';
import type { StreamingMarkdownRenderer } from './streamingRenderer';

export class MarkdownView {
  private tailNodes: ChildNode[] = [];
  private tailHtml = '';

  constructor(
    private readonly container: HTMLElement,
    readonly renderer: StreamingMarkdownRenderer,
    private readonly sanitize: Sanitize,
  ) {}

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
      this.container.replaceChildren();
      this.tailNodes = [];
      this.tailHtml = '';
    }
    if (update.finishedHtml === '' && update.tailHtml === this.tailHtml) {
      return;
    }
    for (const node of this.tailNodes) {
      node.remove();
    }
    if (update.finishedHtml !== '') {
      this.container.append(this.sanitize(update.finishedHtml));
    }
    const tail = this.sanitize(update.tailHtml);
    this.tailNodes = Array.from(tail.childNodes);
    this.tailHtml = update.tailHtml;
    this.container.append(tail);
  }
}
