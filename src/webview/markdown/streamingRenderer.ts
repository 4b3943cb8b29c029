// Incremental markdown rendering for a text that only grows (a streaming answer).
//
// Finished top-level blocks are rendered once and committed, never parsed again. The block
// still open at the end grows too, and may be long (a list of hundreds of items, a table, a
// paragraph or a quote of many kilobytes): re-parsing it whole every frame would cost O(n²).
// So a growing list, table, quote or paragraph becomes an open *container*: its children
// (items, rows, inner blocks, settled lines of text) are committed one by one as they settle,
// and each frame parses only from the first unsettled child on. Containers nest (a paragraph
// in a quote). The HTML emitted is exactly what a full render of the same text gives, piece by
// piece: a `RenderOp` stream the view applies, plus the unsettled tail that replaces the
// previous one. DOM-free, so it is unit tested and benchmarked in Node.
import type MarkdownIt from 'markdown-it';
import { lineStarts, splitOpenTail } from './blockSplitter';
import type { HighlightCache } from './highlight';
import { GrowingText } from './growingText';
import { blockParser, fenceLanguage, type StreamingEnv } from './markdownEngine';

type Token = MarkdownIt.Token;

export type ContainerKind = 'list' | 'table' | 'quote' | 'paragraph';

/** One step of the DOM the view builds; applied in order. */
export type RenderOp =
  /** Settled HTML: appended to the innermost open container, or as finished top-level blocks when none is open. */
  | { type: 'html'; html: string }
  /**
   * A container opens inside the innermost open one (or at the end of the answer): its element is
   * `openHtml + closeHtml`, and what follows goes inside it, where `openHtml` ends.
   */
  | { type: 'open'; kind: ContainerKind; openHtml: string; closeHtml: string }
  /** The innermost container is complete. */
  | { type: 'close' }
  /** The open code block (see `openCode`) is finished with this code: keep it as a finished block. */
  | { type: 'closeCode'; code: string }
  /** The open containers were wrong about what follows (rare: a list turning loose, a setext
   * underline): drop them; the ops after this rebuild the open block from its start. */
  | { type: 'discardOpen' };

export interface RenderUpdate {
  /** The text was replaced, not extended: drop everything rendered so far first. */
  reset: boolean;
  ops: RenderOp[];
  /** HTML of the still-unsettled rest, inside the innermost open container: replaces the previous tail. */
  tailHtml: string;
  /**
   * HTML shown right after open container i (inside container i - 1, or at the top level for 0):
   * blocks that started after it on the unfinished last line, which may still turn out to continue it.
   */
  afterHtml: string[];
  /**
   * Set (and tailHtml empty) while the open tail is one code block at the top level: its language
   * and code so far, so the view can extend the block in place rather than rebuild it every frame.
   */
  openCode?: { language: string; code: string };
}

/** Counters of the work done, for tests and the benchmark (they count work rather than time it). */
export interface RenderWork {
  renders: number;
  /** Characters handed to the markdown parser, summed over all renders. */
  parsedChars: number;
  /** Of those, the characters its inline rules parsed too (emphasis, links, code spans…), the costlier part. */
  inlineParsedChars: number;
  /** Top-level blocks committed as finished. */
  finishedBlocks: number;
  /** Characters of code handed to the syntax highlighter, summed over all renders. */
  highlightedChars: number;
  /** Characters of HTML handed to the sanitizer (counted by the view). */
  sanitizedChars: number;
  /** DOM insertions and removals (counted by the view). */
  domOperations: number;
  /** Open containers dropped and rebuilt because the text turned out otherwise. */
  rebuilds: number;
  /** Characters of the answer's text copied to take parts of it out (growingText.ts). */
  copiedChars: number;
  /**
   * Code blocks shown plain that a frame looked at to highlight, summed over frames (counted by the view): only those
   * near the screen, however many wait far from it.
   */
  plainCodeVisits: number;
}

type References = Record<string, unknown>;

interface Container {
  kind: ContainerKind;
  /** Absolute offset in the text where the container begins. */
  start: number;
  /** Absolute offset in the text where the first unsettled child begins: the next parse starts here. */
  settled: number;
  /** Raw source put before `settled` when parsing (a table's header and delimiter lines). */
  prefix: string;
  /** Lists: the opening token's type and markup (a different bullet starts another list). */
  openType: string;
  markup: string;
  /** Lists: whether the items rendered so far are tight (paragraphs hidden); undefined until known. */
  tight?: boolean;
}

/** Characters that, left unmatched in settled text, could still pair with something later. */
const OPEN_INLINE = /[*_~`[\]<]/;
/** An underscore inside a word neither opens nor closes emphasis. */
const INTRAWORD_UNDERSCORE = /(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}])/gu;
/** A word that, starting a line, starts a paragraph. */
const PLAIN_WORD = /\p{L}/u;
/** A line that continues a paragraph and, parsed on its own, starts one too. */
const PLAIN_LINE_START = /^ {0,3}\p{L}/u;
const NESTABLE = new Set(['bullet_list_open', 'ordered_list_open', 'table_open', 'blockquote_open', 'paragraph_open']);
const MAX_DEPTH = 4;
/** What a line may hold and still be blank inside quotes (see fixTightness). */
const BLANK_LINE_CHARACTER = /[\s>]/;

export class StreamingMarkdownRenderer {
  /** The answer's text so far (see growingText.ts: not one string). */
  private text: GrowingText;
  /** Text before this offset is committed as finished top-level blocks. */
  private committedLength = 0;
  /** Reference-link definitions from committed blocks, so later blocks can use them. */
  private references: References = {};
  /**
   * A parse since the last top-level one (which parses all of the text not committed) found a reference
   * definition whose label `references` lacks: only then can text being committed add one (see commit).
   */
  private referencesFound = false;
  private pendingReset = false;
  private finalRendered = false;
  private stack: Container[] = [];
  /** The open code fence the tail consists of, scanned line by line. */
  private fence: { scanned: number; code: string; language: string; closing: RegExp } | undefined;
  private readonly highlightCaches: HighlightCache[] = [];
  readonly work: RenderWork = {
    renders: 0, parsedChars: 0, inlineParsedChars: 0, finishedBlocks: 0, highlightedChars: 0, sanitizedChars: 0, domOperations: 0, rebuilds: 0, copiedChars: 0,
    plainCodeVisits: 0,
  };

  /** This render's `plainCode` and `coldLanguage` (see render). */
  private plainCode = false;
  private coldLanguage: ((language: string) => boolean) | undefined;
  /** `md` without its inline rules (see blockParser). */
  private readonly blocks: MarkdownIt;

  constructor(private readonly md: MarkdownIt) {
    this.blocks = blockParser(md);
    this.text = new GrowingText(this.work);
  }

  get source(): string {
    return this.text.toString();
  }

  /**
   * True once the whole text was rendered final: everything is committed, the last block closed, so
   * more text cannot extend it (a paragraph would go on as a new one): it must start over.
   */
  get finished(): boolean {
    return this.finalRendered;
  }

  append(chunk: string): void {
    this.text.append(chunk);
  }

  /** Sets the full text: an extension of the current text is appended, anything else (or an extension of a finished text) starts over. */
  setText(text: string): void {
    if (this.text.isPrefixOf(text) && (text.length === this.text.length || !this.finalRendered)) {
      this.append(text.slice(this.text.length));
      return;
    }
    this.text = new GrowingText(this.work);
    this.text.append(text);
    this.committedLength = 0;
    this.references = {};
    this.referencesFound = false;
    this.stack = [];
    this.fence = undefined;
    this.pendingReset = true;
    this.finalRendered = false;
  }

  /**
   * Renders what changed since the previous call. `final` (the answer is complete)
   * commits everything, so nothing stays open. `plainCode`: the page is behind the stream, so finished
   * code blocks render as plain text, to be highlighted later (StreamingEnv.plainCode); so do blocks of a
   * `coldLanguage` (StreamingEnv.coldLanguage).
   */
  render(final = false, plainCode = false, coldLanguage?: (language: string) => boolean): RenderUpdate {
    this.work.renders++;
    this.plainCode = plainCode;
    this.coldLanguage = coldLanguage;
    const update: RenderUpdate = { reset: this.pendingReset, ops: [], tailHtml: '', afterHtml: [] };
    this.pendingReset = false;
    // (Until the text starts over: a later render that is not final does not reopen what was closed.)
    if (final) this.finalRendered = true;
    // Each pass settles what it can; a container opening or closing starts another pass from
    // the new innermost position. Passes are bounded: each one opens or closes a container.
    for (let pass = 0; pass < 10_000; pass++) {
      const done = this.stack.length === 0 ? this.renderTopLevel(final, update) : this.renderContainer(final, update);
      if (done) {
        return update;
      }
    }
    throw new Error('Model Access: markdown rendering did not settle');
  }

  private env(): StreamingEnv & { references: References } {
    return { references: { ...this.references }, work: this.work, plainCode: this.plainCode, ...(this.coldLanguage ? { coldLanguage: this.coldLanguage } : {}) };
  }

  /** `blocksOnly`: the block structure alone, inline tokens without children (see blockParser). */
  private parse(source: string, env: { references: References }, blocksOnly = false): Token[] {
    this.work.parsedChars += source.length;
    if (!blocksOnly) this.work.inlineParsedChars += source.length;
    const tokens = (blocksOnly ? this.blocks : this.md).parse(source, env);
    this.referencesFound ||= Object.keys(env.references).some((label) => !Object.hasOwn(this.references, label));
    return tokens;
  }

  private renderTokens(tokens: Token[], env: object): string {
    return tokens.length === 0 ? '' : this.md.renderer.render(tokens, this.md.options, env);
  }

  /**
   * While the tail is one open code fence, its new lines are scanned for the closing fence instead
   * of parsing the whole block again each frame. False once it closes (or the answer is final):
   * then the block is parsed, once, like any other.
   */
  private renderOpenFence(final: boolean, update: RenderUpdate): boolean {
    const fence = this.fence;
    if (fence === undefined) {
      return false;
    }
    const fresh = this.text.slice(fence.scanned);
    const completeEnd = Math.max(fresh.lastIndexOf('\n'), fresh.lastIndexOf('\r') === fresh.length - 1 ? -1 : fresh.lastIndexOf('\r')) + 1;
    const complete = fresh.slice(0, completeEnd);
    this.work.parsedChars += fresh.length;
    const lines = complete.split(/(?<=\r\n|\r(?!\n)|\n)/);
    let consumed = 0;
    for (const line of lines) {
      if (fence.closing.test(line.replace(/\r?\n$|\r$/, ''))) {
        // Closed: the block the view has been extending is finished as it is (highlighting a
        // long block whole again would be one long task); the text after it goes on as usual.
        this.fence = undefined;
        update.ops.push({ type: 'closeCode', code: fence.code + normalizeSource(complete.slice(0, consumed)) });
        this.work.finishedBlocks++;
        this.committedLength = fence.scanned + consumed + line.length;
        return false;
      }
      consumed += line.length;
    }
    if (final) {
      // The answer ends in the block: its last line, without a line break, may be the closing fence;
      // otherwise (stopped, or cut off at the token limit) a fence left open runs to the end of the text.
      // Either way the block is finished as it is shown: parsing and highlighting it whole again would be
      // one long task, at the end of the answer or just as the user pressed Stop.
      const closed = fence.closing.test(fresh.slice(completeEnd).replace(/\r$/, ''));
      this.fence = undefined;
      update.ops.push({ type: 'closeCode', code: fence.code + normalizeSource(closed ? complete : fresh) });
      this.work.finishedBlocks++;
      this.committedLength = this.text.length;
      return false;
    }
    fence.code += normalizeSource(complete);
    fence.scanned += completeEnd;
    update.openCode = { language: fence.language, code: fence.code + normalizeSource(fresh.slice(completeEnd)) };
    return true;
  }

  /** Starts scanning a lone open fence (see renderOpenFence), when it is simple enough: not indented, opening line complete. */
  private trackFence(token: Token, open: string, openStart: number): void {
    const starts = lineStarts(open);
    const line = token.map?.[0];
    const contentStart = line === undefined ? undefined : starts[line + 1];
    // (A line ending in \r at the very end may still get its \n.)
    if (contentStart === undefined || !/^[`~]/.test(open.slice(starts[line ?? 0])) || (contentStart === open.length && open.endsWith('\r'))) {
      return;
    }
    const marker = token.markup;
    const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
    const body = open.slice(contentStart);
    const completeEnd = body.lastIndexOf('\n') + 1;
    if (body.slice(0, completeEnd).split(/\r\n?|\n/).some((text) => closing.test(text))) {
      return; // closed already
    }
    // What precedes the fence's first line (blank lines, reference definitions) is committed now: the
    // fence itself is committed without a parse (renderOpenFence), and holds no definitions.
    this.commit(open.slice(this.committedLength - openStart, starts[line ?? 0]));
    this.fence = { scanned: openStart + contentStart + completeEnd, code: normalizeSource(body.slice(0, completeEnd)), language: fenceLanguage(token), closing };
  }

  /** No container open: finished top-level blocks are committed; a growing tail block may become a container. */
  private renderTopLevel(final: boolean, update: RenderUpdate): boolean {
    if (this.renderOpenFence(final, update)) {
      return true;
    }
    const openStart = this.committedLength;
    const open = this.text.slice(openStart);
    const env = this.env();
    this.referencesFound = false;
    const tokens = this.parse(open, env);
    const split = final ? { tailToken: tokens.length, tailOffset: open.length } : splitOpenTail(tokens, open);
    const finishedTokens = tokens.slice(0, split.tailToken);
    if (finishedTokens.length > 0) {
      update.ops.push({ type: 'html', html: this.renderTokens(finishedTokens, env) });
      this.work.finishedBlocks += finishedTokens.filter((token) => token.level === 0 && token.nesting !== -1).length;
    }
    this.commit(open.slice(0, split.tailOffset));
    const tailTokens = tokens.slice(split.tailToken);
    const lone = tailTokens.length === 1 ? tailTokens[0] : undefined;
    if (!final && lone?.type === 'fence') {
      update.openCode = { language: fenceLanguage(lone), code: lone.content };
      this.trackFence(lone, open, openStart);
      return true;
    }
    const tailLine = tailTokens[0]?.map?.[0];
    if (!final && tailLine !== undefined && NESTABLE.has(tailTokens[0].type)) {
      // What precedes the block's first line (blank lines, reference definitions) is committed first.
      const tailStart = lineStarts(open)[tailLine] ?? split.tailOffset;
      this.commit(open.slice(split.tailOffset, tailStart));
      if (this.openContainer(tailTokens, 0, this.committedLength, '', update)) {
        return false;
      }
    }
    // Finished blocks are highlighted whole, once; the open tail's code blocks keep what they
    // highlighted in earlier frames and highlight only what was added since.
    const tailEnv: StreamingEnv = { ...env, highlightCaches: this.highlightCaches, codeBlockIndex: 0 };
    update.tailHtml = this.renderTokens(tailTokens, tailEnv);
    return true;
  }

  /**
   * Opens a container for the block starting at tokens[0] (at `level`), whose source begins at the
   * absolute offset `start`. False when the block is not of a kind that grows by children.
   */
  private openContainer(tokens: Token[], level: number, start: number, prefix: string, update: RenderUpdate): boolean {
    const first = tokens[0];
    if (this.stack.length >= MAX_DEPTH || first.level !== level || !NESTABLE.has(first.type)) {
      return false;
    }
    const close = closingIndex(tokens, 0);
    const env = this.env();
    let container: Container;
    let openTokens: Token[];
    let closeTokens: Token[];
    if (first.type === 'table_open') {
      const body = tokens.findIndex((token) => token.type === 'tbody_open' && token.level === level + 1);
      if (body < 0 || body > close || first.map === null) {
        return false; // no body row yet: nothing to grow by
      }
      // Parses from a row on begin with the header and delimiter lines, or the rows would not be a table.
      const headerEnd = lineStarts(this.text.slice(start))[2] ?? 0;
      container = { kind: 'table', start, settled: start + headerEnd, prefix: this.text.slice(start, start + headerEnd), openType: first.type, markup: '' };
      openTokens = tokens.slice(0, body + 1);
      closeTokens = tokens.slice(close - 1, close + 1);
    } else {
      const kind: ContainerKind = first.type === 'blockquote_open' ? 'quote' : first.type === 'paragraph_open' ? 'paragraph' : 'list';
      if ((kind === 'paragraph' && first.hidden) || close === 1) {
        return false; // a hidden paragraph, or nothing inside yet (an empty element renders differently)
      }
      container = { kind, start, settled: start, prefix, openType: first.type, markup: first.markup };
      openTokens = [first];
      closeTokens = [tokens[close]];
    }
    this.stack.push(container);
    let openHtml = this.renderTokens(openTokens, env);
    if (container.kind === 'paragraph') {
      // Rendered alone, `<p>` gets the line break it has only when no text follows it.
      openHtml = openHtml.replace(/\n$/, '');
    }
    update.ops.push({ type: 'open', kind: container.kind, openHtml, closeHtml: this.renderTokens(closeTokens, env) });
    return true;
  }

  /** One pass over the innermost open container: settles children, or closes it. */
  private renderContainer(final: boolean, update: RenderUpdate): boolean {
    const depth = this.stack.length - 1;
    const container = this.stack[depth];
    const whole = container.prefix + this.text.slice(container.settled);
    // An open table shows a row once its line has ended. A row shown as it arrived could widen a column (an
    // unclosed link's address, shown as text, is one long word) that the next frame narrowed back, each time
    // laying out and painting all of the table again. Measured in Chromium at the chat view's width in the
    // editor (300 px), the bench's 30 KB table arriving 150 characters a frame: its columns changed width 17
    // times, mostly back and forth; with whole lines only, 4 times, as it first grew. In the editor, at 400–480
    // rows, such a frame laid out for 26–35 ms and painted for 20–26: a task over 50 ms.
    const source = container.kind === 'table' && !final ? whole.slice(0, lineStarts(whole).at(-1)) : whole;
    const env = this.env();
    // An open paragraph's inline markup is parsed by paragraphPart, in its settled and unsettled parts.
    const blocksOnly = container.kind === 'paragraph';
    const tokens = this.parse(source, env, blocksOnly);
    const starts = lineStarts(source);
    const completeLines = final ? Number.POSITIVE_INFINITY : starts.length - 1;
    const offsetOfLine = (line: number): number => container.settled + (starts[line] ?? source.length) - container.prefix.length;

    // The parse re-opens every container of the stack, outermost first (only quotes hold others);
    // anything else means the text turned out to be something the open containers are not.
    for (let level = 0; level <= depth; level++) {
      const token = tokens[level];
      if (token === undefined || !opens(token, this.stack[level], level)) {
        return this.discard(update);
      }
    }
    const index = depth;
    const close = closingIndex(tokens, index);
    // Finished when a block after it started on a complete line (its role can no longer change).
    const following = tokens.slice(close + 1).find((token) => token.nesting !== -1 && token.map !== null && token.level <= depth);
    const finished = final || (following?.map != null && following.map[0] < completeLines);

    let settledHtml: string | undefined;
    let tailHtml = '';
    let nextSettled = container.settled;
    let nested: { tokens: Token[]; start: number } | undefined;
    let nextPrefix = container.prefix;
    if (container.kind === 'paragraph') {
      const result = this.paragraphPart(tokens[index + 1], finished, completeLines, source, starts, container, env);
      if (result === undefined) {
        return this.discard(update);
      }
      ({ settledHtml, tailHtml } = result);
      if (result.nextSettled) {
        nextSettled = result.nextSettled.offset;
        nextPrefix = result.nextSettled.prefix;
      }
    } else {
      const children = childStarts(tokens, index, close, container.kind, depth);
      if (container.kind === 'list' && !this.fixTightness(container, tokens, index, close, depth)) {
        return this.discard(update);
      }
      // A child is settled when the next one started on a complete line; all are when the container finished.
      let settledCount = finished ? children.length : 0;
      while (!finished && settledCount + 1 < children.length && (tokens[children[settledCount + 1]].map?.[0] ?? Infinity) < completeLines) {
        settledCount++;
      }
      const firstUnsettled = settledCount < children.length ? children[settledCount] : lastChildEnd(tokens, close, container.kind);
      if (settledCount > 0) {
        settledHtml = this.renderTokens(tokens.slice(children[0], firstUnsettled), env);
        const settledLine = tokens[children[settledCount]]?.map?.[0] ?? starts.length - 1;
        nextSettled = offsetOfLine(settledLine);
        // Later children are parsed without the settled ones: the definitions these hold must be known to them.
        this.collectReferences(source.slice(0, starts[settledLine] ?? source.length));
      }
      if (!finished) {
        const tailTokens = tokens.slice(firstUnsettled, lastChildEnd(tokens, close, container.kind));
        const single = settledCount === children.length - 1 && container.kind === 'quote' ? tailTokens : undefined;
        if (single !== undefined && single.length > 0 && closingIndex(single, 0) === single.length - 1 && single[0].map !== null) {
          nested = { tokens: single, start: offsetOfLine(single[0].map[0]) };
        } else {
          tailHtml = this.renderTokens(tailTokens, { ...env, highlightCaches: this.highlightCaches, codeBlockIndex: 0 });
        }
      }
    }
    if (settledHtml !== undefined && settledHtml !== '') {
      update.ops.push({ type: 'html', html: settledHtml });
    }
    if (finished) {
      update.ops.push({ type: 'close' });
      this.stack.pop();
      // The enclosing quotes go on with their next block, or are finished too.
      let childClose = close;
      for (let level = depth - 1; level >= 0; level--) {
        const parentClose = closingIndex(tokens, level);
        const sibling = tokens.slice(childClose + 1, parentClose).find((token) => token.level === level + 1 && token.nesting !== -1 && token.map !== null);
        if (sibling?.map) {
          this.stack[level].settled = offsetOfLine(sibling.map[0]);
          return false;
        }
        update.ops.push({ type: 'close' });
        this.stack.pop();
        childClose = parentClose;
      }
      this.work.finishedBlocks++;
      this.commit(this.text.slice(this.committedLength, offsetOfLine(tokens[0].map?.[1] ?? starts.length - 1)));
      return false;
    }
    if (nextSettled !== container.settled) {
      container.settled = nextSettled;
      container.prefix = nextPrefix;
    }
    if (nested !== undefined && this.openContainer(nested.tokens, depth + 1, nested.start, '', update)) {
      return false;
    }
    if (nested !== undefined) {
      tailHtml = this.renderTokens(nested.tokens, { ...env, highlightCaches: this.highlightCaches, codeBlockIndex: 0 });
    }
    update.tailHtml = tailHtml;
    // Blocks after an open container, started on the unfinished last line: shown after it, at its level. (Rare:
    // for those, an open paragraph's text is parsed again whole; the tokens are the same, with their inline parts.)
    const shown = blocksOnly && tokens.length > close + 1 ? this.parse(source, env) : tokens;
    let innerClose = close;
    for (let level = depth; level >= 0; level--) {
      const outerClose = level === 0 ? shown.length : closingIndex(shown, level - 1);
      const after = shown.slice(innerClose + 1, outerClose);
      // (Replaced next frame: highlighted as it is, never left plain for later.)
      update.afterHtml[level] = this.renderTokens(after, { ...env, plainCode: false });
      innerClose = outerClose;
    }
    return true;
  }

  /**
   * A paragraph grows by settled text. Its content up to a word boundary is settled when the word
   * after it starts with a letter (so the rest, parsed on its own, starts a paragraph again), its
   * line cannot turn into another block (it is the first line, complete, or starts plainly), and
   * its inline markup is closed (no `*`, `[`, backtick… left open that later text could pair).
   * The split is at a word, not a line: a long paragraph is often a single line.
   */
  private paragraphPart(
    inline: Token | undefined,
    finished: boolean,
    completeLines: number,
    source: string,
    starts: readonly number[],
    container: Container,
    env: object,
  ): { settledHtml: string | undefined; tailHtml: string; nextSettled?: { offset: number; prefix: string } } | undefined {
    if (inline?.type !== 'inline' || inline.map === null) {
      return undefined;
    }
    const { content } = inline;
    const render = (text: string): { html: string; closed: boolean } => {
      this.work.parsedChars += text.length;
      this.work.inlineParsedChars += text.length;
      const children = this.md.parseInline(text, env)[0]?.children ?? [];
      const closed = children.every((child) => child.type !== 'text' || !OPEN_INLINE.test(child.content.replace(INTRAWORD_UNDERSCORE, '')));
      return { html: this.md.renderer.renderInline(children, this.md.options, env), closed };
    };
    if (finished) {
      return { settledHtml: render(content).html, tailHtml: '' };
    }
    const split = this.paragraphSplit(content, inline.map[0], completeLines, source, starts, container);
    if (split !== undefined) {
      const settled = render(content.slice(0, split.at));
      if (settled.closed) {
        return { settledHtml: settled.html, tailHtml: render(content.slice(split.at)).html, nextSettled: split.next };
      }
    }
    return { settledHtml: undefined, tailHtml: render(content).html };
  }

  /** Where a paragraph's content can be split (see paragraphPart), and where the next parse starts. */
  private paragraphSplit(
    content: string,
    firstLine: number,
    completeLines: number,
    source: string,
    starts: readonly number[],
    container: Container,
  ): { at: number; next: { offset: number; prefix: string } } | undefined {
    // The last word may still grow: the split is at the start of a word before it.
    let at = -1;
    for (let i = content.length - 1; i > 0; i--) {
      if ((content[i - 1] === ' ' || content[i - 1] === '\n') && PLAIN_WORD.test(content[i])) {
        at = i;
        break;
      }
    }
    if (at <= 0) {
      return undefined;
    }
    const lineIndex = content.slice(0, at).split('\n').length - 1;
    const contentLine = content.slice(content.lastIndexOf('\n', at - 1) + 1, (content.indexOf('\n', at) + 1 || content.length + 1) - 1);
    const line = firstLine + lineIndex;
    if (lineIndex > 0 && line >= completeLines && !PLAIN_LINE_START.test(contentLine)) {
      return undefined;
    }
    // A line with a pipe may yet turn out to be a table's header row, which ends the paragraph
    // before it: settle inside it only at its start.
    if (content[at - 1] !== '\n' && contentLine.includes('|')) {
      return undefined;
    }
    // The content line is the source line less its container markers (`> `) and indentation.
    const lineStart = starts[line];
    const lineEnd = (starts[line + 1] ?? source.length + 1) - 1;
    const sourceLine = source.slice(lineStart, lineEnd).replace(/\r$/, '');
    const markers = sourceLine.indexOf(contentLine);
    if (markers < 0 || !/^[\s>]*$/.test(sourceLine.slice(0, markers))) {
      return undefined;
    }
    const column = at - (content.lastIndexOf('\n', at - 1) + 1);
    const position = lineStart + markers + column;
    if (position < container.prefix.length) {
      return undefined;
    }
    // The next parse starts mid-line: the line's markers go before it, so it is still inside its quotes.
    const quotes = (sourceLine.slice(0, markers).match(/>/g) ?? []).length;
    if (quotes !== this.stack.filter((open) => open.kind === 'quote').length) {
      return undefined; // a lazy continuation line: parsed from inside it, the text would leave its quotes
    }
    const markerPrefix = '> '.repeat(quotes);
    return { at, next: { offset: container.settled + position - container.prefix.length, prefix: markerPrefix } };
  }

  /**
   * Tight lists hide their items' paragraphs. The items settled so far were rendered with what the
   * list was then; the tail parse knows only its own items. A list that turns loose must be rebuilt
   * (once: it never turns tight again); otherwise the tail is rendered as the whole list is.
   */
  private fixTightness(container: Container, tokens: Token[], open: number, close: number, depth: number): boolean {
    const paragraphs = tokens.slice(open, close).filter((token) => token.type === 'paragraph_open' && token.level === depth + 2);
    if (paragraphs.length === 0) {
      return true;
    }
    let tailTight = paragraphs[0].hidden;
    // A blank line before the first unsettled item makes the list loose, which the tail parse cannot see.
    if (container.settled > container.start && this.blankLineBefore(container.settled)) {
      tailTight = false;
    }
    if (container.tight === true && !tailTight) {
      return false;
    }
    container.tight ??= tailTight;
    for (const paragraph of paragraphs) {
      paragraph.hidden = container.tight;
    }
    for (const token of tokens.slice(open, close)) {
      if (token.type === 'paragraph_close' && token.level === depth + 2) token.hidden = container.tight;
    }
    return true;
  }

  /** The open containers were wrong: drop them and render the open block again from its start. */
  private discard(update: RenderUpdate): boolean {
    this.stack = [];
    this.work.rebuilds++;
    update.ops.push({ type: 'discardOpen' });
    return false;
  }

  /**
   * True when the line that ends at `offset` (a line start) holds nothing but whitespace and quote markers.
   * Read backwards from `offset`, a character at a time, so it costs that line, not the text before it.
   */
  private blankLineBefore(offset: number): boolean {
    let end = offset;
    if (this.text.charAt(end - 1) === '\n') {
      end--;
      if (this.text.charAt(end - 1) === '\r') end--;
    }
    for (let at = end - 1; at >= 0; at--) {
      const character = this.text.charAt(at);
      if (character === '\n') return true;
      if (!BLANK_LINE_CHARACTER.test(character)) return false;
    }
    return true;
  }

  private commit(finishedSource: string): void {
    this.committedLength += finishedSource.length;
    this.collectReferences(finishedSource);
  }

  /**
   * Reference definitions produce no tokens: those in `source` (text that no longer changes) are collected
   * for the text after it by parsing it again, when it can hold a new one: it was parsed before, and those
   * parses found labels not yet known. (An answer that defines the same reference in every section, or
   * only writes `]:` in code, is not parsed twice.)
   */
  private collectReferences(source: string): void {
    if (this.referencesFound && source.includes(']:')) {
      // (Reference definitions are blocks: the block rules find them.)
      this.blocks.parse(source, { references: this.references });
      this.work.parsedChars += source.length;
    }
  }
}

/** True when `token` opens the same kind of container as `container` at `level`. */
function opens(token: Token, container: Container, level: number): boolean {
  return token.level === level && token.type === container.openType && (container.kind !== 'list' || token.markup === container.markup);
}

/** Index of the token closing the block opened at tokens[open]. */
function closingIndex(tokens: readonly Token[], open: number): number {
  const { level } = tokens[open];
  if (tokens[open].nesting !== 1) {
    return open;
  }
  for (let i = open + 1; i < tokens.length; i++) {
    if (tokens[i].level === level && tokens[i].nesting === -1) {
      return i;
    }
  }
  return tokens.length - 1;
}

/** Indices of the children of the container opened at tokens[open] (items, body rows or blocks). */
function childStarts(tokens: readonly Token[], open: number, close: number, kind: ContainerKind, depth: number): number[] {
  const childLevel = kind === 'table' ? depth + 2 : depth + 1;
  const starts: number[] = [];
  for (let i = open + 1; i < close; i++) {
    const token = tokens[i];
    if (token.level !== childLevel || token.nesting === -1 || token.map === null) continue;
    if (kind === 'table' && token.type !== 'tr_open') continue;
    if (kind === 'table' && tokens.slice(open, i).every((t) => t.type !== 'tbody_open')) continue;
    starts.push(i);
  }
  return starts;
}

/** Where the children's tokens end: before the container's closing token(s). */
function lastChildEnd(tokens: readonly Token[], close: number, kind: ContainerKind): number {
  return kind === 'table' ? close - 1 : close;
}


/** Line breaks as markdown-it normalizes them before parsing (and NUL as U+FFFD). */
function normalizeSource(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
}

