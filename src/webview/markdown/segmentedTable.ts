// A table that streams, split into tables of TABLE_SEGMENT_ROWS rows each, one under the other in the table's
// scroll box, so that a row added lays out the segment it goes into, not all of the table. The browser lays a
// table out whole whenever a row is added (Chromium: `table-layout: fixed`, cells that do not wrap, containment on
// the body or the scroll box did not change that), so each frame of a long table that grew cost more than the one
// before (in the editor, 15–23 ms of layout a frame at 400–480 rows). Measured in plain Chromium at the chat view's
// width (300 px), five rows a frame, the layout of the last 16 frames of a 480-row table: 78–84 ms as one table,
// 18–20 split every 100 rows.
//
// The columns line up: when the first segment is full, its header cells are measured once, and every segment, the
// first included, gets those widths (a `<colgroup>`) and `table-layout: fixed`. The widths are the ones the browser
// gave the table's first rows; a later, wider cell wraps within its column (`overflow-wrap: anywhere` in chat.css)
// instead of widening it, and resizing the view leaves them as they are (the scroll box scrolls sideways).
// A table that cannot be measured (not laid out: a hidden page, or no header) stays one table.
//
// Each later segment holds a copy of the header row, of no height (chat.css), so that a screen reader meets a data table
// with its column headers: without one, Chromium took a segment for a table used for layout and read its rows as text
// (its accessibility tree, checked through the DevTools protocol). Find in the chat skips the copies, and text selection
// leaves them out.
import { Segments } from './segments';

/** Rows in a segment of a streaming table. */
export const TABLE_SEGMENT_ROWS = 100;

/** The class a table gets once its columns are fixed to the first segment's widths (chat.css). */
export const TABLE_SEGMENT_CLASS = 'table-segment';

/** The class of a later segment's copy of the header row, there for screen readers only (chat.css, findMatches.ts). */
export const SEGMENT_HEAD_CLASS = 'table-segment-head';

export class SegmentedTable extends Segments<HTMLTableSectionElement> {
  private widths: number[] | undefined;

  /** `table`: the table as rendered so far (its header and `body`), already in the document. */
  constructor(
    private readonly table: HTMLTableElement,
    body: HTMLTableSectionElement,
  ) {
    super(body, TABLE_SEGMENT_ROWS);
  }

  /**
   * True once the columns' widths are known: measured the first time this is asked, and the first segment fixed to
   * them. False (the rows stay in the last segment; asked again with the next rows) while they cannot be measured.
   */
  protected override canSplit(): boolean {
    if (this.widths !== undefined) return true;
    this.widths = this.measure();
    if (this.widths === undefined) return false;
    this.fix(this.table);
    return true;
  }

  /** Begins a segment below the last. */
  protected override newSegment(): HTMLTableSectionElement {
    const doc = this.table.ownerDocument;
    const segment = doc.createElement('table');
    const body = doc.createElement('tbody');
    const head = this.table.tHead?.cloneNode(true) as HTMLTableSectionElement | undefined;
    head?.classList.add(SEGMENT_HEAD_CLASS);
    segment.append(...(head ? [head] : []), body);
    this.fix(segment);
    // (After the last segment: the table its body, where the rows went so far, is in.)
    this.body.parentElement?.after(segment);
    return body;
  }

  /** The header cells' widths, or undefined when any is 0 (the table is not laid out). */
  private measure(): number[] | undefined {
    const cells = this.table.tHead?.rows[0]?.cells;
    if (cells === undefined || cells.length === 0) return undefined;
    const widths = Array.from(cells, (cell) => cell.getBoundingClientRect().width);
    return widths.every((width) => width > 0) ? widths : undefined;
  }

  /** Fixes `table`'s columns to the measured widths. */
  private fix(table: HTMLTableElement): void {
    const widths = this.widths ?? [];
    const doc = table.ownerDocument;
    const columns = doc.createElement('colgroup');
    for (const width of widths) {
      const column = doc.createElement('col');
      column.style.width = `${width}px`;
      columns.append(column);
    }
    table.prepend(columns);
    table.style.width = `${widths.reduce((sum, width) => sum + width, 0)}px`;
    table.classList.add(TABLE_SEGMENT_CLASS);
  }
}
