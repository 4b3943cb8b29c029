// How much rendering one frame may still do, shared by every message view of the page: an echoed
// 100 KB prompt and its streaming answer render in the same frames, and a budget of their own each
// would add up to one long task.

/**
 * New characters rendered per frame at most. Measured in the editor on a 2-core machine, parsing,
 * sanitizing, highlighting and the DOM cost 5–15 µs per character (code: more), so a frame renders
 * its text in slices of SLICE_CHARS and stops after FRAME_BUDGET_MS, whichever comes first; the
 * browser's style, layout and paint of what was added follow in the next frame (main.ts renders in a
 * task right after a frame), and grow with it.
 */
export const FRAME_BUDGET_CHARS = 8_000;
/** Characters rendered at once; a frame renders at least one slice. */
export const SLICE_CHARS = 1_000;
/** A frame starts no new slice after this long: its layout and paint still follow. */
export const FRAME_BUDGET_MS = 10;

export class FrameBudget {
  private started = 0;
  private spent = 0;

  /** `now` in milliseconds (tests pass a fake clock). */
  constructor(readonly now: () => number = () => performance.now()) {}

  /** A new frame (or a host message handled between frames): nothing spent yet. */
  startFrame(): void {
    this.started = this.now();
    this.spent = 0;
  }

  /** The size of the next slice, or 0 when this frame has done enough (its first slice always fits). */
  nextSlice(): number {
    if (this.spent === 0) return SLICE_CHARS;
    if (this.spent >= FRAME_BUDGET_CHARS || this.now() - this.started >= FRAME_BUDGET_MS) return 0;
    return Math.min(SLICE_CHARS, FRAME_BUDGET_CHARS - this.spent);
  }

  spend(chars: number): void {
    this.spent += chars;
  }
}
