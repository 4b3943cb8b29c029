// The renderer warms up while the page is idle: one small step per idle callback, nothing shown.
import * as assert from 'node:assert/strict';
import { HIGHLIGHTED_LANGUAGES, highlightCode } from '../../../../src/webview/markdown/highlight';
import { HIGHLIGHT_ROUNDS, WARM_UP_CODE, warmUp } from '../../../../src/webview/markdown/warmUp';
import { createAppHarness } from '../appHarness';
import { createWindow } from '../domFixture';
import { md } from './streamFixture';

describe('webview/markdown: warm-up while idle', () => {
  it('renders a sample with every block kind, then compiles one grammar per idle callback, and nothing runs outside them', () => {
    const idle: (() => void)[] = [];
    const rendered: string[] = [];
    warmUp((callback) => idle.push(callback), (markdown) => rendered.push(markdown));
    assert.equal(rendered.length, 0, 'nothing before the page is idle');
    let callbacks = 0;
    while (idle.length > 0) {
      const before = rendered.length;
      idle.shift()?.();
      callbacks++;
      assert.ok(rendered.length - before <= 1, 'one step per idle callback');
    }
    assert.equal(callbacks, 4 + HIGHLIGHTED_LANGUAGES.length + 1, 'rounds of the sample, each grammar, and a last callback that finds nothing left');
    assert.equal(rendered.length, 4);
    const doc = createWindow().document;
    const body = doc.createElement('div');
    body.innerHTML = md.render(rendered[0]);
    for (const selector of ['h1', 'p strong', 'p em', 'p code', 'p a', 'ul ul', 'ol', 'blockquote', 'table', 'pre code.language-ts',
      'a[href^="https://example.com/a?"]', 'a[href="http://www.example.com"]', 'a[href="mailto:someone@example.com"]']) {
      assert.ok(body.querySelector(selector), `the sample has ${selector}`);
    }
  });

  it('highlights that code with every grammar, several times each, one grammar per idle callback', () => {
    const idle: (() => void)[] = [];
    const highlighted: string[][] = [];
    warmUp((callback) => idle.push(callback), () => undefined, (code, language) => highlighted.at(-1)?.push(`${language}:${code}`));
    while (idle.length > 0) {
      highlighted.push([]);
      idle.shift()?.();
    }
    const steps = highlighted.filter((calls) => calls.length > 0);
    assert.deepEqual(steps, HIGHLIGHTED_LANGUAGES.map((language) => Array.from({ length: HIGHLIGHT_ROUNDS }, () => `${language}:${WARM_UP_CODE}`)));
    assert.ok(HIGHLIGHT_ROUNDS >= 2, 'a regular expression is compiled when it runs again');
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
      warmUp((callback) => idle.push(callback), () => {
        throw new Error('broken');
      });
      let callbacks = 0;
      while (idle.length > 0) {
        idle.shift()?.();
        callbacks++;
      }
      assert.equal(callbacks, HIGHLIGHTED_LANGUAGES.length + 5);
      assert.equal(errors.length, 4);
    } finally {
      console.error = original;
    }
  });

  it('the page warms up while idle without showing or posting anything, and renders its first answer the same after', () => {
    const idle: (() => void)[] = [];
    const h = createAppHarness('', (callback) => idle.push(callback));
    const page = h.doc.body.innerHTML;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      let callbacks = 0;
      while (idle.length > 0) {
        idle.shift()?.();
        callbacks++;
      }
      assert.ok(callbacks > HIGHLIGHTED_LANGUAGES.length);
    } finally {
      console.error = original;
    }
    assert.deepEqual(errors, []);
    assert.equal(h.doc.body.innerHTML, page, 'nothing shown');
    assert.deepEqual(h.posted, [], 'nothing posted');
  });
});
