// Puts a StreamingMarkdownRenderer's updates into the DOM. Finished blocks go, once, into an
// append-only `.md-blocks` element; the block still growing lives in `.md-tail`, its last child. A growing list,
// table, quote or paragraph is an element there that settled children are appended to, once
// each; only the unsettled rest (a few nodes at its end) is replaced each frame. So a frame costs
// what changed, however long the answer or the open block already is, and the sanitizer sees
// each piece of HTML once.
//
// Finished blocks are grouped into `.md-chunk`s of a few blocks each: the browser's layout
// walks the direct children of the box it re-lays out, so with every block a direct child a
// frame would cost more as the answer grows; with chunks, clean chunks are skipped whole.
//
// A finished container or code block is not moved out of `.md-tail`: the tail becomes a chunk
// where it is, and a new tail follows it. Moving a node re-creates the style and layout of all
// of it: for a 1,000-line code block or a long table, one task of 100+ ms when it finishes.
import { FRAME_BUDGET_CHARS, FrameBudget } from '../frameBudget';
import { ALWAYS_NEAR, type NearScreen } from '../nearScreen';
import { ALWAYS_WARM, type Warmth } from './grammarWarmth';
import { TextQueue } from './growingText';
import { OpenCodeBlock } from './openCodeBlock';
import { PlainCodeBlock } from './plainCodeBlock';
import type { Sanitize } from './sanitizer';
import { SegmentedList } from './segmentedList';
import { SegmentedTable } from './segmentedTable';
import type { ContainerKind, RenderUpdate, StreamingMarkdownRenderer } from './streamingRenderer';

const BLOCKS_PER_CHUNK = 16;
/**
 * A chunk also ends once it holds this much text. A chunk never laid out (added while the page was behind
 * the stream, below the view) counts the height `.md-chunk` gives it in chat.css (200 px), about this
 * much prose; when the view jumps to the end, the browser lays out every chunk that height puts near the
 * screen. At 16 blocks of a long answer, a chunk was some 2,000 px: the jump as the page caught up laid
 * out about ten times what was near the screen (traced in Chromium: 5,186 elements restyled and 8,965 boxes
 * laid out in one 66 ms task).
 */
export const CHUNK_TEXT_CHARS = 600;
/**
 * The browser lays a table out whole whenever a row is added (Chromium; `table-layout: fixed`, cells that
 * do not wrap and containment on the body or the scroll box did not change that, measured); a streaming
 * table goes on in segments (segmentedTable.ts), so an update lays out the last one, up to
 * TABLE_SEGMENT_ROWS rows, and paints what changed. From this many rows on, while the view keeps up with
 * the stream, the table is updated at most every LONG_TABLE_UPDATE_MS (its rows then arrive a few at a
 * time; a model writes a row in about that time anyway): fewer frames, each of a few rows. At once when
 * the answer ends. A view behind the stream (more waiting than a frame renders) renders every frame, as always.
 */
export const LONG_TABLE_ROWS = 100;
/**
 * A message whose text made more chunks than this is skipped off screen chunk by chunk (chat.css:
 * `data-long`); a shorter one is skipped whole. Never both: a chunk skipped inside a message skipped
 * too is laid out a frame after the message, and the browser's scroll anchoring (conversationView.ts)
 * then kept nothing in place as the user scrolled up past them (in the real editor, the E2E test in
 * conversation.e2e.test.ts: what was at the middle of the view moved 226 px for a wheel turn of 400).
 * 8 chunks are at most about 5,000 characters of prose, laid out at once as the message comes into view.
 */
export const LONG_MESSAGE_CHUNKS = 8;
export const LONG_TABLE_UPDATE_MS = 100;
/**
 * The class of a chunk that holds a list gone on in segments. Its segments but the last are skipped off screen
 * (chat.css: `.list-continued`), so the chunk itself never is: never one skipped inside another
 * (LONG_MESSAGE_CHUNKS). A message with such a list counts as long for the same reason (`long`).
 */
export const SEGMENTED_CHUNK_CLASS = 'md-segmented';

interface OpenElement {
  kind: ContainerKind;
  /**
   * The nodes the container is, in document order: its element (a list: and its segments) and the line break after it
   * (a getter for a list: its segments are added).
   */
  readonly nodes: readonly Node[];
  /** Where its children go: the element itself, or the last segment of a table (its body) or list (a getter: it moves). */
  readonly parent: HTMLElement;
  /** A table's rows or a list's items, in segments (segmentedTable.ts, segmentedList.ts). */
  segments?: SegmentedTable | SegmentedList;
}

export class MarkdownView {
  private readonly blocks: HTMLElement;
  private chunk: HTMLElement | undefined;
  /** What the current chunk holds: its blocks and their text's length. */
  private chunkBlocks = 0;
  private chunkText = 0;
  /** Chunks made so far (a rebuilt list makes its chunks again: an over-count, never an under-count). */
  private chunksMade = 0;
  private tail: HTMLElement;
  private tailHtml = '';
  private afterHtml = '';
  /** Text received but not yet rendered (over the frame budget). */
  private readonly pending: TextQueue;
  /** The unsettled nodes at the end of the innermost open container (or of `.md-tail`). */
  private tailNodes: Node[] = [];
  private open: OpenElement[] = [];
  /** The code block the open tail consists of, while it is one. */
  private openCode: OpenCodeBlock | undefined;
  /**
   * Code blocks with lines shown plain while the page was behind or their grammar cold (openCodeBlock.ts,
   * plainCodeBlock.ts), each watched until it is highlighted. A long answer can leave hundreds far from the screen: a
   * frame looks only at those near it.
   */
  private readonly plainCode = new Set<OpenCodeBlock | PlainCodeBlock>();
  /** Of those, the ones near the screen now (nearScreen.ts), in the order they came near: only these are highlighted. */
  private readonly nearCode = new Set<OpenCodeBlock | PlainCodeBlock>();
  /** Called when code shown plain has come near the screen: call `update` again (in a frame). */
  onHighlightDue: (() => void) | undefined;
  private readonly budget: FrameBudget;
  private readonly ownBudget: boolean;
  /** This render met a language not yet warm (isCold): its finished blocks, plain, are watched as while behind. */
  private metCold = false;
  /** Stops waiting for a grammar to turn warm (set while the view shows code of a cold one). */
  private stopWaiting: (() => void) | undefined;
  private lastLongTableUpdate = Number.NEGATIVE_INFINITY;
  /**
   * A list in the tail has gone on in segments (SEGMENTED_CHUNK_CLASS); and one ever has (`long`: like chunksMade, kept
   * over a reset, an over-count at worst).
   */
  private tailSegmented = false;
  private segmented = false;

  constructor(
    private readonly container: HTMLElement,
    readonly renderer: StreamingMarkdownRenderer,
    private readonly sanitize: Sanitize,
    /**
     * The page's budget, shared with every other view and started by the frame scheduler; or a
     * clock, for a view on its own whose every update is a frame of its own (tests).
     */
    budget: FrameBudget | (() => number) = () => performance.now(),
    /** When code shown plain comes near the screen, to be highlighted then (nearScreen.ts); by default at once. */
    private readonly nearScreen: NearScreen = ALWAYS_NEAR,
    /** Which grammars may run in a frame now (grammarWarmth.ts); by default all. */
    private readonly warmth: Warmth = ALWAYS_WARM,
  ) {
    this.ownBudget = !(budget instanceof FrameBudget);
    this.budget = budget instanceof FrameBudget ? budget : new FrameBudget(budget);
    this.pending = new TextQueue(renderer.work);
    const doc = container.ownerDocument;
    this.blocks = doc.createElement('div');
    this.blocks.className = 'md-blocks';
    this.tail = this.newTail();
    container.replaceChildren(this.blocks);
  }

  append(text: string): void {
    if (this.renderer.finished && text !== '') {
      this.setText(this.renderer.source + this.pending.toString() + text);
      return;
    }
    this.pending.push(text);
  }

  /** The whole text: what extends the text so far is rendered as more; anything else (or an extension of a finished text) from the start. */
  setText(text: string): void {
    const known = this.renderer.source + this.pending.toString();
    if (text === known || (text.startsWith(known) && !this.renderer.finished)) {
      this.pending.push(text.slice(known.length));
      return;
    }
    this.renderer.setText('');
    this.pending.clear();
    this.pending.push(text);
  }

  /**
   * Renders what changed since the last update, in slices, while the frame's budget lasts (see
   * frameBudget.ts): a larger batch renders over several frames instead of in one long task. True
   * while text is left over (call again next frame); `final` (the text is complete) applies once
   * the last of it is in.
   */
  update(final: boolean): boolean {
    if (this.ownBudget) this.budget.startFrame();
    if (!final && this.pending.length > 0 && this.pending.length < FRAME_BUDGET_CHARS && this.longTableOpen()) {
      const now = this.budget.now();
      if (now - this.lastLongTableUpdate < LONG_TABLE_UPDATE_MS) return true;
      this.lastLongTableUpdate = now;
    }
    let rendered = false;
    while (!rendered || this.pending.length > 0) {
      const laidOutWhole = this.laidOutWholeOpen();
      const size = this.pending.length === 0 ? 0 : this.budget.nextSlice(laidOutWhole);
      if (this.pending.length > 0 && size === 0) break;
      const take = this.pending.take(size);
      this.budget.spend(take.length, laidOutWhole);
      this.renderer.append(take);
      this.metCold = false;
      this.apply(this.renderer.render(final && this.pending.length === 0, this.budget.isBehind, this.isCold));
      rendered = true;
    }
    if (this.pending.length === 0 && !this.budget.isBehind) {
      this.highlightPlainCode();
    }
    return this.pending.length > 0;
  }

  /**
   * The text made more chunks than LONG_MESSAGE_CHUNKS, or has a list in segments (skipped off screen one by one): its
   * message is skipped off screen chunk by chunk, never whole.
   */
  get long(): boolean {
    return this.segmented || this.chunksMade > LONG_MESSAGE_CHUNKS;
  }

  /**
   * True while code shown plain near the screen waits to be highlighted: call `update` again next frame. (Not code
   * of a grammar still cold: `onHighlightDue` says when that can be.)
   */
  get highlighting(): boolean {
    for (const block of this.nearCode) if (block.hasPlainLines && !this.isCold(block.language)) return true;
    return false;
  }

  /** The view is gone: nothing is watched for it any more. */
  dispose(): void {
    this.dropPlainCode(() => true);
    this.stopWaiting?.();
    this.stopWaiting = undefined;
  }

  /**
   * True when `language`'s grammar may not run yet (grammarWarmth.ts): its code is shown plain, and the view waits
   * for a grammar to turn warm, then asks for an update (`onHighlightDue`), which highlights what is near the screen.
   */
  private readonly isCold = (language: string): boolean => {
    if (this.warmth.isWarm(language)) return false;
    this.metCold = true;
    this.stopWaiting ??= this.warmth.whenWarmer(() => {
      this.stopWaiting = undefined;
      this.onHighlightDue?.();
    });
    return true;
  };

  /**
   * Highlights code shown plain while the page was behind (or its grammar cold, once warm), a group of lines at a time,
   * while the frame's budget for that lasts: the blocks near the screen, in the order they came near (a block's own
   * lines in order). The others wait until they come near (watchPlainCode).
   */
  private highlightPlainCode(): void {
    for (const block of this.nearCode) {
      this.renderer.work.plainCodeVisits++;
      // (Left watched: highlighted once its grammar is warm.)
      if (block.hasPlainLines && this.isCold(block.language)) continue;
      while (block.hasPlainLines) {
        if (this.budget.nextCatchUpSlice() === 0) return;
        this.budget.spend(block.highlightNext());
        this.count(1);
      }
      // (A block still growing is watched again when more lines are shown plain: notePlainLines.)
      this.unwatch(block);
    }
  }

  /** Code shown plain, to be highlighted while it is near the screen. */
  private watchPlainCode(block: OpenCodeBlock | PlainCodeBlock): void {
    this.plainCode.add(block);
    this.nearScreen.watch(block.codeElement, (near) => {
      if (!near) {
        this.nearCode.delete(block);
        return;
      }
      if (this.nearCode.has(block) || !this.plainCode.has(block)) return;
      this.nearCode.add(block);
      this.onHighlightDue?.();
    });
  }

  private unwatch(block: OpenCodeBlock | PlainCodeBlock): void {
    if (!this.plainCode.delete(block)) return;
    this.nearScreen.forget(block.codeElement);
    this.nearCode.delete(block);
  }

  /** Stops watching the plain code blocks `gone` says are gone (a reset, a rebuilt container: rare). */
  private dropPlainCode(gone: (block: OpenCodeBlock | PlainCodeBlock) => boolean): void {
    for (const block of this.plainCode) if (gone(block)) this.unwatch(block);
  }

  private apply(update: RenderUpdate): void {
    if (update.reset) {
      this.blocks.replaceChildren();
      this.chunk = undefined;
      this.tail = this.newTail();
      this.tailNodes = [];
      this.tailHtml = '';
      this.open = [];
      this.openCode = undefined;
      this.tailSegmented = false;
      this.dropPlainCode(() => true);
      this.count(2);
    }
    const [first] = update.ops;
    if (first?.type === 'closeCode') {
      this.finishOpenCode(first.code);
    }
    // Settled top-level blocks go to `.md-blocks` and leave the tail alone; anything else replaces it.
    const afterHtml = update.afterHtml.join('\u0000');
    const changed = update.tailHtml !== this.tailHtml || afterHtml !== this.afterHtml
      || (this.openCode !== undefined) !== (update.openCode !== undefined)
      || update.ops.some((op) => op.type !== 'html' && op.type !== 'closeCode')
      || (this.open.length > 0 && update.ops.length > 0);
    if (changed) {
      this.removeTail();
    }
    for (const op of update.ops) {
      switch (op.type) {
        case 'html':
          this.appendSettled(op.html);
          break;
        case 'open':
          this.openContainer(op.kind, op.openHtml + op.closeHtml);
          break;
        case 'close':
          this.closeContainer();
          break;
        case 'closeCode':
          break; // done above, first
        case 'discardOpen': {
          const removed = this.open[0]?.nodes ?? [];
          for (const node of removed) node.parentNode?.removeChild(node);
          this.count(removed.length);
          // Its code shown plain goes with it: the rebuilt container shows (and highlights) its own.
          this.dropPlainCode((block) => block instanceof PlainCodeBlock && removed.some((node) => block.isWithin(node)));
          this.open = [];
          break;
        }
      }
    }
    // Recorded for the open code block too: a stale value would count as a change next frame, and
    // rebuild (re-highlight, re-sanitize) the whole open block every frame.
    this.afterHtml = afterHtml;
    if (update.openCode) {
      this.showOpenCode(update.openCode.language, update.openCode.code);
      return;
    }
    this.tailHtml = update.tailHtml;
    if (!changed) {
      return;
    }
    this.appendTail(this.open.length, update.tailHtml);
    for (let level = this.open.length - 1; level >= 0; level--) {
      this.appendTail(level, update.afterHtml[level] ?? '');
    }
  }

  /** Appends unsettled HTML at the end of open container `level` - 1's children (level 0: the top level). */
  private appendTail(level: number, html: string): void {
    if (html === '') {
      return;
    }
    const holder = this.open[level - 1];
    const fragment = this.sanitizeIn(holder?.kind, html);
    this.tailNodes.push(...Array.from(fragment.childNodes));
    (holder?.parent ?? this.tail).append(fragment);
    this.count(1);
  }

  private removeTail(): void {
    for (const node of this.tailNodes) {
      node.parentNode?.removeChild(node);
    }
    this.count(this.tailNodes.length);
    this.tailNodes = [];
    if (this.openCode) this.unwatch(this.openCode);
    this.openCode = undefined;
  }

  private appendSettled(html: string): void {
    const fragment = this.sanitizeIn(this.innermostKind(), html);
    // (Rendered in this frame, with its code plain while behind or its grammar cold: see update.)
    if (this.budget.isBehind || this.metCold) {
      for (const block of PlainCodeBlock.in(fragment, this.sanitize, this.renderer.work)) this.watchPlainCode(block);
    }
    const holder = this.open.at(-1);
    if (holder?.segments) {
      this.count(holder.segments.append(fragment));
      if (holder.segments instanceof SegmentedList && holder.segments.segments.length > 1) this.tailSegmented = this.segmented = true;
      return;
    }
    if (holder) {
      holder.parent.append(fragment);
      this.count(1);
      return;
    }
    // Block by block into chunks of bounded size; the blocks that go into one chunk, in one append.
    let target: HTMLElement | undefined;
    let group: Node[] = [];
    for (const node of Array.from(fragment.childNodes)) {
      const chunk = node.nodeType === node.ELEMENT_NODE || target === undefined ? this.currentChunk() : target;
      if (chunk !== target) {
        target?.append(...group);
        if (target) this.count(1);
        [target, group] = [chunk, []];
      }
      group.push(node);
      this.noteInChunk(node);
    }
    target?.append(...group);
    if (target) this.count(1);
  }

  private noteInChunk(node: Node): void {
    if (node.nodeType !== node.ELEMENT_NODE) return;
    this.chunkBlocks++;
    this.chunkText += node.textContent?.length ?? 0;
  }

  private openContainer(kind: ContainerKind, html: string): void {
    const fragment = this.sanitizeIn(this.innermostKind(), html);
    const element = fragment.firstElementChild as HTMLElement | null;
    if (element === null) {
      throw new Error(`Model Access: an empty ${kind} container`);
    }
    const nodes = Array.from(fragment.childNodes);
    this.parent().append(fragment);
    this.count(1);
    if (kind === 'list') {
      const list = new SegmentedList(element);
      const at = nodes.indexOf(element);
      this.open.push({
        kind,
        segments: list,
        get nodes() { return [...nodes.slice(0, at), ...list.segments, ...nodes.slice(at + 1)]; },
        get parent() { return list.body; },
      });
      return;
    }
    const table = kind === 'table' ? element.querySelector('table') : null;
    const body = table?.tBodies[0];
    if (table === null || body === undefined) {
      this.open.push({ kind, nodes, parent: element });
      return;
    }
    const segmented = new SegmentedTable(table, body);
    this.open.push({ kind, nodes, segments: segmented, get parent() { return segmented.body; } });
  }

  private closeContainer(): void {
    const closed = this.open.pop();
    if (closed !== undefined && this.open.length === 0) {
      this.settleTail(closed.nodes);
    }
  }

  private longTableOpen(): boolean {
    return this.open.some((element) => element.kind === 'table' && (element.segments?.count ?? 0) >= LONG_TABLE_ROWS);
  }

  /**
   * A table is open: what is added goes into it, never skipped off screen (it is the growing block), and is styled
   * and laid out in the frame it is added, however far below the view (see frameBudget.ts). A list was too: traced
   * in the editor, a full-speed 60 KB list behind the stream got 20,000 characters in a frame, 990 elements styled
   * and 2,390 layout objects dirty, a task of 102 ms (83 on a CPU), against ~250 and ~615 in a frame of 5,000. Now
   * a list's segments but the last are skipped off screen (`.list-continued` in chat.css), so what a frame adds
   * below the view is laid out only in the last segment, at most LIST_SEGMENT_ITEMS items. (A paragraph or quote
   * grows by text or a few blocks; both kept their frames short.)
   */
  private laidOutWholeOpen(): boolean {
    return this.open.some((element) => element.kind === 'table');
  }

  /** Where settled children go now: the innermost open container, or `.md-tail`. */
  private parent(): HTMLElement {
    return this.open.at(-1)?.parent ?? this.tail;
  }

  private innermostKind(): ContainerKind | undefined {
    return this.open.at(-1)?.kind;
  }

  /** Sanitizes HTML meant for the inside of a `kind` container (table rows need a table around them to parse). */
  private sanitizeIn(kind: ContainerKind | undefined, html: string): DocumentFragment {
    this.renderer.work.sanitizedChars += html.length;
    if (kind !== 'table') {
      return this.sanitize(html);
    }
    const wrapped = this.sanitize(`<table><tbody>${html}</tbody></table>`);
    const fragment = this.container.ownerDocument.createDocumentFragment();
    fragment.append(...Array.from(wrapped.querySelector('tbody')?.childNodes ?? []));
    return fragment;
  }

  /** The open code block is finished: it moves, as it is, to the finished blocks. */
  private finishOpenCode(code: string): void {
    if (this.openCode === undefined) {
      throw new Error('Model Access: a code block finished that was not shown');
    }
    this.openCode.finish(code, this.budget.isBehind || this.isCold(this.openCode.language));
    this.notePlainLines(this.openCode);
    this.settleTail(this.tailNodes);
    this.tailNodes = [];
    this.openCode = undefined;
  }

  private showOpenCode(language: string, code: string): void {
    if (this.openCode === undefined || !this.openCode.accepts(language, code)) {
      this.removeTail();
      this.openCode = new OpenCodeBlock(this.container.ownerDocument, this.sanitize, language, this.renderer.work);
      this.tailNodes = Array.from(this.openCode.element.childNodes);
      this.tail.append(this.openCode.element);
      this.count(1);
    }
    this.openCode.update(code, this.budget.isBehind || this.isCold(language));
    this.notePlainLines(this.openCode);
    // Whatever HTML tail comes next must replace the block.
    this.tailHtml = '';
  }

  private notePlainLines(block: OpenCodeBlock): void {
    if (block.hasPlainLines && !this.plainCode.has(block)) this.watchPlainCode(block);
  }

  /**
   * A top-level block in the tail is finished. When the tail holds just it, the tail becomes the
   * current chunk in place (nothing moves) and a new tail follows; otherwise its nodes move.
   */
  private settleTail(nodes: readonly Node[]): void {
    const held = Array.from(this.tail.childNodes);
    const segmented = this.tailSegmented;
    this.tailSegmented = false;
    if (held.length === nodes.length && held.every((node, i) => node === nodes[i])) {
      this.tail.className = segmented ? `md-chunk ${SEGMENTED_CHUNK_CLASS}` : 'md-chunk';
      this.chunksMade++;
      this.chunk = this.tail;
      this.tail = this.newTail();
      // (Laid out while it grew, so not a placeholder's height: the next block starts a chunk of its own.)
      this.chunkBlocks = BLOCKS_PER_CHUNK;
    } else {
      const chunk = this.currentChunk();
      chunk.append(...nodes);
      for (const node of nodes) this.noteInChunk(node);
    }
    this.count(1);
  }

  private newTail(): HTMLElement {
    const tail = this.container.ownerDocument.createElement('div');
    tail.className = 'md-tail';
    this.blocks.append(tail);
    return tail;
  }

  private currentChunk(): HTMLElement {
    if (this.chunk === undefined || this.chunkBlocks >= BLOCKS_PER_CHUNK || this.chunkText >= CHUNK_TEXT_CHARS) {
      [this.chunkBlocks, this.chunkText] = [0, 0];
      this.chunk = this.container.ownerDocument.createElement('div');
      this.chunk.className = 'md-chunk';
      this.chunksMade++;
      this.tail.before(this.chunk);
      this.count(1);
    }
    return this.chunk;
  }

  private count(operations: number): void {
    this.renderer.work.domOperations += operations;
  }
}
