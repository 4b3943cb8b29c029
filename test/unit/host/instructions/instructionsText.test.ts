import * as assert from 'node:assert/strict';
import { INSTRUCTION_FILES, instructionsMessage } from '../../../../src/host/instructions/instructionsText';
import { estimateTokens } from '../../../../src/shared/estimateTokens';

describe('project instructions message', () => {
  it('looks for AGENTS.md and .github/copilot-instructions.md', () => {
    assert.deepEqual(INSTRUCTION_FILES, ['AGENTS.md', '.github/copilot-instructions.md']);
  });

  it('names each file above its text, and cuts a file over the budget with a marker', () => {
    const message = instructionsMessage([
      { path: 'AGENTS.md', text: 'Use tabs.\r\n' },
      { path: '.github/copilot-instructions.md', text: 'a'.repeat(30) },
    ], 20);
    assert.deepEqual(message.paths, ['AGENTS.md', '.github/copilot-instructions.md']);
    assert.equal(message.text, [
      'Project instructions from AGENTS.md:\n\nUse tabs.',
      `Project instructions from .github/copilot-instructions.md:\n\n${'a'.repeat(20)}\n[Cut: only the first 20 of 30 characters of .github/copilot-instructions.md were sent.]`,
    ].join('\n\n---\n\n'));
    assert.equal(message.tokens, estimateTokens(message.text));
  });
});
