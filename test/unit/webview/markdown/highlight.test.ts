import * as assert from 'node:assert/strict';
import { highlightCode, highlightGrowingCode, isKnownLanguage, type HighlightCache } from '../../../../src/webview/markdown/highlight';
import { sanitizeToElement } from '../domFixture';
import { md } from './streamFixture';

describe('webview/markdown/highlight', () => {
  it('highlights the curated languages and their common aliases', () => {
    for (const language of ['typescript', 'ts', 'javascript', 'js', 'python', 'py', 'bash', 'sh', 'json', 'html', 'css', 'go', 'rust', 'java', 'csharp', 'cpp', 'sql', 'yaml', 'diff']) {
      assert.ok(isKnownLanguage(language), language);
    }
    assert.match(highlightCode('const x = 1;', 'ts') ?? '', /<span class="hljs-keyword">const<\/span>/);
    assert.match(highlightCode('def f(): pass', 'python') ?? '', /<span class="hljs-keyword">def<\/span>/);
  });

  it('leaves unknown languages unhighlighted instead of guessing', () => {
    assert.equal(isKnownLanguage('brainfuck'), false);
    assert.equal(isKnownLanguage(''), false);
    assert.equal(highlightCode('+++', 'brainfuck'), undefined);
  });

  it('escapes markup inside highlighted code', () => {
    const html = highlightCode('const s = "<img src=x onerror=alert(1)>";', 'js') ?? '';
    assert.doesNotMatch(html, /<img/);
    assert.match(html, /&lt;img/);
  });

  it('renders a fence as a .code-block with language label, Copy and Insert buttons', () => {
    const element = sanitizeToElement(md.render('```python\nprint("hi")\n```'));
    const block = element.querySelector('.code-block');
    assert.ok(block);
    assert.equal(block.querySelector('.code-lang')?.textContent, 'python');
    assert.ok(block.querySelector('button.copy-code[aria-label]'));
    assert.ok(block.querySelector('button.insert-code[aria-label]'));
    assert.equal(block.querySelector('code')?.textContent, 'print("hi")\n');
    assert.ok(block.querySelector('code.language-python .hljs-built_in'));
  });

  it('renders an unknown or missing language as escaped plain code, labelled "text"', () => {
    const element = sanitizeToElement(md.render('```\n<b>x</b>\n```\n\n    indented\n'));
    const blocks = element.querySelectorAll('.code-block');
    assert.equal(blocks.length, 2);
    assert.equal(blocks[0].querySelector('.code-lang')?.textContent, 'text');
    assert.equal(blocks[0].querySelector('code')?.textContent, '<b>x</b>\n');
    assert.equal(blocks[0].querySelector('code b'), null);
    assert.equal(blocks[1].querySelector('code')?.textContent, 'indented\n');
  });

  it('escapes a hostile language tag', () => {
    const element = sanitizeToElement(md.render('```"><script>alert(1)</script>\nx\n```'));
    assert.equal(element.querySelector('script'), null);
    assert.equal(element.querySelector('.code-lang')?.textContent, '"><script>alert(1)</script>');
  });

  describe('a code block that grows (streaming)', () => {
    const samples: Record<string, string> = {
      ts: 'import { a } from "b";\n/* a comment\n   over lines */\nconst t = `multi\nline ${a}`;\nclass C extends D {\n  m(x: number): void {\n    return;\n  }\n}\n',
      python: 'def f(a):\n    """doc\n    string"""\n    return a  # c\n\nclass K(object):\n    pass\n',
      css: 'a {\n  color: red;\n}\n/* c\n */\n.b > c { margin: 0 }\n',
      json: '{\n  "a": [1, 2,\n    3],\n  "b": "x"\n}\n',
    };
    for (const [language, code] of Object.entries(samples)) {
      it(`${language}: highlighted piece by piece, equals highlighting the whole at every step`, () => {
        const cache: HighlightCache = { language: '', code: '', html: '' };
        for (let end = 1; end <= code.length; end++) {
          const prefix = code.slice(0, end);
          assert.equal(highlightGrowingCode(prefix, language, cache), highlightCode(prefix, language), `at ${JSON.stringify(prefix)}`);
        }
      });
    }

    it('does not reuse the cache for other code or another language', () => {
      const cache: HighlightCache = { language: '', code: '', html: '' };
      highlightGrowingCode('let a = 1;\nlet b;\n', 'js', cache);
      assert.equal(highlightGrowingCode('x = 1\n', 'python', cache), highlightCode('x = 1\n', 'python'));
      assert.equal(highlightGrowingCode('const s = "<i>";\n', 'js', cache), highlightCode('const s = "<i>";\n', 'js'));
      assert.equal(highlightGrowingCode('+++', 'brainfuck', cache), undefined);
    });

    it('highlights only the new lines once the earlier ones are settled', () => {
      const cache: HighlightCache = { language: '', code: '', html: '' };
      const work = { highlightedChars: 0 };
      let code = '';
      for (let i = 0; i < 200; i++) {
        code += `const v${i} = ${i};\n`;
        highlightGrowingCode(code, 'js', cache, work);
      }
      assert.ok(work.highlightedChars < code.length * 2, `${work.highlightedChars} chars highlighted for ${code.length}`);
    });
  });
});

