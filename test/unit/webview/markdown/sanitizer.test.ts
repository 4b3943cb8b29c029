import * as assert from 'node:assert/strict';
import { sanitizeToElement } from '../domFixture';
import { md } from './streamFixture';

/** Model output as it reaches the DOM: rendered, then sanitized. */
const renderSafely = (markdown: string): HTMLElement => sanitizeToElement(md.render(markdown));

const hrefs = (element: HTMLElement): string[] => Array.from(element.querySelectorAll('a[href]'), (a) => a.getAttribute('href') ?? '');

describe('webview/markdown: untrusted model output', () => {
  it('escapes raw HTML instead of interpreting it', () => {
    const element = renderSafely('<b>bold?</b> <div onclick="steal()">x</div>');
    assert.equal(element.querySelector('b, div[onclick]'), null);
    assert.match(element.textContent ?? '', /<b>bold\?<\/b> <div onclick="steal\(\)">x<\/div>/);
  });

  it('puts a table in a focusable box of its own that scrolls sideways (not the table itself: see chat.css)', () => {
    const element = renderSafely('| a | b |\n|---|---|\n| 1 | 2 |');
    const box = element.querySelector('.table-scroll');
    assert.equal(box?.getAttribute('tabindex'), '0');
    assert.equal(box?.children.length, 1);
    assert.equal(box?.firstElementChild?.tagName, 'TABLE');
  });

  it('never produces a script element', () => {
    for (const markdown of ['<script>alert(1)</script>', '```\n</code></pre><script>alert(1)</script>\n```', '`<script>x</script>`']) {
      const element = renderSafely(markdown);
      assert.equal(element.querySelector('script'), null, markdown);
    }
  });

  for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'command:workbench.action.quit', 'vscode://ms-vscode.x/y', 'data:text/html,<b>x</b>', 'file:///etc/passwd']) {
    it(`drops a ${href.split(':')[0]}: link`, () => {
      const element = renderSafely(`[click me](${href}) and <${href}>`);
      assert.deepEqual(hrefs(element), []);
      assert.match(element.textContent ?? '', /click me/);
    });
  }

  it('the renderer alone already refuses to create links with other schemes', () => {
    const html = md.render('[a](command:x) [b](vscode://x) [c](javascript:x) [d](./relative) [e](#anchor) <command:x>');
    assert.doesNotMatch(html, /<a /);
  });

  it('keeps http, https and mailto links, with rel=noopener and the target shown as title', () => {
    const element = renderSafely('[a](https://a.example/x) [b](http://b.example) [c](mailto:c@example.com) https://auto.example');
    assert.deepEqual(hrefs(element), ['https://a.example/x', 'http://b.example', 'mailto:c@example.com', 'https://auto.example']);
    for (const link of Array.from(element.querySelectorAll('a'))) {
      assert.equal(link.getAttribute('rel'), 'noopener noreferrer');
      assert.equal(link.getAttribute('title'), link.getAttribute('href'));
      assert.equal(link.getAttribute('target'), null);
    }
  });

  it('turns text into a link only when it is unmistakably one (a scheme, www., an e-mail), never a file name', () => {
    const element = renderSafely('Edit README.md, main.py and build.sh (see example.com); docs at www.example.com/guide, https://a.example/x or ask me@example.com. www.localhost is not a site.');
    assert.deepEqual(hrefs(element), ['http://www.example.com/guide', 'https://a.example/x', 'mailto:me@example.com']);
    assert.match(element.textContent ?? '', /Edit README\.md, main\.py and build\.sh \(see example\.com\)/);
  });

  it('shows the real target first in a link\'s tooltip, whatever title the model gives it', () => {
    const element = renderSafely('[docs](https://evil.example/x "https://good.example/docs")');
    const link = element.querySelector('a');
    assert.equal(link?.getAttribute('href'), 'https://evil.example/x');
    assert.equal(link?.getAttribute('title')?.split('\n')[0], 'https://evil.example/x');
  });

  it('shows bidi control characters (Trojan Source) instead of letting them silently reorder text', () => {
    const element = renderSafely('Say \u202Eevil\u202C here\n\n`a\u2067b`\n\n```js\nconst ok = "\u202E"; // x\n```\n\n```\nplain \u2066\n```');
    const marks = Array.from(element.querySelectorAll('span.bidi-control'), (mark) => mark.getAttribute('data-bidi'));
    assert.deepEqual(marks, ['U+202E', 'U+202C', 'U+2067', 'U+202E', 'U+2066']);
    const code = element.querySelectorAll('.code-block code');
    assert.equal(code[0].textContent, 'const ok = "\u202E"; // x\n', 'Copy and Insert still get the code as written');
    assert.equal(code[1].textContent, 'plain \u2066\n');
  });

  it('marks the bidi marks U+200E, U+200F, U+061C and invisible characters too, naming each kind', () => {
    const chars = ['\u200E', '\u200F', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
    const element = renderSafely(`text ${chars.join('x')} end\n\n\`code${chars.join('')}\`\n\n\`\`\`\nblock ${chars.join('')}\n\`\`\``);
    const marks = Array.from(element.querySelectorAll('span.bidi-control'), (mark) => mark.getAttribute('data-bidi'));
    const names = ['U+200E', 'U+200F', 'U+061C', 'U+200B', 'U+200C', 'U+200D', 'U+2060', 'U+FEFF'];
    assert.deepEqual(marks, [...names, ...names, ...names]);
    const titles = Array.from(element.querySelectorAll('span.bidi-control'), (mark) => mark.getAttribute('title')).slice(0, 8);
    assert.deepEqual(titles.map((title) => title?.split(' U+')[0]), [
      ...Array(3).fill('Bidirectional control character'), ...Array(5).fill('Invisible character'),
    ]);
    assert.equal(element.querySelector('.code-block code')?.textContent, `block ${chars.join('')}\n`, 'Copy and Insert still get the code as written');
  });

  it('marks bidi controls in image alt text and in a code block\'s language label', () => {
    const element = renderSafely('![safe\u202Egnp.exe](https://x.example/a.png) ![\u200Bdiagram](https://x.example/b.png)\n\n```py\u202Ethon\nx\n```');
    const images = Array.from(element.querySelectorAll('.image-ref'));
    assert.deepEqual(images.map((image) => Array.from(image.querySelectorAll('.bidi-control'), (mark) => mark.getAttribute('data-bidi'))), [['U+202E'], ['U+200B']]);
    const label = element.querySelector('.code-block .code-lang');
    assert.deepEqual(Array.from(label?.querySelectorAll('.bidi-control') ?? [], (mark) => mark.getAttribute('data-bidi')), ['U+202E']);
    assert.equal(label?.textContent, 'py\u202Ethon');
  });

  it('renders an image as a link to it, so nothing remote is loaded', () => {
    const element = renderSafely('![a diagram](https://evil.example/track.png)');
    assert.equal(element.querySelector('img'), null);
    const link = element.querySelector('a.image-ref');
    assert.equal(link?.getAttribute('href'), 'https://evil.example/track.png');
    assert.match(link?.textContent ?? '', /a diagram/);
  });

  it('loads no image even for data: or javascript: sources, nor inside a link', () => {
    const element = renderSafely('![x](data:image/png;base64,AAAA) ![y](javascript:alert(1)) [![z](https://i.example/z.png)](https://site.example)');
    assert.equal(element.querySelector('img'), null);
    assert.deepEqual(hrefs(element), ['https://site.example']);
  });

  it('aligns table cells with classes, not style attributes the CSP would block', () => {
    const html = md.render('| l | c | r |\n|:--|:-:|--:|\n| 1 | 2 | 3 |');
    assert.doesNotMatch(html, /style=/);
    const cells = Array.from(sanitizeToElement(html).querySelectorAll('td'), (cell) => cell.className);
    assert.deepEqual(cells, ['align-left', 'align-center', 'align-right']);
  });

  describe('the sanitizer alone (defence in depth, on hostile HTML)', () => {
    it('removes event handlers, styles, scripts, frames, forms and media', () => {
      const element = sanitizeToElement(
        '<p onclick="x()" onmouseover="y()" style="color:red">t</p><style>*{}</style><script>1</script>' +
          '<iframe src="https://x"></iframe><form action="https://x"><input name="a"></form>' +
          '<img src="https://x/i.png" onerror="z()"><svg onload="a()"></svg><video src="https://x"></video><object data="x"></object>',
      );
      assert.equal(element.innerHTML, '<p>t</p>');
    });

    it('strips hrefs with forbidden schemes even when obfuscated', () => {
      const element = sanitizeToElement(
        '<a href="javascript:alert(1)">a</a><a href=" jav&#x09;ascript:alert(1)">b</a><a href="command:x">c</a><a href="vscode:x">d</a><a href="https://ok.example">e</a>',
      );
      assert.deepEqual(hrefs(element), ['https://ok.example']);
    });

    it('keeps the code block buttons and classes the renderer makes', () => {
      const element = sanitizeToElement(md.render('```js\nlet a = 1;\n```'));
      assert.ok(element.querySelector('.code-block[data-lang="js"] button.copy-code[type="button"]'));
      assert.ok(element.querySelector('.code-block button.insert-code'));
      assert.ok(element.querySelector('pre > code.hljs.language-js span.hljs-keyword'));
    });
  });
});

describe('webview/markdown: the sanitizer itself, on hostile HTML (whatever might slip past the renderer)', () => {
  const hostile: [string, string][] = [
    ['<img src=x onerror=alert(1)>x', 'img, [onerror]'],
    ['<script>alert(1)</script>x', 'script'],
    ['<iframe src="https://evil.example"></iframe>x', 'iframe'],
    ['<svg><script>alert(1)</script></svg>x', 'svg, script'],
    ['<math><mi><style><img src=x onerror=alert(1)></style></mi></math>x', 'math, style, img'],
    ['<style>body{display:none}</style>x', 'style'],
    ['<form action="https://evil.example"><input name=a></form>x', 'form, input'],
    ['<a href="javascript:alert(1)">x</a>', 'a[href]'],
    ['<a href="command:workbench.action.quit">x</a>', 'a[href]'],
    ['<p style="position:fixed" onclick="x()">x</p>', '[style], [onclick]'],
    ['<template><img src=x onerror=alert(1)></template>x', 'template, img'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">x</p></noscript>', 'noscript, img, [onerror]'],
    ['</div><img src=x onerror=alert(1)>x', 'img, [onerror]'],
    ['<div><div></div></div></div></div><script>alert(1)</script>x', 'script'],
    ['<base href="https://evil.example/">x', 'base'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">x', 'meta'],
  ];
  for (const [html, forbidden] of hostile) {
    it(`removes ${forbidden} from ${html}`, () => {
      const element = sanitizeToElement(html);
      assert.equal(element.querySelector(forbidden), null, element.innerHTML);
    });
  }

  it('keeps what is safe: text, markup, http links with rel=noopener, a code block\'s buttons', () => {
    const element = sanitizeToElement('<p>a <strong>b</strong> <a href="https://ok.example">c</a></p><div class="code-block"><button type="button" class="copy-code">copy</button><pre tabindex="0"><code class="hljs">x</code></pre></div>');
    assert.equal(element.querySelector('a')?.getAttribute('href'), 'https://ok.example');
    assert.equal(element.querySelector('a')?.getAttribute('rel'), 'noopener noreferrer');
    assert.ok(element.querySelector('.code-block button.copy-code[type=button]'));
    assert.equal(element.querySelector('pre')?.getAttribute('tabindex'), '0');
    assert.equal(element.textContent, 'a b ccopyx');
  });
});
