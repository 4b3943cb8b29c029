// Incremental markdown rendering for a text that only grows (a streaming answer).
//
// Each render parses only the open part of the text: blocks found finished are rendered
// one last time and committed, so they are never parsed again; the open tail block is
// rendered again on the next call. An answer of n characters therefore costs O(n) parsing
// overall (plus the size of the open block per call), not O(n²). DOM-free, so it is unit
// tested and benchmarked in Node.
import type MarkdownIt from 'markdown-it';
import { splitOpenTail } from './blockSplitter';
import type { HighlightCache } from './highlight';
import { fenceLanguage, type StreamingEnv } from './markdownEngine';

export interface RenderUpdate {
  /** The text was replaced, not extended: drop everything rendered so far first. */
  reset: boolean;
  /** HTML of blocks finished since the previous update: append once and keep. */
  finishedHtml: string;
  /** HTML of the still-open tail: replaces the previous tail. Empty after a final render. */
  tailHtml: string;
  /**
   * Set (and tailHtml empty) while the open tail is one code block: its language and code so
   * far, so the view can extend the block in place rather than rebuild it every frame.
   */
  openCode?: { language: string; code: string };
}

/** Counters of the work done, for tests and the benchmark (they count work rather than time it). */
export interface RenderWork {
  renders: number;
  /** Characters handed to the markdown parser, summed over all renders. */
  parsedChars: number;
  /** Top-level blocks committed as finished. */
  finishedBlocks: number;
  /** Characters of code handed to the syntax highlighter, summed over all renders. */
  highlightedChars: number;
}

type References = Record<string, unknown>;

export class StreamingMarkdownRenderer {
  private text = '';
  private committedLength = 0;
  /** Reference-link definitions from committed blocks, so later blocks can use them. */
  private references: References = {};
  private pendingReset = false;
  private readonly highlightCaches: HighlightCache[] = [];
  readonly work: RenderWork = { renders: 0, parsedChars: 0, finishedBlocks: 0, highlightedChars: 0 };

  constructor(private readonly md: MarkdownIt) {}

  get source(): string {
    return this.text;
  }

  append(chunk: string): void {
    this.text += chunk;
  }

  /** Sets the full text: an extension of the current text is appended, anything else starts over. */
  setText(text: string): void {
    if (text.startsWith(this.text)) {
      this.append(text.slice(this.text.length));
      return;
    }
    this.text = text;
    this.committedLength = 0;
    this.references = {};
    this.pendingReset = true;
  }

  /**
   * Renders what changed since the previous call. `final` (the answer is complete)
   * commits the tail too, so nothing stays open.
   */
  render(final = false): RenderUpdate {
    const open = this.text.slice(this.committedLength);
    const env = { references: { ...this.references } };
    const tokens = this.md.parse(open, env);
    this.work.renders++;
    this.work.parsedChars += open.length;

    const split = final ? { tailToken: tokens.length, tailOffset: open.length } : splitOpenTail(tokens, open);
    const finishedTokens = tokens.slice(0, split.tailToken);
    const tailTokens = tokens.slice(split.tailToken);
    const lone = tailTokens.length === 1 ? tailTokens[0] : undefined;
    const openCode = !final && lone?.type === 'fence' ? { language: fenceLanguage(lone), code: lone.content } : undefined;
    // Finished blocks are highlighted whole, once; the open tail's code blocks keep what they
    // highlighted in earlier frames and highlight only what was added since.
    const finishedEnv: StreamingEnv = { ...env, work: this.work };
    const tailEnv: StreamingEnv = { ...env, work: this.work, highlightCaches: this.highlightCaches, codeBlockIndex: 0 };
    const update: RenderUpdate = {
      reset: this.pendingReset,
      finishedHtml: finishedTokens.length > 0 ? this.md.renderer.render(finishedTokens, this.md.options, finishedEnv) : '',
      tailHtml: openCode === undefined && tailTokens.length > 0 ? this.md.renderer.render(tailTokens, this.md.options, tailEnv) : '',
      ...(openCode && { openCode }),
    };
    this.pendingReset = false;
    this.work.finishedBlocks += finishedTokens.filter((token) => token.level === 0 && token.nesting !== -1).length;
    this.commit(open.slice(0, split.tailOffset));
    return update;
  }

  private commit(finishedSource: string): void {
    this.committedLength += finishedSource.length;
    // Reference definitions produce no tokens; collect them from the committed text once.
    if (finishedSource.includes(']:')) {
      this.md.parse(finishedSource, { references: this.references });
      this.work.parsedChars += finishedSource.length;
    }
  }
}
