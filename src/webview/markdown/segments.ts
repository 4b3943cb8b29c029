// A growing block split into segments: a table or a list that streams goes on, every so many rows or items, in a new
// element of its kind after the last (segmentedTable.ts, segmentedList.ts). The browser lays a table out whole for each
// row added, and walks every item of a list it re-lays out; with segments, what is added lays out the segment it goes
// into, not all of the block.

export abstract class Segments<Body extends HTMLElement> {
  /** Children (rows, items) so far, in all segments; and in the last. */
  private all: number;
  private inLast: number;

  /** `body`: where the children go until the first split (the table's body, the list itself), already in the document. */
  constructor(
    private segmentBody: Body,
    private readonly perSegment: number,
  ) {
    this.all = this.inLast = segmentBody.children.length;
  }

  /** Where the children go now: the last segment's. */
  get body(): Body {
    return this.segmentBody;
  }

  /** Children so far, in all segments. */
  get count(): number {
    return this.all;
  }

  /**
   * Appends the children in `fragment` (elements; the text between them goes along), in a new segment each
   * `perSegment` of them, while `canSplit` says the block can be split. The DOM operations it took.
   */
  append(fragment: DocumentFragment): number {
    let operations = 0;
    let group: Node[] = [];
    // Asked once a call at most while it says no (for a table, asking lays the page out).
    let canSplit = true;
    for (const node of Array.from(fragment.childNodes)) {
      if (node.nodeType === node.ELEMENT_NODE) {
        if (canSplit && this.inLast >= this.perSegment) canSplit = this.canSplit();
        if (canSplit && this.inLast >= this.perSegment) {
          operations += this.flush(group) + 1;
          group = [];
          this.segmentBody = this.newSegment(this.all);
          this.inLast = 0;
        }
        this.inLast++;
        this.all++;
      }
      group.push(node);
    }
    return operations + this.flush(group);
  }

  /** True when the block can go on in a new segment now. */
  protected abstract canSplit(): boolean;

  /** Puts a new segment after the last, and returns where its children go; `before`: the children in the earlier ones. */
  protected abstract newSegment(before: number): Body;

  private flush(group: Node[]): number {
    if (group.length === 0) return 0;
    this.segmentBody.append(...group);
    return 1;
  }
}
