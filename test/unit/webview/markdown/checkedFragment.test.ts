// The sanitizer shows the renderer's own HTML without DOMPurify when a check proves DOMPurify would
// change nothing (sanitizer.ts, checkedFragment). These tests hold it to that: for every answer shape,
// the showcase and hostile markdown, the result is exactly DOMPurify's; what the renderer writes,
// streamed through the view in small pieces, never needs DOMPurify; and anything else goes to it.
import * as assert from 'node:assert/strict';
import { MarkdownView } from '../../../../src/webview/markdown/markdownView';
import { createSanitizer } from '../../../../src/webview/markdown/sanitizer';
import { StreamingMarkdownRenderer } from '../../../../src/webview/markdown/streamingRenderer';
import { createWindow } from '../domFixture';
import { SHOWCASE_MARKDOWN } from './fixtures/showcase';
import { SHAPES, shapeText } from './shapes';
import { chunk, md, seededRandom } from './streamFixture';

/** Markdown a model could write to get past the renderer: each is rendered (safely) and then sanitized. */
const HOSTILE_MARKDOWN = [
  '[a](https://x.example " spaced title ") [b](https://x.example "a > b") [c](https://x.example "-->") [d](https://x.example "</style><img src=x>")',
  '[e](https://x.example/a%20b) [f](<https://x.example/a b>) [g](javascript:alert(1)) [h](JaVaScRiPt:alert(1)) <javascript:alert(1)> [i](command:x)',
  '[j](https://x.example/"onmouseover="x) [k](https://x.example/\'><img src=x>) <https://x.example/<b>>',
  '<b>raw</b> <img src=x onerror=alert(1)> <!-- comment --> <?php x ?> <![CDATA[x]]> </3> <svg><a href="javascript:x">s</a></svg>',
  '```js" onmouseover="alert(1)\ncode\n```\n\n```<img src=x>\n<b>x</b>\n```\n\n~~~ foo bar\nx\n~~~',
  '| a | b |\n|:-:|--:|\n| <b>1</b> | [x](javascript:x) |\n| `|` | ![i](https://x.example/i.png "t") |',
  '1. one\n\n   7. nested\n\n> quote with [link](https://x.example "q\u202Et")\n>\n> - \u200Bitem',
  '&lt;script&gt; &#x3C;b&#x3E; &amp;amp; \\<b\\> `<code>` ***strong em*** ~~strike~~ line  \nbreak\n\n---\n\n# h1\n###### h6',
];

describe('webview/markdown: the sanitizer\'s check of the renderer\'s own HTML', () => {
  const window = createWindow();
  const purified: string[] = [];
  const sanitize = createSanitizer(window, { purified: (html) => purified.push(html) });
  const purifyOnly = createSanitizer(window, { check: false });
  const serialize = (fragment: DocumentFragment): string => {
    const container = window.document.createElement('div');
    container.append(fragment);
    return container.innerHTML;
  };

  beforeEach(() => {
    purified.length = 0;
  });

  it('shows exactly what DOMPurify shows, for every answer shape, the showcase and hostile markdown', () => {
    const texts = [...SHAPES.map((shape) => shapeText(shape, 6_000)), SHOWCASE_MARKDOWN, ...HOSTILE_MARKDOWN];
    for (const text of texts) {
      const html = md.render(text);
      assert.equal(serialize(sanitize(html)), serialize(purifyOnly(html)), text.slice(0, 80));
    }
  });

  it('never needs DOMPurify for what the renderer writes, whole or streamed through the view in small pieces', () => {
    const texts = [...SHAPES.map((shape) => shapeText(shape, 6_000)), SHOWCASE_MARKDOWN];
    for (const text of texts) {
      sanitize(md.render(text));
      const container = window.document.createElement('div');
      const view = new MarkdownView(container, new StreamingMarkdownRenderer(md), sanitize, () => 0);
      for (const piece of chunk(text, 40, seededRandom(text.length))) {
        view.append(piece);
        view.update(false);
      }
      while (view.update(true));
      assert.deepEqual(purified, [], text.slice(0, 80));
    }
  });

  const others: [string, string][] = [
    ['a title DOMPurify trims', '<a href="https://x.example" title=" t ">x</a>'],
    ['a value that could end a tag', '<a href="https://x.example" title="a > b">x</a>'],
    ['a link it drops', '<a href="javascript:alert(1)">x</a>'],
    ['a link it drops, spaced', '<a href=" https://x.example">x</a>'],
    ['a link with a space inside', '<a href="https://x.example/a b">x</a>'],
    ['a link within the page', '<a href="#top">x</a>'],
    ['a rel of its own', '<a href="https://x.example" rel="opener">x</a>'],
    ['a comment', '<p>x<!-- c --></p>'],
    ['a style', '<span class="a" style="color:red">x</span>'],
    ['an id', '<div id="root">x</div>'],
    ['an event handler', '<span data-bidi="x" onclick="y()">x</span>'],
    ['an attribute another element may carry', '<p class="x">x</p>'],
    ['a button that submits elsewhere', '<button type="submit" formaction="https://x.example">x</button>'],
    ['a value with a scheme', '<div tabindex="javascript:1">x</div>'],
    ['an SVG element', '<svg><span>x</span></svg>'],
    ['a MathML element', '<math><mi>x</mi></math>'],
    ['an image', '<img src="x">'],
    ['a template', '<template><p>x</p></template>'],
  ];
  for (const [what, html] of others) {
    it(`hands ${what} to DOMPurify, whose result it shows: ${html}`, () => {
      const shown = serialize(sanitize(html));
      assert.deepEqual(purified, [html]);
      assert.equal(shown, serialize(purifyOnly(html)));
    });
  }
});
