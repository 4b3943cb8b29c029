import * as assert from 'node:assert/strict';
import { highlightCode, isKnownLanguage } from '../../../../src/webview/markdown/highlight';
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
});
