import * as assert from 'node:assert/strict';
import { PREFILL_MAX_LENGTH, questionArgument, trustedArgument, trustedModelId, trustedString, type ModelArgumentTrust } from '../../../../src/host/commands/trustedArgument';

describe('trustedArgument', () => {
  it('drops a command argument outside tests, so a command: link cannot set the key or base URL', () => {
    assert.equal(trustedArgument('https://attacker.example/v1', false), undefined);
    assert.equal(trustedArgument('sk-planted', false), undefined);
  });

  it('passes it through when the extension runs its tests', () => {
    assert.equal(trustedArgument('http://127.0.0.1:8787/v1', true), 'http://127.0.0.1:8787/v1');
  });
});

describe('trustedModelId (Use for Chat, Copy Model ID)', () => {
  const row = { kind: 'model', id: 'echo-1', label: 'echo-1' };
  const rows = new WeakSet<object>([row]);
  const trust = (runningTests: boolean): ModelArgumentTrust => ({
    runningTests,
    isOwnModelRow: (value: unknown): value is { id: string } => typeof value === 'object' && value !== null && rows.has(value),
  });

  it('takes the id of a row object the tree created, in tests and outside them', () => {
    assert.equal(trustedModelId(row, trust(false)), 'echo-1');
    assert.equal(trustedModelId(row, trust(true)), 'echo-1');
  });

  it('refuses a look-alike row (same shape, another object), even in tests', () => {
    assert.equal(trustedModelId({ ...row }, trust(false)), undefined);
    assert.equal(trustedModelId({ ...row, id: 'expensive-1' }, trust(true)), undefined);
  });

  it('takes a string id only from the tests', () => {
    assert.equal(trustedModelId('expensive-1', trust(false)), undefined);
    assert.equal(trustedModelId(' slow-1 ', trust(true)), 'slow-1');
    assert.equal(trustedModelId('  ', trust(true)), undefined);
    assert.equal(trustedModelId(undefined, trust(true)), undefined);
    assert.equal(trustedModelId(42, trust(true)), undefined);
  });
});

describe('questionArgument (Ask About Selection)', () => {
  it('sends the question at once only in tests', () => {
    assert.deepEqual(questionArgument('Why?', true), { send: 'Why?' });
  });

  it('outside tests, only prefills the input box: one line, shortened', () => {
    assert.deepEqual(questionArgument('Why?', false), { prefill: 'Why?' });
    assert.deepEqual(questionArgument('Explain\nthis\r\n\u2028and\u0007that', false), { prefill: 'Explain this and that' });
    const long = questionArgument('x'.repeat(5000), false);
    assert.ok('prefill' in long && long.prefill?.length === PREFILL_MAX_LENGTH);
  });

  it('ignores what is not a string, and an empty question prefills nothing', () => {
    assert.deepEqual(questionArgument({ question: 'Why?' }, false), {});
    assert.deepEqual(questionArgument(undefined, true), {});
    assert.deepEqual(questionArgument(' \n ', false), {});
  });
});

describe('trustedString (Rename Chat, Pin or Unpin Chat)', () => {
  it('takes a chat id or name only from the tests, and only a string', () => {
    assert.equal(trustedString('chat-1', true), 'chat-1');
    assert.equal(trustedString('chat-1', false), undefined);
    assert.equal(trustedString({ id: 'chat-1' }, true), undefined);
  });
});
