// media/chat.css applied in jsdom to the real view: rules that keep model output inside the view.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TranscriptMessage, StateMessage } from '../../../src/shared/protocol';
import { createAppHarness, type AppHarness } from './appHarness';

const stylesheet = fs.readFileSync(path.resolve(__dirname, '../../../../media/chat.css'), 'utf8')
  // The codicon font stylesheet is bundled by esbuild, not needed here.
  .replace(/@import[^;]*;/g, '');

function styledApp(): AppHarness {
  const h = createAppHarness();
  const style = h.doc.createElement('style');
  style.textContent = stylesheet;
  h.doc.head.append(style);
  return h;
}

/** An inherited property's value: jsdom's getComputedStyle does not inherit most properties itself. */
function inherited(h: AppHarness, element: Element, property: 'overflowWrap'): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const value = h.window.getComputedStyle(node)[property];
    if (value) return value;
  }
  return 'normal';
}

function conversation(content: string, errorMessage: string): StateMessage {
  const messages: TranscriptMessage[] = [
    { id: 'a1', role: 'assistant', content, status: 'done', createdAt: 1 },
    { id: 'a2', role: 'assistant', content: '', status: 'error', createdAt: 2, error: { message: errorMessage, status: 404, actions: [] } },
  ];
  return { type: 'state', chat: { id: 'c', title: 't', createdAt: 1, updatedAt: 1, messages }, model: 'm', busy: false, hasApiKey: true, hasBaseUrl: true, history: [] };
}

describe('webview stylesheet (media/chat.css)', () => {
  it('wraps long unbroken text (URLs, inline code, long words) instead of widening the view', () => {
    const h = styledApp();
    const long = `https://example.com/${'a'.repeat(300)}`;
    h.receive(conversation(`See ${long} and \`${'x'.repeat(200)}\` and ${'W'.repeat(200)}`, `No such model at ${long}`));
    h.runFrames();
    for (const selector of ['.message[data-id=a1] .content p', '.message[data-id=a1] .content code', '.message[data-id=a2] .error-message']) {
      const wrap = inherited(h, h.$(selector), 'overflowWrap');
      // break-word, not anywhere: a table keeps its natural width (and scrolls) instead of breaking every word.
      assert.equal(wrap, 'break-word', `${selector}: overflow-wrap`);
    }
  });

  it('gives inline code the colour pair themes design together (readable in high contrast)', () => {
    const h = styledApp();
    h.receive(conversation('Use `npm test` here.', 'x'));
    h.runFrames();
    const style = h.window.getComputedStyle(h.$('.message .content p code'));
    // VS Code's own webview style pairs textPreformat's foreground and background; mixing in
    // another background left light-on-light text in Light High Contrast.
    assert.match(style.color, /^var\(--vscode-textPreformat-foreground\b/);
    assert.match(style.background, /^var\(--vscode-textPreformat-background\b/);
  });

  it('keeps a code block\'s Copy and Insert buttons reachable whatever language label the model writes', () => {
    const h = styledApp();
    h.receive(conversation(`\`\`\`${'x'.repeat(500)}\ncode\n\`\`\``, 'x'));
    h.runFrames();
    const label = h.window.getComputedStyle(h.$('.code-block .code-lang'));
    // A flex item is as wide as its text by default: the label would push the buttons out of the clipped block.
    assert.match(label.minWidth, /^0(px)?$/);
    assert.equal(label.overflow, 'hidden');
    assert.equal(label.textOverflow, 'ellipsis');
    assert.equal(h.window.getComputedStyle(h.$('.code-block .code-actions')).flexShrink, '0');
  });

  it('isolates and names each bidi control character, so it cannot reorder the text around it', () => {
    const h = styledApp();
    h.receive(conversation('Say \u202Eevil\u202C here', 'x'));
    h.runFrames();
    const mark = h.$('.message .content .bidi-control');
    assert.equal(h.window.getComputedStyle(mark).unicodeBidi, 'isolate');
    // jsdom computes no pseudo-elements: read the rule that prints the name.
    const rules = Array.from(h.doc.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules)) as CSSStyleRule[];
    const before = rules.find((rule) => rule.selectorText === '.bidi-control::before');
    assert.match(before?.style.getPropertyValue('content') ?? '', /attr\(data-bidi\)/);
  });

  it('lets layout skip settled messages off screen, but never the one streaming nor the newest; streamed code lines are block boxes', () => {
    const h = styledApp();
    const rules = Array.from(h.doc.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules)) as CSSStyleRule[];
    const settled = rules.find((rule) => rule.selectorText === '.message:not([data-status="streaming"]):not(.message-list > :last-child):not([data-long])');
    assert.equal(settled?.style.getPropertyValue('content-visibility'), 'auto');
    assert.match(settled?.style.getPropertyValue('contain-intrinsic-size') ?? '', /auto/);
    const lines = rules.find((rule) => rule.selectorText === '.code-block code .code-lines');
    assert.equal(lines?.style.getPropertyValue('display'), 'block');
    // Off-screen groups of lines are skipped by layout and paint; as wide as their longest line, so nothing is clipped.
    assert.equal(lines?.style.getPropertyValue('content-visibility'), 'auto');
    assert.equal(lines?.style.getPropertyValue('width'), 'max-content');
  });

  it('skips a settled message off screen whole, or its chunks one by one when it is long, never both', () => {
    // A chunk skipped inside a skipped message is laid out a frame after it, and scroll anchoring then keeps
    // nothing in place while the user scrolls up past them (markdownView.ts: LONG_MESSAGE_CHUNKS).
    const h = styledApp();
    const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} ${'word '.repeat(40)}`).join('\n\n');
    const messages: TranscriptMessage[] = [
      { id: 'short', role: 'assistant', content: 'one\n\ntwo', status: 'done', createdAt: 1 },
      { id: 'long', role: 'assistant', content: long, status: 'done', createdAt: 2 },
      { id: 'last', role: 'assistant', content: 'the newest', status: 'done', createdAt: 3 },
    ];
    h.receive({ type: 'state', chat: { id: 'c', title: 't', createdAt: 1, updatedAt: 1, messages }, model: 'm', busy: false, hasApiKey: true, hasBaseUrl: true, history: [] });
    h.runFrames();
    const visibility = (selector: string): string => h.window.getComputedStyle(h.$(selector)).getPropertyValue('content-visibility');
    assert.equal(h.$('.message[data-id="long"]').hasAttribute('data-long'), true, 'the long one is marked');
    assert.equal(h.$('.message[data-id="short"]').hasAttribute('data-long'), false);
    assert.ok(h.doc.querySelectorAll('.message[data-id="long"] .md-chunk').length > 8);
    assert.deepEqual(
      [visibility('.message[data-id="short"]'), visibility('.message[data-id="short"] .md-chunk')],
      ['auto', 'visible'], 'a short settled message: skipped whole, its chunks laid out with it');
    assert.deepEqual(
      [visibility('.message[data-id="long"]'), visibility('.message[data-id="long"] .md-chunk')],
      ['', 'auto'], 'a long one: laid out, its chunks skipped one by one');
    assert.equal(visibility('.message[data-id="last"]'), '', 'the newest: never skipped');
    // Only what has been laid out anchors the scroll position (conversationView.ts marks it data-shown).
    const chunk = h.$('.message[data-id="long"] .md-chunk');
    const anchor = (): string => h.window.getComputedStyle(chunk).getPropertyValue('overflow-anchor');
    assert.equal(anchor(), 'none');
    chunk.setAttribute('data-shown', '');
    assert.notEqual(anchor(), 'none');
  });

  it('skips a long list\'s segments but the last one by one, never the chunk or the message they are in', () => {
    // Segments skipped inside a skipped chunk or message would be laid out a frame after it (see above); while the page
    // is behind a fast stream, the segments a frame adds below the view are never laid out (markdownView.ts).
    const h = styledApp();
    const list = Array.from({ length: 250 }, (_, i) => `- item ${i} of the list`).join('\n');
    const messages: TranscriptMessage[] = [
      { id: 'list', role: 'assistant', content: `Intro.\n\n${list}\n\nAfter.`, status: 'done', createdAt: 1 },
      { id: 'last', role: 'assistant', content: 'the newest', status: 'done', createdAt: 2 },
    ];
    h.receive({ type: 'state', chat: { id: 'c', title: 't', createdAt: 1, updatedAt: 1, messages }, model: 'm', busy: false, hasApiKey: true, hasBaseUrl: true, history: [] });
    while (h.runFrames() > 0) { /* the whole list */ }
    const style = (element: Element): CSSStyleDeclaration => h.window.getComputedStyle(element);
    const message = h.$('.message[data-id="list"]');
    const lists = Array.from(message.querySelectorAll('ul'));
    assert.equal(lists.length, 3, 'the list in segments');
    assert.equal(message.hasAttribute('data-long'), true, 'the message counts as long');
    assert.equal(style(message).getPropertyValue('content-visibility'), '', 'the message: laid out');
    const chunk = lists[0].closest('.md-chunk');
    assert.ok(chunk);
    assert.equal(style(chunk).getPropertyValue('content-visibility'), 'visible', 'the chunk they are in: laid out');
    assert.notEqual(style(chunk).getPropertyValue('overflow-anchor'), 'none', 'and it may anchor the scroll position');
    assert.deepEqual(lists.map((segment) => style(segment).getPropertyValue('content-visibility')), ['auto', 'auto', ''], 'the segments but the last: skipped');
    // Only a segment laid out once anchors the scroll position (conversationView.ts marks it data-shown).
    assert.equal(style(lists[0]).getPropertyValue('overflow-anchor'), 'none');
    lists[0].setAttribute('data-shown', '');
    assert.notEqual(style(lists[0]).getPropertyValue('overflow-anchor'), 'none');
  });

  it('skips a reopened chat\'s groups of older messages whole, each message in them as any settled one, never the newest', () => {
    const h = styledApp();
    const messages: TranscriptMessage[] = Array.from({ length: 60 }, (_, i) => ({ id: `m${i}`, role: i % 2 === 0 ? 'user' : 'assistant', content: `Message ${i}`, status: 'done', createdAt: i }));
    h.receive({ type: 'state', chat: { id: 'c', title: 't', createdAt: 1, updatedAt: 1, messages }, model: 'm', busy: false, hasApiKey: true, hasBaseUrl: true, history: [] });
    while (h.runFrames() > 0) { /* the older messages */ }
    const style = (element: Element): CSSStyleDeclaration => h.window.getComputedStyle(element);
    const rules = Array.from(h.doc.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules)) as CSSStyleRule[];
    // (jsdom computes no border for the shorthand: the rules that take it away.)
    const borderless = rules.filter((rule) => rule.style?.getPropertyValue('border-bottom') === 'none').map((rule) => rule.selectorText);
    const hasBorder = (element: Element): boolean => !borderless.some((selector) => element.matches(selector));
    const groups = h.$$('.message-group');
    assert.ok(groups.length >= 2);
    for (const group of groups) {
      assert.equal(style(group).getPropertyValue('content-visibility'), 'auto');
      // Until laid out, not the scroll position's anchor (conversationView.ts marks it data-shown).
      assert.equal(style(group).getPropertyValue('overflow-anchor'), 'none');
      // The last message of a group is not the newest: skipped off screen as the others, and its border shows.
      assert.equal(style(group.lastElementChild as Element).getPropertyValue('content-visibility'), 'auto');
      assert.equal(hasBorder(group.lastElementChild as Element), true);
    }
    groups[0].setAttribute('data-shown', '');
    assert.notEqual(style(groups[0]).getPropertyValue('overflow-anchor'), 'none');
    // Counts its messages' estimates until it is laid out (jsdom computes no contain-intrinsic-size), a message its own.
    assert.equal(rules.find((rule) => rule.selectorText === '.message-group')?.style.getPropertyValue('contain-intrinsic-size'), 'auto var(--group-height)');
    assert.match(groups[0].style.getPropertyValue('--group-height'), /^\d+px$/);
    assert.match((groups[0].firstElementChild as HTMLElement).style.getPropertyValue('--message-height'), /^\d+px$/);
    const newest = h.$('.message-list > .message:last-child');
    assert.equal(newest.getAttribute('data-id'), 'm59');
    assert.equal(style(newest).getPropertyValue('content-visibility'), '');
    assert.equal(hasBorder(newest), false);
  });

  it('gives the growing block the containment of a finished chunk from the start, but skips only finished chunks off screen', () => {
    const h = styledApp();
    h.receive({
      type: 'state', model: 'm', busy: true, hasApiKey: true, hasBaseUrl: true, history: [],
      chat: { id: 'c', title: 't', createdAt: 1, updatedAt: 1, messages: [{ id: 'a1', role: 'assistant', content: 'one\n\ntwo\n\nthree', status: 'streaming', createdAt: 1 }] },
    });
    h.runFrames();
    const chunk = h.$('.md-chunk');
    const tail = h.$('.md-tail');
    assert.equal(h.window.getComputedStyle(chunk).getPropertyValue('contain'), 'layout style paint');
    assert.equal(h.window.getComputedStyle(tail).getPropertyValue('contain'), 'layout style paint');
    assert.equal(h.window.getComputedStyle(chunk).getPropertyValue('content-visibility'), 'auto');
    assert.equal(h.window.getComputedStyle(tail).getPropertyValue('content-visibility'), '');
  });

  it('lays every font warm-up sample out whole, where nothing shows and nothing can be clicked', () => {
    // The real samples (warmUp.ts, through the app), each a settled message: the rules that skip settled
    // messages, chunks and code lines off screen (content-visibility: auto) must not skip them, or their
    // layout finds no font (in Chromium every sample was skipped whole, and the first answer's frames
    // loaded DejaVu Sans Oblique and DejaVu Sans Mono from the browser process: 33–50 ms in a 84–98 ms task).
    const idle: (() => void)[] = [];
    const h = createAppHarness('', (callback) => idle.push(callback));
    const style = h.doc.createElement('style');
    style.textContent = stylesheet;
    h.doc.head.append(style);
    const observer = new h.window.MutationObserver(() => undefined);
    observer.observe(h.doc.body, { childList: true });
    const samples: HTMLElement[] = [];
    while (idle.length > 0) {
      idle.shift()?.();
      samples.push(...observer.takeRecords().flatMap((record) => Array.from(record.addedNodes) as HTMLElement[])
        .filter((node) => node.className === 'font-warm-up'));
    }
    assert.ok(samples.length > 0);
    for (const sample of samples) {
      // (Removed within its idle callback: back in the page, as it was while laid out, to read its styles.)
      h.doc.body.append(sample);
      const box = h.window.getComputedStyle(sample);
      assert.deepEqual([box.position, box.visibility, box.pointerEvents, box.height, box.overflow], ['fixed', 'hidden', 'none', '0px', 'hidden']);
      assert.ok(sample.querySelector('.message .md-chunk'), 'a message with its chunks');
      const skipped = [sample, ...Array.from(sample.querySelectorAll('*'))]
        .filter((element) => h.window.getComputedStyle(element).getPropertyValue('content-visibility') === 'auto')
        .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`);
      assert.deepEqual(skipped, [], `skipped in ${sample.textContent ?? ''}`);
      sample.remove();
    }
  });

  it('keys no rule on what changes as an answer streams unless its subject names a class, id or element', () => {
    // Chromium narrows the restyle after a class or attribute change to the elements a rule's subject
    // names; a subject that names none (`.md-chunk > :last-child`) restyles the whole subtree: a
    // 480-row table, 3,000 elements, in the frame it finished streaming.
    const changing = /\.md-(?:tail|chunk)\b|\[(?:data-status|aria-busy)\b/;
    const h = styledApp();
    const rules = Array.from(h.doc.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules))
      .filter((rule): rule is CSSStyleRule => 'selectorText' in rule);
    const offending = rules.flatMap((rule) => rule.selectorText.split(/,(?![^(]*\))/).map((selector) => selector.trim()))
      .filter((selector) => {
        // Compounds, outside brackets and parentheses: the last is the subject.
        const compounds = selector.replace(/\([^)]*\)|\[[^\]]*\]/g, (inner) => inner.replace(/[\s>+~]/g, '_')).split(/\s*[\s>+~]\s*/);
        const subject = compounds.at(-1) ?? '';
        const ancestors = selector.slice(0, selector.length - subject.length);
        return changing.test(ancestors) && !/^[a-z]|[.#]/i.test(subject.replace(/::?[a-z-]+(\([^)]*\))?/gi, ''));
      });
    assert.deepEqual(offending, []);
  });
});
