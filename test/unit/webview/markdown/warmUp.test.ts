// The renderer warms up while the page is idle: one small step per idle callback, nothing shown.
import * as assert from 'node:assert/strict';
import { HIGHLIGHTED_LANGUAGES, highlightCode } from '../../../../src/webview/markdown/highlight';
import { FONT_SAMPLES, HIGHLIGHT_ROUNDS, SAMPLE, SAMPLE_BLOCKS, STEP_ROOM_MS, TWO_BYTE_MARK, WARM_UP_CODE, twoByte, warmUp, type IdleTime } from '../../../../src/webview/markdown/warmUp';
import { createAppHarness, stateMessage } from '../appHarness';
import { createWindow } from '../domFixture';
import { md } from './streamFixture';

describe('webview/markdown: warm-up while idle', () => {
  it('renders each block kind alone, in one-byte and then in two-byte text, then a sample with them all, then builds and runs one grammar per idle callback, and nothing runs outside them', () => {
    const idle: (() => void)[] = [];
    const rendered: string[] = [];
    warmUp({ requestIdle: (callback) => idle.push(callback), render: (markdown) => rendered.push(markdown) });
    assert.equal(rendered.length, 0, 'nothing before the page is idle');
    let callbacks = 0;
    while (idle.length > 0) {
      const before = rendered.length;
      idle.shift()?.();
      callbacks++;
      assert.ok(rendered.length - before <= 1, 'one step per idle callback');
    }
    assert.equal(callbacks, 2 * SAMPLE_BLOCKS.length + 4 + HIGHLIGHTED_LANGUAGES.length * (1 + 2 * HIGHLIGHT_ROUNDS),
      'each block alone in both widths, rounds of the sample, each grammar built, then each round of it on one-byte and on two-byte code; no callback asked for after the last step');
    // Alone first: the first render compiles what each kind needs, one kind per idle callback; and again
    // for two-byte text, for which V8 compiles each regular expression again.
    assert.deepEqual(rendered.slice(0, 2 * SAMPLE_BLOCKS.length), [...SAMPLE_BLOCKS, ...SAMPLE_BLOCKS.map(twoByte)]);
    // Every other round two-byte text.
    const sample = SAMPLE.repeat(4);
    assert.deepEqual(rendered.slice(2 * SAMPLE_BLOCKS.length), [sample, twoByte(sample), sample, twoByte(sample)]);
    const doc = createWindow().document;
    const body = doc.createElement('div');
    body.innerHTML = md.render(SAMPLE);
    for (const selector of ['h1', 'p strong', 'p em', 'p code', 'p a', 'ul ul', 'ol', 'blockquote', 'table', 'pre code.language-ts',
      'a[href^="https://example.com/a?"]', 'a[href="http://www.example.com"]', 'a[href="mailto:someone@example.com"]']) {
      assert.ok(body.querySelector(selector), `the sample has ${selector}`);
    }
  });

  it('a grammar at a time: builds it alone, then highlights that code with it several times, a round per idle callback, then again as two-byte text', () => {
    const idle: (() => void)[] = [];
    const highlighted: string[][] = [];
    warmUp({ requestIdle: (callback) => idle.push(callback), render: () => undefined, highlight: (code, language) => highlighted.at(-1)?.push(`${language}:${code}`) });
    while (idle.length > 0) {
      highlighted.push([]);
      idle.shift()?.();
    }
    const steps = highlighted.filter((calls) => calls.length > 0);
    assert.deepEqual(steps, [
      // (highlight.js builds a grammar on its first use: on no code, it builds it and runs nothing.)
      ...HIGHLIGHTED_LANGUAGES.flatMap((language) => [
        [`${language}:`],
        ...[WARM_UP_CODE, twoByte(WARM_UP_CODE)].flatMap((code) => Array.from({ length: HIGHLIGHT_ROUNDS }, () => [`${language}:${code}`])),
      ]),
    ]);
    assert.ok(HIGHLIGHT_ROUNDS >= 2, 'a regular expression is compiled when it runs again');
  });

  it('its one-byte text is Latin-1 and its two-byte text is not, and renders the same blocks and code, and the mark', () => {
    const beyondLatin1 = (text: string): boolean => [...text].some((char) => (char.codePointAt(0) ?? 0) > 0xff);
    for (const text of [...SAMPLE_BLOCKS, SAMPLE, WARM_UP_CODE]) assert.ok(!beyondLatin1(text), JSON.stringify(text));
    assert.ok(beyondLatin1(TWO_BYTE_MARK));
    assert.equal(md.render(twoByte(SAMPLE)), `${md.render(SAMPLE)}<p>${TWO_BYTE_MARK}</p>\n`);
    assert.ok(highlightCode(twoByte(WARM_UP_CODE), 'typescript')?.startsWith(highlightCode(WARM_UP_CODE, 'typescript') ?? '-'));
  });

  it('lays out each font sample in an idle callback of its own, after each block kind alone and before the two-byte blocks, the sample rounds and the grammars', () => {
    const idle: (() => void)[] = [];
    const steps: string[][] = [];
    warmUp({
      requestIdle: (callback) => idle.push(callback),
      render: () => steps.at(-1)?.push('render'),
      highlight: () => steps.at(-1)?.push('highlight'),
      layOut: (markdown) => steps.at(-1)?.push(`layOut ${markdown}`),
    });
    while (idle.length > 0) {
      steps.push([]);
      idle.shift()?.();
    }
    const kinds = steps.filter((step) => step.length > 0).map((step) => [...new Set(step.map((call) => call.split(' ')[0]))]);
    assert.ok(kinds.every((kind) => kind.length === 1), 'one kind of step per idle callback');
    assert.deepEqual(kinds.map(([kind]) => kind), [
      ...SAMPLE_BLOCKS.map(() => 'render'), ...FONT_SAMPLES.map(() => 'layOut'), ...SAMPLE_BLOCKS.map(() => 'render'), ...Array.from({ length: 4 }, () => 'render'),
      ...Array.from({ length: HIGHLIGHTED_LANGUAGES.length * (1 + 2 * HIGHLIGHT_ROUNDS) }, () => 'highlight'),
    ]);
    assert.deepEqual(steps.filter((step) => step[0]?.startsWith('layOut ')), FONT_SAMPLES.map((markdown) => [`layOut ${markdown}`]));
  });

  it('runs further steps in one idle callback while STEP_ROOM_MS of its idle period are left, and always one; a step that compiles, only alone', () => {
    // Each step takes 10 ms of a fake clock; an idle period has `period` ms when its callback starts.
    let clock = 0;
    const idle: ((time?: IdleTime) => void)[] = [];
    const kinds: string[][] = [];
    warmUp({
      requestIdle: (callback) => idle.push(callback),
      render: () => { clock += 10; kinds.at(-1)?.push('render'); },
      highlight: () => { clock += 10; kinds.at(-1)?.push('highlight'); },
      layOut: () => { clock += 10; kinds.at(-1)?.push('layOut'); },
    });
    const run = (period: number): number => {
      const [started, callback] = [clock, idle.shift()];
      kinds.push([]);
      callback?.({ timeRemaining: () => Math.max(0, period - (clock - started)) });
      return Math.round((clock - started) / 10);
    };
    // Each block kind's first render, and the first layout: alone, however long the idle period.
    assert.deepEqual(Array.from({ length: SAMPLE_BLOCKS.length + 1 }, () => run(50)), Array.from({ length: SAMPLE_BLOCKS.length + 1 }, () => 1));
    // The other layouts: 50 ms, a second step starts with 40 left, a third would have 30 (under STEP_ROOM_MS).
    assert.equal(STEP_ROOM_MS, 35);
    assert.deepEqual([run(50), run(50), run(45), run(44), run(20), run(0)], [2, 2, 2, 1, 1, 1]);
    let steps = SAMPLE_BLOCKS.length + 1 + 9;
    while (idle.length > 0) steps += run(50);
    assert.equal(steps, 2 * SAMPLE_BLOCKS.length + FONT_SAMPLES.length + 4 + HIGHLIGHTED_LANGUAGES.length * (1 + 2 * HIGHLIGHT_ROUNDS));
    // Only layouts and the later rounds of the sample ever share a callback; each grammar, each block kind
    // (in either width) and the first two rounds have one of their own.
    const shared = kinds.filter((calls) => new Set(calls).size > 1 || calls.length > 1);
    const highlightSteps = kinds.filter((calls) => calls[0] === 'highlight').map((calls) => calls.length);
    assert.ok(shared.length > 0 && shared.every((calls) => calls.every((call) => call === 'layOut') || calls.every((call) => call === 'render')), JSON.stringify(shared));
    const renders = kinds.filter((calls) => calls[0] === 'render').map((calls) => calls.length);
    assert.deepEqual(renders.slice(0, 2 * SAMPLE_BLOCKS.length + 2), Array.from({ length: 2 * SAMPLE_BLOCKS.length + 2 }, () => 1));
    // Each grammar built alone, then each round of it alone, in either width: a step that compiles is never
    // shared, and the next one after a round always compiles.
    assert.deepEqual(highlightSteps, Array.from({ length: HIGHLIGHTED_LANGUAGES.length * (1 + 2 * HIGHLIGHT_ROUNDS) }, () => 1));
  });

  it('runs no step in a callback that comes while the page renders, and asks again', () => {
    let rendering = true;
    const idle: (() => void)[] = [];
    let steps = 0;
    warmUp({ requestIdle: (callback) => idle.push(callback), render: () => steps++, highlight: () => steps++, layOut: () => steps++, rendering: () => rendering });
    for (let i = 0; i < 3; i++) idle.shift()?.();
    assert.deepEqual([steps, idle.length], [0, 1]);
    rendering = false;
    idle.shift()?.();
    assert.deepEqual([steps, idle.length], [1, 1]);
  });

  it('with background tasks, runs each next step in a task of its own; while the page renders, waits for an idle callback', () => {
    // (An idle callback comes once per idle period: most steps compile, one per callback, and the warm-up took
    // 7 s in the editor. A task waiting for a frame to be rendered would spin: it waits for an idle callback.)
    let rendering = false;
    const idle: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    let steps = 0;
    warmUp({ requestIdle: (callback) => idle.push(callback), requestTask: (callback) => tasks.push(callback), render: () => steps++, highlight: () => steps++, rendering: () => rendering });
    assert.deepEqual([steps, idle.length, tasks.length], [0, 0, 1], 'the first step too: a task');
    tasks.shift()?.();
    assert.deepEqual([steps, idle.length, tasks.length], [1, 0, 1]);
    tasks.shift()?.();
    assert.deepEqual([steps, idle.length, tasks.length], [2, 0, 1]);
    rendering = true;
    tasks.shift()?.();
    assert.deepEqual([steps, idle.length, tasks.length], [2, 1, 0], 'no step while rendering: an idle callback next');
    idle.shift()?.();
    assert.deepEqual([steps, idle.length, tasks.length], [2, 1, 0]);
    rendering = false;
    idle.shift()?.();
    while (tasks.length > 0) tasks.shift()?.();
    // (Calls: a render per sample step, a highlight per grammar built, HIGHLIGHT_ROUNDS per grammar run.)
    assert.deepEqual([steps, idle.length], [2 * SAMPLE_BLOCKS.length + 4 + HIGHLIGHTED_LANGUAGES.length * (1 + 2 * HIGHLIGHT_ROUNDS), 0], 'all steps, one a task, and nothing asked for after the last');
  });

  it('the font samples hold each kind of text a message shows in a font of its own', () => {
    const doc = createWindow().document;
    const body = doc.createElement('div');
    body.innerHTML = FONT_SAMPLES.map((markdown) => md.render(markdown)).join('');
    for (const selector of ['p', 'strong', 'em', 'em strong, strong em', 'p code', 'a', 'pre code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th', 'td', 'blockquote', 'ul li', 'ol li']) {
      assert.ok(body.querySelector(selector), `a sample has ${selector}`);
    }
  });

  it('highlights code with the tokens of most grammars (keywords, strings, comments, numbers), not a lone word', () => {
    const kinds = (language: string): Set<string> => new Set(Array.from((highlightCode(WARM_UP_CODE, language) ?? '').matchAll(/class="hljs-(keyword|string|comment|number)/g), (match) => match[1]));
    assert.deepEqual([...kinds('typescript')].sort(), ['comment', 'keyword', 'number', 'string']);
    const rich = HIGHLIGHTED_LANGUAGES.filter((language) => kinds(language).size >= 2);
    assert.ok(rich.length >= HIGHLIGHTED_LANGUAGES.length * 0.75, `only ${rich.join(', ')} find two kinds of token in it`);
  });

  it('a step that throws is logged and the rest still run', () => {
    const idle: (() => void)[] = [];
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      warmUp({
        requestIdle: (callback) => idle.push(callback),
        render: () => {
          throw new Error('broken');
        },
      });
      let callbacks = 0;
      while (idle.length > 0) {
        idle.shift()?.();
        callbacks++;
      }
      assert.equal(callbacks, 2 * SAMPLE_BLOCKS.length + 4 + HIGHLIGHTED_LANGUAGES.length * (1 + 2 * HIGHLIGHT_ROUNDS));
      assert.equal(errors.length, 2 * SAMPLE_BLOCKS.length + 4);
    } finally {
      console.error = original;
    }
  });

  it('a font sample is a message as the page shows one, a user\'s and an answer in turn', () => {
    // Every part a message has (header, icons, status note, usage, actions), so their fonts are met too.
    const idle: (() => void)[] = [];
    const h = createAppHarness('', (callback) => idle.push(callback));
    const observer = new h.window.MutationObserver(() => undefined);
    observer.observe(h.doc.body, { childList: true });
    const samples: Element[] = [];
    while (idle.length > 0) {
      idle.shift()?.();
      samples.push(...observer.takeRecords().flatMap((record) => Array.from(record.addedNodes) as Element[]).filter((node) => node.className === 'font-warm-up'));
    }
    assert.equal(samples.length, FONT_SAMPLES.length);
    // Its skeleton: each element's tag and classes, outside the rendered Markdown.
    const skeleton = (message: Element): string[] => Array.from(message.querySelectorAll('*'))
      .filter((node) => node.closest('.content') === null)
      .map((node) => `${node.tagName.toLowerCase()}.${node.getAttribute('class') ?? ''}`);
    for (const [i, role] of (['user', 'assistant'] as const).entries()) {
      const shown = createAppHarness();
      shown.receive(stateMessage([{ id: 'a', role, content: 'x', status: 'stopped', model: 'm', usage: { inputTokens: 1, outputTokens: 2 }, createdAt: 1 }]));
      shown.runFrames();
      const message = shown.$('.message');
      const sample = samples[i].querySelector(':scope > .message');
      assert.equal(sample?.getAttribute('data-role'), role, `sample ${i}`);
      assert.deepEqual(skeleton(sample as Element), skeleton(message), `sample ${i} is built as a shown ${role} message`);
      for (const part of ['.message-header .codicon', '.status-note', '.usage']) {
        assert.notEqual(sample?.querySelector(part)?.textContent ?? null, null, `sample ${i} has ${part}`);
      }
    }
  });

  /** The page with its warm-up driven by hand: `callbacks` runs idle callbacks, `samplesAdded` counts the font samples laid out since last asked (the steps that ran). */
  const warmingPage = (): { h: ReturnType<typeof createAppHarness>; idle: (() => void)[]; callbacks(count: number): void; samplesAdded(): number } => {
    const idle: (() => void)[] = [];
    const h = createAppHarness('', (callback) => idle.push(callback));
    const observer = new h.window.MutationObserver(() => undefined);
    observer.observe(h.doc.body, { childList: true });
    return {
      h,
      idle,
      callbacks: (count) => {
        for (let i = 0; i < count; i++) idle.shift()?.();
      },
      samplesAdded: () => observer.takeRecords().flatMap((record) => Array.from(record.addedNodes))
        .filter((node) => (node as Element).className === 'font-warm-up').length,
    };
  };

  it('the page runs no warm-up step while it has a frame to render', () => {
    const { h, callbacks, samplesAdded } = warmingPage();
    // More than a frame renders: the rest waits for the next frame.
    h.receive(stateMessage([{ id: 'a', role: 'assistant', content: 'word '.repeat(3_000), status: 'streaming', createdAt: 1 }]));
    callbacks(SAMPLE_BLOCKS.length + FONT_SAMPLES.length);
    assert.equal(samplesAdded(), 0, 'a frame was wanted: no step');
    while (h.runFrames() > 0);
    callbacks(SAMPLE_BLOCKS.length + 1);
    assert.equal(samplesAdded(), 1, 'the blocks alone, then the first font sample');
  });

  it('the page runs no warm-up step while the host is answering, and goes on once it is done', () => {
    const { h, idle, callbacks, samplesAdded } = warmingPage();
    // An answer on its way: between its frames the page has nothing to render, and still no step runs.
    h.receive(stateMessage([], { busy: true }));
    while (h.runFrames() > 0);
    callbacks(SAMPLE_BLOCKS.length + FONT_SAMPLES.length);
    assert.equal(samplesAdded(), 0, 'the host answers: no step');
    assert.ok(idle.length > 0, 'the warm-up asks again');
    h.receive({ type: 'busy', busy: false });
    callbacks(SAMPLE_BLOCKS.length + 1);
    assert.equal(samplesAdded(), 1, 'the answer done: the steps go on');
    h.receive({ type: 'busy', busy: true });
    callbacks(FONT_SAMPLES.length);
    assert.equal(samplesAdded(), 0, 'the next answer: no step');
  });

  it('the page warms up while idle without showing or posting anything, and renders its first answer the same after', () => {
    const idle: (() => void)[] = [];
    const h = createAppHarness('', (callback) => idle.push(callback));
    const page = h.doc.body.innerHTML;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    // Each font sample is added to the page and removed again within its idle callback.
    const observer = new h.window.MutationObserver(() => undefined);
    observer.observe(h.doc.body, { childList: true });
    const samples: { added: Element[]; removed: Node[] }[] = [];
    try {
      let callbacks = 0;
      while (idle.length > 0) {
        idle.shift()?.();
        callbacks++;
        const records = observer.takeRecords();
        const added = records.flatMap((record) => Array.from(record.addedNodes)) as Element[];
        if (added.length > 0) samples.push({ added, removed: records.flatMap((record) => Array.from(record.removedNodes)) });
      }
      assert.ok(callbacks > HIGHLIGHTED_LANGUAGES.length);
    } finally {
      console.error = original;
    }
    assert.deepEqual(errors, []);
    assert.equal(h.doc.body.innerHTML, page, 'nothing shown');
    assert.deepEqual(h.posted, [], 'nothing posted');
    assert.equal(samples.length, FONT_SAMPLES.length);
    for (const [i, { added, removed }] of samples.entries()) {
      assert.equal(added.length, 1);
      assert.deepEqual(removed, added, 'removed in the same idle callback');
      const [sample] = added;
      assert.deepEqual([sample.className, sample.getAttribute('aria-hidden')], ['font-warm-up', 'true']);
      // Where a message's text is, so the page's rules give it a message's fonts, and its header, status note and usage.
      for (const part of ['.message-header .message-model', '.status-note', '.usage']) {
        assert.ok(sample.querySelector(`:scope > .message > ${part}`), `the sample has ${part}`);
      }
      const blocks = sample.querySelector(':scope > .message > .content > .md-blocks');
      assert.equal(blocks?.innerHTML, (() => {
        const expected = createAppHarness();
        expected.receive(stateMessage([{ id: 'x', role: 'assistant', content: FONT_SAMPLES[i], status: 'done', createdAt: 1 }]));
        expected.runFrames();
        return expected.$('.message .content > .md-blocks').innerHTML;
      })(), `sample ${i} rendered as a message shows it`);
    }
  });
});
