import assert from 'node:assert/strict';
import { splitIntoTokens } from '../../server/tokens';
import { planOutput } from '../../server/output';
import type { ModelCallRequest } from '../../server/validation';

describe('splitIntoTokens', () => {
  const samples = [
    'Hello, world!',
    '  leading and trailing spaces  ',
    'line one\nline two\r\n\ttabbed',
    'Grüße — 日本語のテキスト, emoji 😀👍🏽 and a family 👨‍👩‍👧',
    'averyveryverylongwordwithoutanyspaces',
    '   ',
    'x',
  ];

  for (const text of samples) {
    it(`joins back to the text exactly: ${JSON.stringify(text)}`, () => {
      assert.equal(splitIntoTokens(text).join(''), text);
    });
  }

  it('gives words with their trailing whitespace, long words in pieces of at most 4 characters', () => {
    assert.deepEqual(splitIntoTokens('Hello wonderful  world'), ['Hell', 'o ', 'wond', 'erfu', 'l  ', 'worl', 'd']);
  });

  it('never splits a character made of two UTF-16 units', () => {
    for (const token of splitIntoTokens('😀😀😀😀😀😀😀😀😀 𝒳𝒴𝒵𝒳𝒴𝒵')) {
      assert.ok(!/[\uD800-\uDBFF]$/.test(token) && !/^[\uDC00-\uDFFF]/.test(token), JSON.stringify(token));
    }
  });

  it('gives nothing for an empty text', () => {
    assert.deepEqual(splitIntoTokens(''), []);
  });
});

describe('planOutput', () => {
  const request = (maxTokens?: number): ModelCallRequest => ({
    endpoint: 'chat', model: 'm', stream: true, maxTokens, roles: ['user'], includeUsage: true, promptText: 'a b c', lastUserText: 'a b c', tools: [],
  });

  it('cuts reasoning and answer to one shared budget', () => {
    const plan = planOutput({ id: 'm', behavior: 'reasoning-echo' }, request(3));
    assert.equal(plan.reasoning.length + plan.text.length, 3);
    assert.equal(plan.finishReason, 'length');
  });

  it('lorem gives exactly the asked number of tokens, or the model default', () => {
    const asked = planOutput({ id: 'm', behavior: 'lorem', defaultMaxTokens: 7 }, request(12));
    assert.equal(asked.text.length, 12);
    assert.equal(asked.finishReason, 'length');
    const byDefault = planOutput({ id: 'm', behavior: 'lorem', defaultMaxTokens: 7 }, request());
    assert.equal(byDefault.text.length, 7);
    assert.equal(byDefault.finishReason, 'stop');
    assert.equal(byDefault.text.at(7), undefined);
    assert.match(byDefault.text.at(6) ?? '', /\.$/);
  });
});
