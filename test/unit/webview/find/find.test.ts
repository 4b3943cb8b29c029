import * as assert from 'node:assert/strict';
import type { TranscriptMessage } from '../../../../src/shared/protocol';
import { findMatches } from '../../../../src/webview/find/findMatches';
import { createFindHighlighter, FIND_CURRENT_HIGHLIGHT, FIND_HIGHLIGHT } from '../../../../src/webview/find/findHighlights';
import { SEGMENT_HEAD_CLASS } from '../../../../src/webview/markdown/segmentedTable';
import { createWindow } from '../domFixture';
import { createAppHarness, key, stateMessage, type AppHarness } from '../appHarness';

let nextId = 1;
function message(role: TranscriptMessage['role'], content: string, extra: Partial<TranscriptMessage> = {}): TranscriptMessage {
  return { id: `f${nextId++}`, role, content, status: 'done', createdAt: 1, ...extra };
}

function openFind(h: AppHarness, query: string): HTMLInputElement {
  h.doc.dispatchEvent(key(h.window, 'keydown', { key: 'f', ctrlKey: true }));
  const input = h.$<HTMLInputElement>('.find-bar .find-input');
  input.value = query;
  input.dispatchEvent(new h.window.Event('input', { bubbles: true }));
  return input;
}

const count = (h: AppHarness): string => h.$('.find-bar .find-count').textContent ?? '';

describe('Find in chat (jsdom)', () => {
  it('finds text across inline markup, ignoring case and accents, without touching the DOM', () => {
    const window = createWindow();
    const doc = window.document;
    const root = doc.createElement('div');
    root.innerHTML = '<p>The <strong>Ca</strong>fé and the CAFE</p><p>no match here</p>';
    const before = root.innerHTML;
    const ranges = findMatches([root], 'cafe');
    assert.deepEqual(ranges.map((range) => range.toString()), ['Café', 'CAFE']);
    assert.equal(root.innerHTML, before);
    assert.deepEqual(findMatches([root], '   '), []);
    assert.deepEqual(findMatches([root], '.*'), [], 'the query is text, not a pattern');
    assert.equal(findMatches([root], 'e', 2).length, 2, 'stops at the limit');
  });

  it('leaves out the header copies of a streamed table\'s later segments (there for screen readers, of no height)', () => {
    const doc = createWindow().document;
    const root = doc.createElement('div');
    const head = '<thead><tr><th>Name</th></tr></thead>';
    root.innerHTML = `<table>${head}<tbody><tr><td>first name</td></tr></tbody></table>`
      + `<table>${head.replace('<thead>', `<thead class="${SEGMENT_HEAD_CLASS}">`)}<tbody><tr><td>last</td></tr></tbody></table>`;
    assert.deepEqual(findMatches([root], 'name').map((range) => range.toString()), ['Name', 'name']);
    assert.deepEqual(findMatches([root], 'last').map((range) => range.toString()), ['last']);
  });

  it('uses CSS highlights when the browser has them: every match, and the current one', () => {
    const window = createWindow();
    const registry = new Map<string, { ranges: Range[] }>();
    Object.assign(window, {
      CSS: { highlights: registry },
      Highlight: class { ranges: Range[]; constructor(...ranges: Range[]) { this.ranges = ranges; } },
    });
    const root = window.document.createElement('div');
    root.textContent = 'one two one';
    const ranges = findMatches([root], 'one');
    const highlighter = createFindHighlighter(window as unknown as Window);
    assert.equal(highlighter.highlightsAll, true);
    highlighter.show(ranges, 1);
    assert.equal(registry.get(FIND_HIGHLIGHT)?.ranges.length, 2);
    assert.equal(registry.get(FIND_CURRENT_HIGHLIGHT)?.ranges[0], ranges[1]);
    highlighter.clear();
    assert.equal(registry.size, 0);
  });

  it('Ctrl+F opens the bar with a count; Enter and Shift+Enter move through the matches; Escape returns to the prompt', () => {
    const h = createAppHarness();
    h.receive(stateMessage([message('user', 'alpha beta'), message('assistant', 'Beta **gamma** beta'), message('user', 'no')]));
    h.runFrames();
    assert.equal(h.$('.find-bar').hidden, true);
    const input = openFind(h, 'beta');
    assert.equal(h.doc.activeElement, input);
    assert.equal(count(h), '1 of 3');
    input.dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
    assert.equal(count(h), '2 of 3');
    assert.equal(h.window.getSelection()?.toString(), 'Beta', 'without CSS highlights, the current match is selected');
    input.dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
    input.dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
    assert.equal(count(h), '1 of 3', 'wraps around');
    input.dispatchEvent(key(h.window, 'keydown', { key: 'Enter', shiftKey: true }));
    assert.equal(count(h), '3 of 3');
    input.value = 'zzz';
    input.dispatchEvent(new h.window.Event('input', { bubbles: true }));
    assert.equal(count(h), 'No results');
    input.dispatchEvent(key(h.window, 'keydown', { key: 'Escape' }));
    assert.equal(h.$('.find-bar').hidden, true);
    assert.equal(h.doc.activeElement, h.$('textarea#prompt'));
  });

  it('does not disturb a streaming answer: the same DOM as without Find, and new text is found once rendered', () => {
    const stream = (withFind: boolean): { html: string; counts: string[]; refreshes: number } => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(stateMessage([message('user', 'say word'), answer], { busy: true }));
      h.runFrames();
      if (withFind) openFind(h, 'word');
      const counts: string[] = [];
      let text = '';
      for (const piece of ['A word', ' here.\n\nSecond', ' word in a list:\n\n- word', ' one\n- two word', 's\n\n```\nword\n```\n']) {
        text += piece;
        h.receive({ type: 'delta', messageId: answer.id, content: piece });
        h.runFrames();
        h.runFrames();
        if (withFind) counts.push(count(h));
      }
      h.receive({ type: 'messageUpdated', message: { ...answer, content: text, status: 'done' } });
      h.runFrames();
      h.runFrames();
      if (withFind) counts.push(count(h));
      return { html: h.$(`.message[data-id="${answer.id}"] .content`).innerHTML, counts, refreshes: h.app.find.refreshes };
    };
    const plain = stream(false);
    const found = stream(true);
    assert.equal(found.html, plain.html, 'Find changed the rendered answer');
    // Only "say word" counts while the answer streams (deltas do not refresh Find); all of it once it ends.
    assert.deepEqual(found.counts.slice(0, -1), Array(5).fill('1 of 1'));
    assert.equal(found.counts.at(-1), '1 of 6');
    assert.ok(found.refreshes <= 3, `${found.refreshes} searches`);
  });

  it('searches again once code shown plain while the page was behind has been highlighted: every match still covers its text', () => {
    const h = createAppHarness();
    const answer = message('assistant', '', { status: 'streaming' });
    h.receive(stateMessage([message('user', 'q'), answer], { busy: true }));
    h.runFrames();
    openFind(h, 'needle');
    const lines = 1_500;
    // A match on every other line: 750, under the count's limit.
    const text = `\`\`\`ts\n${Array.from({ length: lines }, (_, i) => `const ${i % 2 ? 'value' : 'needle'}${i} = compute(${i}); // line ${i}\n`).join('')}\`\`\`\n`;
    // At once: more than frames render, so the page falls behind and shows the code plain first.
    h.receive({ type: 'delta', messageId: answer.id, content: text });
    h.runFrames();
    h.receive({ type: 'messageUpdated', message: { ...answer, content: text, status: 'done' } });
    const view = h.$(`.message[data-id="${answer.id}"]`);
    for (let frames = 0; view.dataset.status === 'streaming'; frames++) assert.ok(h.runFrames() > 0 && frames < 100, 'rendering stalled');
    h.runFrames();
    assert.equal(count(h), `1 of ${lines / 2}`, 'found in the text shown, plain');
    assert.ok(view.querySelectorAll('.content code .hljs-keyword').length < lines / 2, 'most of the code still plain when Find searched it');
    for (let frames = 0; h.runFrames() > 0;) assert.ok(frames++ < 100, 'highlighting stalled');
    assert.equal(view.querySelectorAll('.content code .hljs-keyword').length, lines, 'all highlighted');
    const ranges = h.app.find['ranges'] as Range[];
    assert.equal(ranges.length, lines / 2);
    assert.deepEqual(ranges.filter((range) => range.toString() !== 'needle').map((range) => range.toString()), [], 'matches whose text went away');
    assert.equal(count(h), `1 of ${lines / 2}`);
  });

  it('highlights code shown plain as it comes near the conversation\'s screen, and searches again then: every match still covers its text', () => {
    // An IntersectionObserver the test drives (jsdom has none): what the page observes, and when it is near.
    const observers: { root: Element | null; margin: string | undefined; observed: Set<Element>; report(element: Element, near: boolean): void }[] = [];
    const h = createAppHarness('', undefined, (window) => {
      Object.assign(window, {
        IntersectionObserver: class {
          readonly observed = new Set<Element>();
          readonly root: Element | null;
          readonly margin: string | undefined;
          constructor(private readonly callback: IntersectionObserverCallback, options: IntersectionObserverInit) {
            this.root = options.root as Element | null;
            this.margin = options.rootMargin;
            observers.push(this);
          }
          observe(element: Element): void { this.observed.add(element); }
          unobserve(element: Element): void { this.observed.delete(element); }
          report(element: Element, isIntersecting: boolean): void {
            this.callback([{ target: element, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
          }
        },
      });
    });
    const answer = message('assistant', '', { status: 'streaming' });
    h.receive(stateMessage([message('user', 'q'), answer], { busy: true }));
    h.runFrames();
    openFind(h, 'needle');
    const blocks = 300;
    const text = Array.from({ length: blocks }, (_, i) => `Step ${i}:\n\n\`\`\`ts\nconst needle${i} = compute(${i});\n\`\`\`\n\n`).join('');
    // At once: more than frames render, so the page falls behind and shows the code plain.
    h.receive({ type: 'delta', messageId: answer.id, content: text });
    h.runFrames();
    h.receive({ type: 'messageUpdated', message: { ...answer, content: text, status: 'done' } });
    const view = h.$(`.message[data-id="${answer.id}"]`);
    for (let frames = 0; view.dataset.status === 'streaming'; frames++) assert.ok(h.runFrames() > 0 && frames < 100, 'rendering stalled');
    for (let frames = 0; h.runFrames() > 0;) assert.ok(frames++ < 100, 'frames did not stop');
    // One observer, of the conversation's scroller; nothing near, so nothing highlighted and no frame asked for.
    assert.equal(observers.length, 1);
    const [observer] = observers;
    assert.equal(observer.root, h.$('#conversation'));
    assert.equal(observer.margin, '100% 0px');
    const plain = (): HTMLElement[] => h.$$<HTMLElement>('.content code.code-plain');
    const shownPlain = plain();
    assert.ok(shownPlain.length > blocks / 2, `${shownPlain.length} of ${blocks} blocks plain`);
    assert.deepEqual(shownPlain.filter((code) => !observer.observed.has(code)), [], 'every plain block is watched');
    assert.equal(count(h), `1 of ${blocks}`);
    // A block far up comes near: it is highlighted in the next frame, and Find searches again.
    const far = shownPlain[0];
    observer.report(far, true);
    assert.ok(h.runFrames() > 0, 'a frame is asked for');
    for (let frames = 0; h.runFrames() > 0;) assert.ok(frames++ < 100, 'highlighting stalled');
    assert.ok(!far.classList.contains('code-plain') && far.querySelector('.hljs-keyword') !== null, 'the block near the screen is highlighted');
    assert.deepEqual(plain(), shownPlain.slice(1), 'the others still plain');
    assert.equal(observer.observed.has(far), false, 'no longer watched');
    const ranges = h.app.find['ranges'] as Range[];
    assert.equal(ranges.length, blocks);
    assert.deepEqual(ranges.filter((range) => range.toString() !== 'needle').map((range) => range.toString()), [], 'matches whose text went away');
  });

  it('closes when the history list takes the place of the conversation', () => {
    const h = createAppHarness();
    h.receive(stateMessage([message('user', 'hello')]));
    openFind(h, 'hello');
    h.receive({ type: 'showHistory' });
    assert.equal(h.$('.find-bar').hidden, true);
    assert.equal(h.window.getSelection()?.toString(), '', 'no match stays selected');
  });

  it('counts the older messages of a long chat once they are rendered', () => {
    const h = createAppHarness();
    const messages = Array.from({ length: 60 }, (_, i) => message(i % 2 ? 'assistant' : 'user', `needle ${i}`));
    h.receive(stateMessage(messages));
    openFind(h, 'needle');
    const atOnce = Number(/of (\d+)/.exec(count(h))?.[1]);
    assert.ok(atOnce < 60, `${atOnce} rendered at once`);
    while (h.runFrames() > 0);
    assert.equal(count(h), '1 of 60');
  });
});
