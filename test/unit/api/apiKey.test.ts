import assert from 'node:assert/strict';
import { maskKey, validateApiKey } from '../../../src/api/apiKey';
import { ApiError } from '../../../src/api/errors';

describe('api/apiKey', () => {
  describe('validateApiKey', () => {
    it('trims whitespace around the key', () => {
      assert.equal(validateApiKey('  sk-abc123\n'), 'sk-abc123');
      assert.equal(validateApiKey('\tdemo-key '), 'demo-key');
    });

    const refused: [string, string, RegExp][] = [
      ['empty', '', /empty/],
      ['only whitespace', '  \n ', /empty/],
      ['whitespace inside', 'sk-abc def', /whitespace/],
      ['a line break inside', 'sk-abc\ndef', /control characters/],
      ['a tab inside', 'sk-abc\tdef', /control characters/],
      ['a NUL inside', 'sk-abc\u0000def', /control characters/],
      ['a Bearer prefix', 'Bearer sk-abcdef', /without "Bearer "/],
      ['non-ASCII', 'sk-abcdéf', /non-ASCII/],
    ];
    for (const [what, key, reason] of refused) {
      it(`refuses a key with ${what}, without repeating it`, () => {
        assert.throws(() => validateApiKey(key), (error: unknown) => {
          assert.ok(error instanceof ApiError);
          assert.match(error.message, reason);
          assert.equal(error.code, 'invalid_api_key_format');
          assert.equal(error.status, undefined);
          if (key.trim().length > 3) assert.ok(!error.message.includes(key.trim()));
          return true;
        });
      });
    }
  });

  describe('maskKey', () => {
    it('shows at most the first 3 and last 4 characters', () => {
      assert.equal(maskKey('sk-proj-abcdefghijklmnop1234'), 'sk-…1234');
      assert.equal(maskKey('  sk-proj-abcdefghijklmnop1234 '), 'sk-…1234');
    });

    it('masks short keys completely', () => {
      for (const key of ['demo-key', 'a', 'abcdefghijklmnopqrst']) {
        const masked = maskKey(key);
        assert.match(masked, /^\*+$/, key);
      }
      assert.equal(maskKey(''), '');
    });
  });
});
