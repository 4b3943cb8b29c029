// A streaming list goes into segments of LIST_SEGMENT_ITEMS items (segmentedList.ts), so that an item added lays out
// one segment, not the whole list: lists that read as one (no margin between them, an ordered one numbering on).
import * as assert from 'node:assert/strict';
import { FRAME_BUDGET_CHARS } from '../../../../src/webview/frameBudget';
import { MarkdownView, SEGMENTED_CHUNK_CLASS } from '../../../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { LIST_CONTINUED_CLASS, LIST_SEGMENT_CLASS, LIST_SEGMENT_ITEMS } from '../../../../src/webview/markdown/segmentedList';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import { createWindow, fullRenderHtml, shownHtml } from '../domFixture';
import { chunk, md, seededRandom } from './streamFixture';

const window = createWindow();
const sanitize = createSanitizer(window);

const bullet = (i: number): string => `- item ${i}: a **bold** word, \`code\` and a [link](https://example.com/${i})\n`;
const numbered = (start: number) => (i: number): string => `${start + i}. step ${start + i} of the plan\n`;
const list = (items: number, item: (i: number) => string = bullet, quote = ''): string =>
  `Intro.\n\n${Array.from({ length: items }, (_, i) => item(i)).join('').replace(/^/gm, quote).replace(new RegExp(`${quote}$`), '')}\nAfter.\n`;

/** A view of its own whose frames the test runs (a clock that moves 16 ms a frame). */
function newView(): { container: HTMLElement; view: MarkdownView; frame: (final: boolean) => boolean } {
  let clock = 0;
  const container = window.document.createElement('div');
  window.document.body.append(container);
  const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => clock);
  return { container, view, frame: (final) => { clock += 16; return view.update(final); } };
}

/** Streams `text`, `perFrame` characters a frame; the container after the last frame. */
function stream(text: string, perFrame: number): HTMLElement {
  const { container, view, frame } = newView();
  for (let offset = 0; offset < text.length; offset += perFrame) {
    view.append(text.slice(offset, offset + perFrame));
    frame(false);
  }
  while (frame(true));
  return container;
}

const fullRender = (text: string): string => fullRenderHtml(window, (source) => md.render(source), text);
const listsOf = (container: HTMLElement): HTMLElement[] => Array.from(container.querySelectorAll('ul, ol'));

/** The segments are siblings, each but the first a segment, each but the last continued, none over the limit. */
function assertSegments(lists: HTMLElement[], count: number): void {
  assert.equal(lists.length, count, 'segments');
  for (const [index, segment] of lists.entries()) {
    assert.ok(segment.children.length <= LIST_SEGMENT_ITEMS, `segment ${index}: ${segment.children.length} items`);
    assert.equal(segment.classList.contains(LIST_SEGMENT_CLASS), index > 0, `segment ${index} is a later segment`);
    assert.equal(segment.classList.contains(LIST_CONTINUED_CLASS), index < lists.length - 1, `segment ${index} is continued`);
    if (index > 0) assert.equal(lists[index - 1].nextElementSibling, segment, `segment ${index} follows the one before`);
  }
}

describe('webview/markdown: a streaming list in segments of LIST_SEGMENT_ITEMS items', () => {
  const cases: [string, number][] = [['an item a frame', 70], ['a frame\'s budget at a time', FRAME_BUDGET_CHARS], ['all at once (the view renders it a frame\'s budget at a time)', 1_000_000]];
  for (const [how, perFrame] of cases) {
    it(`${how}: no segment over LIST_SEGMENT_ITEMS items, the items in order; shown as a full render`, () => {
      const items = 4 * LIST_SEGMENT_ITEMS + 37;
      const text = list(items);
      const container = stream(text, perFrame);
      const lists = listsOf(container);
      assertSegments(lists, Math.ceil(items / LIST_SEGMENT_ITEMS));
      const numbers = Array.from(container.querySelectorAll('li'), (item) => Number(/item (\d+)/.exec(item.textContent ?? '')?.[1]));
      assert.deepEqual(numbers, Array.from({ length: items }, (_, i) => i));
      assert.equal(shownHtml(container), fullRender(text));
    });
  }

  it('an ordered list numbers on: each segment starts where the one before ended', () => {
    const items = 2 * LIST_SEGMENT_ITEMS + 5;
    const text = list(items, numbered(7));
    const container = stream(text, 90);
    const lists = listsOf(container);
    assertSegments(lists, 3);
    assert.deepEqual(lists.map((segment) => segment.tagName), ['OL', 'OL', 'OL']);
    assert.deepEqual(lists.map((segment) => segment.getAttribute('start')), ['7', String(7 + LIST_SEGMENT_ITEMS), String(7 + 2 * LIST_SEGMENT_ITEMS)]);
    assert.equal(shownHtml(container), fullRender(text));
  });

  it('in a quote too', () => {
    const items = 2 * LIST_SEGMENT_ITEMS + 5;
    const text = list(items, bullet, '> ');
    const container = stream(text, 80);
    const lists = listsOf(container);
    assertSegments(lists, 3);
    assert.ok(lists.every((segment) => segment.parentElement?.tagName === 'BLOCKQUOTE'));
    assert.equal(shownHtml(container), fullRender(text));
  });

  it('a finished list stays where it is: none of its segments is moved (moving one lays it all out again)', () => {
    const items = 3 * LIST_SEGMENT_ITEMS;
    const text = list(items);
    const { container, view, frame } = newView();
    const observer = new window.MutationObserver(() => undefined);
    observer.observe(container, { childList: true, subtree: true });
    for (let offset = 0; offset < text.length; offset += 200) {
      view.append(text.slice(offset, offset + 200));
      frame(false);
    }
    while (frame(true));
    const lists = listsOf(container);
    assertSegments(lists, 3);
    const moved = observer.takeRecords().flatMap((record) => Array.from(record.removedNodes)).filter((node) => lists.includes(node as HTMLElement));
    assert.deepEqual(moved, []);
    assert.ok(lists.every((segment) => segment.parentElement?.classList.contains('md-chunk')), 'the list became a chunk where it was');
    assert.equal(shownHtml(container), fullRender(text));
  });

  /** Streams `text` 200 characters a frame into a view of its own: the view, and the chunks it ended in. */
  const streamed = (text: string): { view: MarkdownView; chunks: HTMLElement[]; container: HTMLElement } => {
    const { container, view, frame } = newView();
    for (let offset = 0; offset < text.length; offset += 200) {
      view.append(text.slice(offset, offset + 200));
      frame(false);
    }
    while (frame(true));
    return { view, chunks: Array.from(container.querySelectorAll<HTMLElement>('.md-chunk')), container };
  };

  it('its segments but the last are skipped off screen, so the chunk it ends in is not, and its message counts as long', () => {
    // (chat.css skips `.list-continued` and shows `.md-chunk.md-segmented`; a message that is `long` is skipped chunk by
    // chunk, never whole: never one skipped inside another.)
    const text = list(2 * LIST_SEGMENT_ITEMS + 5);
    const { view, chunks, container } = streamed(text);
    assert.equal(view.long, true, 'the message counts as long');
    const segmented = chunks.filter((chunk) => chunk.classList.contains(SEGMENTED_CHUNK_CLASS));
    assert.equal(segmented.length, 1, `chunks: ${chunks.map((chunk) => chunk.className).join(', ')}`);
    assert.deepEqual(listsOf(segmented[0]), listsOf(container), 'every segment in it');
    assert.equal(segmented[0].textContent?.includes('After.'), false, 'the block after the list starts a chunk of its own');
    assert.equal(shownHtml(container), fullRender(text));
  });

  it('a list in a quote: the chunk the quote ends in is not skipped either', () => {
    const { view, chunks, container } = streamed(list(2 * LIST_SEGMENT_ITEMS + 5, bullet, '> '));
    assert.equal(view.long, true);
    const segmented = chunks.filter((chunk) => chunk.classList.contains(SEGMENTED_CHUNK_CLASS));
    assert.equal(segmented.length, 1);
    assert.equal(segmented[0].querySelector('blockquote')?.querySelectorAll('ul').length, listsOf(container).length);
  });

  it('a list of LIST_SEGMENT_ITEMS items or fewer is one list: no chunk marked, its message not long for it', () => {
    const { view, chunks } = streamed(list(LIST_SEGMENT_ITEMS));
    assert.equal(view.long, false);
    assert.deepEqual(chunks.filter((chunk) => chunk.classList.contains(SEGMENTED_CHUNK_CLASS)), []);
  });

  it('whatever follows it and however the text arrives, no segment skipped off screen ends in a chunk that is skipped too', () => {
    const long = (quote = ''): string => Array.from({ length: LIST_SEGMENT_ITEMS + 30 }, (_, i) => `${quote}${bullet(i)}`).join('');
    const texts = [
      `${long()}\nAfter.\n`,
      `${long()}After, lazily on.\n\nNext.\n`,
      `${long()}\n\`\`\`js\nconst x = 1;\n\`\`\`\n`,
      `${long()}\n${long()}`,
      `${long('> ')}\nAfter.\n`,
      `Intro.\n\n${long()}\n| a | b |\n|---|---|\n| 1 | 2 |\n`,
    ];
    for (const [index, text] of texts.entries()) {
      for (const maxPiece of [90, 700, 6_000]) {
        const { container, view, frame } = newView();
        for (const piece of chunk(text, maxPiece, seededRandom(index * 10 + maxPiece))) {
          view.append(piece);
          frame(false);
        }
        while (frame(true));
        const skipped = Array.from(container.querySelectorAll(`.${LIST_CONTINUED_CLASS}`));
        assert.ok(skipped.length > 0, `text ${index}, pieces of up to ${maxPiece}: no list in segments`);
        for (const segment of skipped) {
          assert.ok(segment.closest('.md-chunk')?.classList.contains(SEGMENTED_CHUNK_CLASS), `text ${index}, pieces of up to ${maxPiece}: a segment in a chunk skipped too`);
        }
        assert.equal(view.long, true);
        assert.equal(shownHtml(container), fullRender(text), `text ${index}, pieces of up to ${maxPiece}`);
      }
    }
  });

  it('a list that turns loose after it went into segments is rebuilt whole: no segment of the tight one is left', () => {
    const items = 2 * LIST_SEGMENT_ITEMS + 20;
    const tight = Array.from({ length: items }, (_, i) => bullet(i)).join('');
    // A blank line between two items makes the whole list loose (its items' text in paragraphs).
    const text = `${tight}\n${bullet(items)}${bullet(items + 1)}\nAfter.\n`;
    const container = stream(text, 150);
    const lists = listsOf(container);
    assertSegments(lists, 3);
    assert.equal(container.querySelectorAll('li > p').length, items + 2, 'every item loose');
    assert.equal(shownHtml(container), fullRender(text));
  });
});
