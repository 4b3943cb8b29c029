import assert from 'node:assert/strict';
import { estimateMessageTokens, estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../../../src/shared/estimateTokens';
import { estimateTokens as lmEstimate } from '../../../src/host/lm/requestMessages';

describe('shared/estimateTokens: the one token estimator', () => {
  it('about four characters a token, rounded up', () => {
    assert.equal(estimateTokens(''), 0);
    assert.equal(estimateTokens('abcd'), 1);
    assert.equal(estimateTokens('abcde'), 2);
  });

  it('a message costs its text plus the per-message overhead', () => {
    assert.equal(estimateMessageTokens({ content: 'abcdefgh' }), 2 + MESSAGE_OVERHEAD_TOKENS);
  });

  it("VS Code's provider counts text with the same estimator", () => {
    const text = 'x'.repeat(4001);
    assert.equal(lmEstimate(text), estimateTokens(text));
  });
});
