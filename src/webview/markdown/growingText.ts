// The text of a streaming answer as it grows, for a renderer that slices its open part out of it
// every frame.
//
// Not one string: V8 keeps `text += piece` as a rope, and the first slice taken from a rope copies all
// of it into one flat string. A renderer holding the whole answer that way, and slicing its open block
// out of it each frame, copied the whole answer each frame: the copies grew with the square of the
// answer's length (Chromium, heap sampling of the page with a mixed answer arriving at 150 KB/s:
// 1.3, 4.4 and 15.0 MB of slices for 50, 100 and 200 KB, of 10.9, 23.5 and 52.8 MB the page allocated in
// all: the largest single part), each a large object that pushes the next full garbage collection nearer. Held in pieces, a slice copies at
// most what it returns, and a piece being appended to.

/** Appended text goes into the last piece until it is this long; then a new piece starts. */
export const PIECE_CHARS = 4_096;

export class GrowingText {
  private pieces: string[] = [];
  /** Where each piece starts in the text. */
  private starts: number[] = [];
  private total = 0;
  /** The last piece was appended to since it was last read: reading it copies it whole (V8 flattens it). */
  private lastAppended = false;
  /** `work.copiedChars` counts the characters copied to read the text (joins over pieces, appended-to pieces flattened). */
  constructor(private readonly work: { copiedChars: number } = { copiedChars: 0 }) {}

  get length(): number {
    return this.total;
  }

  append(text: string): void {
    if (text === '') return;
    const last = this.pieces.length - 1;
    if (last >= 0 && this.pieces[last].length < PIECE_CHARS) {
      this.pieces[last] += text;
      this.lastAppended = true;
    } else {
      this.pieces.push(text);
      this.starts.push(this.total);
      this.lastAppended = false;
    }
    this.total += text.length;
  }

  /** The text from `start` to `end` (String.prototype.slice's bounds, without negative ones). */
  slice(start = 0, end = this.total): string {
    const from = Math.max(0, Math.min(start, this.total));
    const to = Math.max(from, Math.min(end, this.total));
    if (from === to) return '';
    let index = this.pieceAt(from);
    const firstEnd = this.starts[index] + this.pieces[index].length;
    if (to <= firstEnd) return this.read(index).slice(from - this.starts[index], to - this.starts[index]);
    const parts = [this.read(index).slice(from - this.starts[index])];
    for (index++; index < this.pieces.length && this.starts[index] < to; index++) {
      parts.push(this.read(index).slice(0, to - this.starts[index]));
    }
    this.work.copiedChars += to - from;
    return parts.join('');
  }

  /** The character at `index`, or '' outside the text. */
  charAt(index: number): string {
    if (index < 0 || index >= this.total) return '';
    const piece = this.pieceAt(index);
    return this.read(piece).charAt(index - this.starts[piece]);
  }

  /** True when `text` begins with this text. */
  isPrefixOf(text: string): boolean {
    return text.length >= this.total && this.pieces.every((piece, index) => text.startsWith(piece, this.starts[index]));
  }

  /** All of the text, as one string (kept as the only piece, so asking again copies nothing). */
  toString(): string {
    if (this.pieces.length > 1) {
      const whole = this.pieces.join('');
      this.work.copiedChars += whole.length;
      this.pieces = [whole];
      this.starts = [0];
      this.lastAppended = false;
    }
    return this.pieces.length === 0 ? '' : this.read(0);
  }

  /** The piece at `index`, counting the copy reading it makes when it was appended to since. */
  private read(index: number): string {
    if (this.lastAppended && index === this.pieces.length - 1) {
      this.work.copiedChars += this.pieces[index].length;
      this.lastAppended = false;
    }
    return this.pieces[index];
  }

  /** The index of the piece holding offset `at` (0 <= at < length). */
  private pieceAt(at: number): number {
    let low = 0;
    let high = this.pieces.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * Text waiting to be rendered: appended at the end, taken from the front in slices. Not a string that
 * each frame appends to and slices the rest off: while the page is behind the stream, the first slice
 * after an append copied all the text still waiting (see above).
 */
export class TextQueue {
  private text: GrowingText;
  private taken = 0;

  constructor(private readonly work: { copiedChars: number } = { copiedChars: 0 }) {
    this.text = new GrowingText(work);
  }

  get length(): number {
    return this.text.length - this.taken;
  }

  push(text: string): void {
    this.text.append(text);
  }

  /** Takes the first `size` characters (fewer when fewer are waiting). */
  take(size: number): string {
    const taken = this.text.slice(this.taken, this.taken + size);
    this.taken += taken.length;
    if (this.taken === this.text.length) this.clear();
    return taken;
  }

  /** All that is waiting, left waiting. */
  toString(): string {
    return this.text.slice(this.taken);
  }

  clear(): void {
    this.text = new GrowingText(this.work);
    this.taken = 0;
  }
}
