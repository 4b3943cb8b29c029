import assert from 'node:assert/strict';
import { fenceFor, formatSnippet, selectedLines, snippetFromSelection } from '../../../../src/host/selection/formatSelection';

describe('selection formatting', () => {
  it('fences the code with its language and location', () => {
    const text = formatSnippet({ code: 'const a = 1;\nconst b = 2;\n', languageId: 'typescript', path: 'src/app.ts', startLine: 3, endLine: 4 });
    assert.equal(text, '```typescript src/app.ts:3-4\nconst a = 1;\nconst b = 2;\n```\n');
  });

  it('uses a fence longer than any backtick run inside the code', () => {
    assert.equal(fenceFor('no ticks'), '```');
    assert.equal(fenceFor('a ` b'), '```');
    assert.equal(fenceFor('```js\nx\n```'), '````');
    assert.equal(fenceFor('`````'), '``````');
    const text = formatSnippet({ code: 'Example:\n```js\nx\n```', languageId: 'markdown', path: 'README.md', startLine: 1, endLine: 4 });
    assert.ok(text.startsWith('````markdown README.md:1-4\n'));
    assert.ok(text.endsWith('\n````\n'));
  });

  it('keeps the info string one word per part', () => {
    const text = formatSnippet({ code: 'x', languageId: 'plaintext', path: 'my docs/a`b.txt', startLine: 1, endLine: 1 });
    assert.equal(text.split('\n')[0], '```plaintext my%20docs/ab.txt:1-1');
  });

  it('normalizes CRLF line ends', () => {
    const text = formatSnippet({ code: 'a\r\nb\r\n', languageId: 'c', path: 'a.c', startLine: 1, endLine: 2 });
    assert.equal(text, '```c a.c:1-2\na\nb\n```\n');
  });

  it('does not count the line a whole-line selection ends on', () => {
    assert.deepEqual(selectedLines({ line: 2, character: 0 }, { line: 5, character: 0 }), { startLine: 2, endLine: 4 });
    assert.deepEqual(selectedLines({ line: 2, character: 0 }, { line: 5, character: 3 }), { startLine: 2, endLine: 5 });
    assert.deepEqual(selectedLines({ line: 2, character: 1 }, { line: 2, character: 4 }), { startLine: 2, endLine: 2 });
  });

  const base = { languageId: 'python', path: 'tool.py', start: { line: 9, character: 4 }, end: { line: 9, character: 4 } };

  it('takes the selection, numbering lines from 1', () => {
    const outcome = snippetFromSelection({ ...base, selectedText: 'print(1)', currentLineText: '    print(1)', end: { line: 9, character: 12 } });
    assert.deepEqual(outcome, { kind: 'snippet', text: '```python tool.py:10-10\nprint(1)\n```\n' });
  });

  it('takes the current line when nothing is selected', () => {
    const outcome = snippetFromSelection({ ...base, selectedText: '', currentLineText: '    return x' });
    assert.deepEqual(outcome, { kind: 'snippet', text: '```python tool.py:10-10\n    return x\n```\n' });
  });

  it('says why nothing was sent when the selection and the line are empty', () => {
    const outcome = snippetFromSelection({ ...base, selectedText: '', currentLineText: '   ' });
    assert.equal(outcome.kind, 'nothing');
    assert.match(outcome.kind === 'nothing' ? outcome.reason : '', /current line is empty/);
  });

  it('says why nothing was sent when only whitespace is selected', () => {
    const outcome = snippetFromSelection({ ...base, selectedText: ' \n\t', currentLineText: 'code' });
    assert.equal(outcome.kind, 'nothing');
  });

  it('falls back to "text" when the language is unknown', () => {
    const text = formatSnippet({ code: 'x', languageId: '', path: 'Untitled-1', startLine: 1, endLine: 1 });
    assert.ok(text.startsWith('```text Untitled-1:1-1\n'));
  });
});
