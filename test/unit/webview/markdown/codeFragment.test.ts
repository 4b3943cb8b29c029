import * as assert from 'node:assert/strict';
import { markBidiControls } from '../../../../src/webview/markdown/bidi';
import { codeFragment } from '../../../../src/webview/markdown/codeFragment';
import { highlightCode } from '../../../../src/webview/markdown/highlight';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { createWindow } from '../domFixture';

/** codeFragment in a fresh window, with the sanitizer calls it made. */
function build(html: string): { element: HTMLElement; sanitized: string[]; work: { sanitizedChars: number } } {
  const window = createWindow();
  const sanitize = createSanitizer(window);
  const sanitized: string[] = [];
  const work = { sanitizedChars: 0 };
  const element = window.document.createElement('code');
  element.append(codeFragment(window.document, html, (input) => {
    sanitized.push(input);
    return sanitize(input);
  }, work));
  return { element, sanitized, work };
}

describe('webview/markdown/codeFragment: highlighted code as DOM', () => {
  it('takes highlight.js output as it is, without the sanitizer, and keeps its text exactly', () => {
    const code = 'const a = "<img src=x onerror=alert(1)>"; // </span><script>x</script> & \' "\n';
    const html = highlightCode(code, 'typescript') ?? '';
    assert.ok(html.includes('<span class="hljs-'), html);
    const { element, sanitized, work } = build(html);
    assert.deepEqual(sanitized, []);
    assert.equal(work.sanitizedChars, 0);
    assert.equal(element.textContent, code);
    assert.equal(element.querySelector(':not(span)'), null);
    assert.ok(element.querySelector('span.hljs-string'));
  });

  it('takes marked bidi and invisible characters too (their span has a title and a data attribute)', () => {
    const html = markBidiControls(highlightCode('let x = "\u202Eevil\u2066";\n', 'typescript') ?? '');
    const { element, sanitized } = build(html);
    assert.deepEqual(sanitized, []);
    assert.deepEqual(Array.from(element.querySelectorAll('.bidi-control'), (span) => span.getAttribute('data-bidi')), ['U+202E', 'U+2066']);
  });

  // What highlight.js never produces: each goes through the sanitizer, which removes what is unsafe.
  const hostile: [string, string][] = [
    ['an element other than span', '<span class="hljs-string">a</span><img src=x onerror="alert(1)">'],
    ['a span with an event handler', '<span class="hljs-string" onmouseover="alert(1)">a</span>'],
    ['a span with a style', '<span style="position:fixed;inset:0">a</span>'],
    ['a script', '<script>alert(1)</script>'],
    ['a link', '<a href="javascript:alert(1)">a</a>'],
    ['an svg span', '<svg><span onload="alert(1)"></span></svg>'],
    ['a nested template', '<template><img src=x onerror=alert(1)></template>'],
  ];
  for (const [what, html] of hostile) {
    it(`hands ${what} to the sanitizer`, () => {
      const { element, sanitized, work } = build(html);
      assert.deepEqual(sanitized, [html]);
      assert.equal(work.sanitizedChars, html.length);
      assert.equal(element.querySelector('img, script, svg, template, [onerror], [onmouseover], [onload], [style], a[href]'), null, element.innerHTML);
    });
  }
});
