// Where a text occurs in rendered messages, as DOM Ranges. Reads the DOM only: it never splits or
// wraps a text node, so the streaming renderer's in-place updates are not disturbed.
import { fold, foldWithMap } from '../../shared/textFold';
import { SEGMENT_HEAD_CLASS } from '../markdown/segmentedTable';

/** Matches in one search; more are not counted (a one-letter query in a long chat). */
export const MAX_FIND_MATCHES = 1000;

/**
 * The ranges where `query` occurs (case and diacritics ignored) in the text of each of `containers`,
 * in document order. A match may span text nodes (a word half in bold) but not containers.
 */
export function findMatches(containers: Iterable<Element>, query: string, limit = MAX_FIND_MATCHES): Range[] {
  const needle = fold(query);
  const ranges: Range[] = [];
  if (!needle.trim()) {
    return ranges;
  }
  for (const container of containers) {
    const doc = container.ownerDocument;
    const nodes: Text[] = [];
    const starts: number[] = [];
    let text = '';
    // Elements too, to leave out the text no one sees: a table segment's header copy, for screen readers.
    const walker = doc.createTreeWalker(container, 1 | 4 /* NodeFilter.SHOW_ELEMENT | SHOW_TEXT */, {
      acceptNode: (node) => ((node as Element).classList?.contains(SEGMENT_HEAD_CLASS) ? 2 /* FILTER_REJECT */ : 1 /* FILTER_ACCEPT */),
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType !== 3 /* TEXT_NODE */) continue;
      nodes.push(node as Text);
      starts.push(text.length);
      text += (node as Text).data;
    }
    if (!text) {
      continue;
    }
    const { folded, origin } = foldWithMap(text);
    for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
      const start = locate(nodes, starts, origin[at]);
      const end = locate(nodes, starts, origin[at + needle.length], true);
      const range = doc.createRange();
      range.setStart(start.node, start.offset);
      range.setEnd(end.node, end.offset);
      ranges.push(range);
      if (ranges.length >= limit) {
        return ranges;
      }
    }
  }
  return ranges;
}

/** The text node and offset of position `index` of the joined text (an end position stays in the node before). */
function locate(nodes: Text[], starts: number[], index: number, isEnd = false): { node: Text; offset: number } {
  let low = 0;
  let high = nodes.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    const start = starts[mid];
    if (start < index || (!isEnd && start === index)) low = mid;
    else high = mid - 1;
  }
  return { node: nodes[low], offset: index - starts[low] };
}
