// A list that streams, split into lists of LIST_SEGMENT_ITEMS items each, one after the other, that read as one: a later
// segment has no top margin and the one before it no bottom margin (chat.css), and an ordered one numbers on (`start`).
// The browser re-lays out a list that grew by walking all of its items, so each frame of a long list cost more than the
// one before. Measured in plain Chromium at the chat view's width, ten items a frame, an 800-item list: layout 98–116 ms
// in all split every 50–100 items, against 151–171 as one list.
//
// Each segment but the last is skipped off screen (chat.css, `.list-continued`), as a finished chunk is: while the page
// is behind a fast stream, what a frame adds below the view is laid out only in the last segment, so a frame can take
// as much of a list as of prose (markdownView.ts's laidOutWholeOpen).
//
// A screen reader meets several lists of up to LIST_SEGMENT_ITEMS items each rather than one; an ordered one's numbers
// go on from one to the next.
import { Segments } from './segments';

/** Items in a segment of a streaming list. */
export const LIST_SEGMENT_ITEMS = 100;

/** The class of a list followed by a segment of it (chat.css: no bottom margin; skipped off screen, as a chunk is). */
export const LIST_CONTINUED_CLASS = 'list-continued';

/** The class of a later segment (chat.css: no top margin). */
export const LIST_SEGMENT_CLASS = 'list-segment';

export class SegmentedList extends Segments<HTMLElement> {
  private readonly lists: HTMLElement[];

  /** `list`: the `<ul>` or `<ol>` as rendered so far, already in the document. */
  constructor(private readonly list: HTMLElement) {
    super(list, LIST_SEGMENT_ITEMS);
    this.lists = [list];
  }

  /** The list and its segments, in order. */
  get segments(): readonly HTMLElement[] {
    return this.lists;
  }

  protected override canSplit(): boolean {
    return true;
  }

  /** Begins a segment after the last: a list like the first (its tag and attributes), numbering on. */
  protected override newSegment(before: number): HTMLElement {
    const segment = this.list.cloneNode(false) as HTMLElement;
    segment.classList.remove(LIST_CONTINUED_CLASS);
    segment.classList.add(LIST_SEGMENT_CLASS);
    if (segment.tagName === 'OL') {
      const start = Number.parseInt(this.list.getAttribute('start') ?? '1', 10);
      segment.setAttribute('start', String((Number.isNaN(start) ? 1 : start) + before));
    }
    const last = this.body;
    last.classList.add(LIST_CONTINUED_CLASS);
    last.after(segment);
    this.lists.push(segment);
    return segment;
  }
}
