import * as assert from 'node:assert/strict';
import { fold, foldedWords, foldWithMap } from '../../../../src/shared/textFold';
import { MAX_QUERY_TERMS, parseQuery } from '../../../../src/host/search/query';
import { makeSnippet } from '../../../../src/host/search/snippet';
import { literalLabel, snippetLine } from '../../../../src/host/search/hitText';

describe('Search: folding, query parsing and snippets', () => {
  it('folds case and diacritics, and splits words on anything but letters and digits', () => {
    assert.equal(fold('Crème Brûlée ÉTÉ'), 'creme brulee ete');
    assert.deepEqual([...foldedWords('Hello, wörld! hello_world 42x')], ['hello', 'world', '42x']);
    assert.deepEqual([...foldedWords('Привет мир, 你好')], ['привет', 'мир', '你好']);
  });

  it('maps each folded position back to the original text', () => {
    const text = 'Zoë said e\u0301lan';
    const { folded, origin } = foldWithMap(text);
    assert.equal(folded, 'zoe said elan');
    const at = folded.indexOf('elan');
    assert.equal(text.slice(origin[at], origin[at + 4]), 'e\u0301lan');
  });

  it('treats the query as words, never as a pattern', () => {
    assert.deepEqual(parseQuery('  Café  au LAIT '), ['cafe', 'lait', 'au']);
    assert.deepEqual(parseQuery('.*'), []);
    assert.deepEqual(parseQuery('(a|b)[c]'), ['a', 'b', 'c']);
    assert.deepEqual(parseQuery(''), []);
  });

  it('drops repeated terms and terms inside longer ones, and keeps at most a few terms', () => {
    assert.deepEqual(parseQuery('cat concatenate CAT'), ['concatenate']);
    assert.equal(parseQuery(Array.from({ length: 20 }, (_, i) => `word${i}x`).join(' ')).length, MAX_QUERY_TERMS);
  });

  it('cuts a snippet around the first match, on one line, with ellipses where text was left out', () => {
    const text = `${'a'.repeat(100)} the\nanswer is Ünïcode here ${'b'.repeat(100)}`;
    const snippet = makeSnippet(text, ['unicode'], 10);
    assert.equal(snippet.match, 'Ünïcode');
    assert.equal(snippet.before, '…answer is ');
    assert.equal(snippet.after, ' here bbbb…');
  });

  it('shows the start of the text when no term occurs in it (a title hit)', () => {
    assert.deepEqual(makeSnippet('short text', ['zzz']), { before: '', match: '', after: 'short text' });
  });
});

describe('Search: hit text in the quick pick', () => {
  it('sets the match off and never lets chat text draw icons', () => {
    assert.equal(snippetLine({ snippet: { before: 'see ', match: 'Rust', after: ' $(alert) now' } }), 'see »Rust« \\$(alert) now');
    assert.equal(literalLabel('$(zap) title $(x)'), '\\$(zap) title \\$(x)');
    assert.equal(snippetLine({ snippet: { before: '', match: '', after: 'title hit' } }), 'title hit');
  });
});
