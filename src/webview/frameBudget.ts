// How much rendering one frame may still do, shared by every message view of the page: an echoed
// 100 KB prompt and its streaming answer render in the same frames, and a budget of their own each
// would add up to one long task.

/**
 * New characters rendered per frame at most. Measured in the editor on a 2-core machine, parsing,
 * sanitizing, highlighting and the DOM cost 5–15 µs per character (code: more), so a frame renders
 * its text in slices (SLICE_CHARS) and stops after FRAME_BUDGET_MS, whichever comes first; the
 * browser's style, layout and paint of what was added follow in the next frame (main.ts renders in a
 * task right after a frame), and grow with it.
 *
 * Chosen by measuring in the editor (bench, full-speed mixed, list, table and code answers, runs
 * alternating between the settings): at 10 ms and 8,000 characters 25 of 56 runs had a task over
 * 50 ms; at 6 ms and 5,000, 9 of 88 (the code answer finished sooner, the mixed one ~60 ms later).
 * Less (4 ms, 3,500: 2 of 24) finished later still (mixed: last token shown 588–781 ms after it,
 * against 446–529 in the same runs); more (15 ms, 12,000: 7 of 16) had longer tasks. What a busy
 * 2-core machine stretches past 50 ms is a frame's work plus its layout and paint.
 */
export const FRAME_BUDGET_CHARS = 5_000;
/**
 * Characters rendered at once at least; a frame renders at least one slice. Once the page has measured what a
 * character costs it (FrameBudget), a slice is as large as the frame's time left takes, up to MAX_SLICE_CHARS:
 * each render parses, sanitizes and replaces the unfinished block at the end again, so a frame of a few large
 * slices does less than one of many small ones (a 100 KB mixed answer in plain Node: 40 ms of rendering in
 * slices of 1,000 characters, 25 in slices of 5,000).
 */
export const SLICE_CHARS = 1_000;
/** What one slice may be at most: the measured cost can be wrong for the next text (a table after prose). */
export const MAX_SLICE_CHARS = 5_000;
/** A frame starts no new slice after this long: its layout and paint still follow. */
export const FRAME_BUDGET_MS = 6;

/**
 * The budget of a frame while the page is behind the stream (the last frame left text over):
 * then the view follows the stream only every BEHIND_FOLLOW_MS (conversationView.ts), so most of
 * what a frame adds lands below the visible part, in `.md-chunk`s the browser neither styles, lays
 * out nor paints until they are scrolled to (`content-visibility: auto`). Each frame's own work
 * then no longer grows with what it added, and a frame can render more. Measured in Chromium (the
 * bench's page layer, a 100 KB answer arriving at 1 MB/s, about as the editor delivers a full-speed
 * one; three runs): whole 170–237 ms after its last delta, the main thread busy 246–311 ms, against
 * 300–466 and 382–548 ms at the normal budget (a session earlier); no task over 50 ms. (Those numbers are
 * for 10 ms and 10,000 characters.) 16 ms and 20,000 against 10 and 10,000 in the editor, alternating, ten
 * runs each of the mixed answer and the code block at full speed: medians from the last token to the
 * whole answer shown 400 against 441 ms (mixed) and 372 against 466 (code), 6 runs with a task over 50 ms
 * against 7; in the page layer (two runs) still no task over 50 ms. Traced, the long tasks left in the
 * editor ran 6–20 ms on a CPU (README): what stretches them is not this budget.
 *
 * Not for what goes into an open table: that stays within FRAME_BUDGET_CHARS a frame (nextSlice).
 * The growing block is never skipped (markdownView.ts): the browser styles every row added and lays it
 * out in that frame (a table's last segment whole). (A list's segments but the last are skipped like chunks:
 * markdownView.ts's laidOutWholeOpen.) Traced in the editor, a full-speed 30 KB table behind the stream got ~300 rows
 * in a frame (20,000 characters), and that frame's style and layout (3,400–3,800 dirty layout objects)
 * were tasks of 64–69 ms, all of it on a CPU, in 3 of 3 runs. Capped, alternating with the build before
 * (6 runs each, traced): the longest task of each run 21–39 ms against 41–65, a task over 50 ms in none of
 * 6 runs against 1 (two, of 63 and 65 ms); from the last token to the whole answer, median 187 ms against 168.
 */
export const BEHIND_FRAME_BUDGET_MS = 16;
export const BEHIND_FRAME_BUDGET_CHARS = 20_000;

export class FrameBudget {
  private started = 0;
  private spent = 0;
  /** When this frame last read the clock, and what it had spent then: what a character costs is measured between two readings. */
  private lastReading = 0;
  private spentAtLastReading = 0;
  /** Milliseconds a character has cost to render in this page lately (a moving average); undefined until measured. */
  private msPerChar: number | undefined;
  /** Of `spent`, what went into blocks laid out whole (nextSlice). */
  private spentLaidOutWhole = 0;
  /** A view left text for a later frame since the last frame ended. */
  private textLeft = false;
  private behind = false;

  /** `now` in milliseconds (tests pass a fake clock). */
  constructor(readonly now: () => number = () => performance.now()) {}

  /** True while the page is behind the stream: its last frame ended with text left to render. */
  get isBehind(): boolean {
    return this.behind;
  }

  /** A new frame (or a host message handled between frames): nothing spent yet. */
  startFrame(): void {
    this.started = this.now();
    this.lastReading = this.started;
    this.spent = 0;
    this.spentAtLastReading = 0;
    this.spentLaidOutWhole = 0;
  }

  /** The view of an answer that streamed has text left over for a later frame (MessageView.render). */
  leaveText(): void {
    this.textLeft = true;
  }

  /** The page's frame has run every view's update: behind when any of them left text. */
  endFrame(): void {
    this.behind = this.textLeft;
    this.textLeft = false;
  }

  /**
   * The size of the next slice, or 0 when this frame has done enough (its first slice always fits).
   * `laidOutWhole`: the slice goes into a block the browser lays out in this frame, however far
   * below the view (an open table: see BEHIND_FRAME_BUDGET_MS); what a frame puts into such blocks stays
   * within FRAME_BUDGET_CHARS, behind or not (a small table in a long answer costs the frame nothing more).
   */
  nextSlice(laidOutWhole = false): number {
    return this.slice(this.behind, laidOutWhole);
  }

  /**
   * The size of the next slice of code shown plain while the page was behind, to highlight now that it
   * has caught up (openCodeBlock.ts): that catches up with the stream too, and goes mostly into lines
   * below the view, so it gets the budget of a page behind. Alternating in the editor (4 runs each of the
   * 1,000-line code block at full speed): highlighted 189–274 ms after the last token, against 342–469
   * at the normal budget; runs with a task over 50 ms (this and the mixed answer, 4 each) 3 against 2, every
   * such task in the stream's first 100 ms, before any highlighting.
   */
  nextCatchUpSlice(): number {
    return this.slice(true, false);
  }

  private slice(behind: boolean, laidOutWhole: boolean): number {
    const [chars, ms] = behind ? [BEHIND_FRAME_BUDGET_CHARS, BEHIND_FRAME_BUDGET_MS] : [FRAME_BUDGET_CHARS, FRAME_BUDGET_MS];
    // (The first slice of a frame reads no clock: it always fits.)
    const elapsed = this.spent === 0 ? 0 : this.read() - this.started;
    if (this.spent > 0 && (this.spent >= chars || elapsed >= ms)) return 0;
    const laidOutWholeLeft = laidOutWhole ? FRAME_BUDGET_CHARS - this.spentLaidOutWhole : Infinity;
    if (laidOutWholeLeft <= 0) return 0;
    const fits = this.msPerChar === undefined ? SLICE_CHARS : Math.floor((ms - elapsed) / this.msPerChar);
    return Math.min(Math.max(SLICE_CHARS, Math.min(fits, MAX_SLICE_CHARS)), chars - this.spent, laidOutWholeLeft);
  }

  /** Reads the clock, and measures what the characters spent since the last reading cost. */
  private read(): number {
    const now = this.now();
    const chars = this.spent - this.spentAtLastReading;
    if (chars > 0) {
      // Slower at once, faster gradually: a slice too large for the frame is a long task, one too small only a render more.
      const sample = (now - this.lastReading) / chars;
      this.msPerChar = this.msPerChar === undefined || sample > this.msPerChar ? sample : (this.msPerChar + sample) / 2;
    }
    this.lastReading = now;
    this.spentAtLastReading = this.spent;
    return now;
  }

  /** `laidOutWhole` as the slice's nextSlice was asked with. */
  spend(chars: number, laidOutWhole = false): void {
    this.spent += chars;
    if (laidOutWhole) this.spentLaidOutWhole += chars;
  }
}
