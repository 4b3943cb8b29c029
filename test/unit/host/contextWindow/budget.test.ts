import assert from 'node:assert/strict';
import type { WireMessage } from '../../../../src/api';
import { answerReserve, DEFAULT_ANSWER_RESERVE_TOKENS, entryTokens, fitToBudget, inputBudget, type BudgetEntry } from '../../../../src/host/contextWindow/budget';
import { MESSAGE_OVERHEAD_TOKENS } from '../../../../src/shared/estimateTokens';

/** A message of exactly `tokens` estimated tokens (overhead included). */
const sized = (role: string, tokens: number, label = role): WireMessage =>
  ({ role, content: `${label}:`.padEnd((tokens - MESSAGE_OVERHEAD_TOKENS) * 4, '.') });
const entry = (role: string, tokens: number, source?: string, pinned?: boolean): BudgetEntry =>
  ({ message: sized(role, tokens, source), ...(source ? { source } : {}), ...(pinned ? { pinned } : {}) });
const sources = (entries: readonly BudgetEntry[]): (string | undefined)[] => entries.map((e) => e.source ?? e.message.role);

describe('contextWindow/budget: which messages of a request fit', () => {
  // system 10, then three turns of 10 + 10, then the newest user message (10): 80 tokens in all.
  const chat = (): BudgetEntry[] => [
    entry('system', 10),
    entry('user', 10, 'u1'), entry('assistant', 10, 'a1'),
    entry('user', 10, 'u2'), entry('assistant', 10, 'a2'),
    entry('user', 10, 'u3'), entry('assistant', 10, 'a3'),
    entry('user', 10, 'u4'),
  ];

  it('the fixtures are the sizes they say', () => {
    assert.deepEqual(chat().map((e) => entryTokens(e.message)), [10, 10, 10, 10, 10, 10, 10, 10]);
  });

  it('sends everything when the window is unknown or the request fits, exactly at the budget too', () => {
    for (const budget of [undefined, 80, 1000]) {
      const fit = fitToBudget(chat(), budget);
      assert.equal(fit.omitted.length, 0, String(budget));
      assert.equal(fit.tokens, 80);
      assert.equal(fit.fits, true);
    }
  });

  it('one token over: the oldest turn goes whole (user and answer), nothing else', () => {
    const fit = fitToBudget(chat(), 79);
    assert.deepEqual(sources(fit.omitted), ['u1', 'a1']);
    assert.deepEqual(sources(fit.kept), ['system', 'u2', 'a2', 'u3', 'a3', 'u4']);
    assert.equal(fit.tokens, 60);
    assert.equal(fit.fits, true);
  });

  it('at each boundary leaves out just enough turns, oldest first', () => {
    assert.deepEqual(sources(fitToBudget(chat(), 60).omitted), ['u1', 'a1']);
    assert.deepEqual(sources(fitToBudget(chat(), 59).omitted), ['u1', 'a1', 'u2', 'a2']);
    assert.deepEqual(sources(fitToBudget(chat(), 40).omitted), ['u1', 'a1', 'u2', 'a2']);
    assert.deepEqual(sources(fitToBudget(chat(), 39).omitted), ['u1', 'a1', 'u2', 'a2', 'u3', 'a3']);
  });

  it('never leaves out system messages or the newest user message, even when they alone do not fit (fits: false)', () => {
    const fit = fitToBudget(chat(), 5);
    assert.deepEqual(sources(fit.kept), ['system', 'u4']);
    assert.equal(fit.tokens, 20);
    assert.equal(fit.fits, false);
  });

  it('keeps pinned messages and system messages anywhere, leaving out the rest of their turn', () => {
    const entries = [
      entry('user', 10, 'u1'), entry('system', 10, 'instructions'), entry('assistant', 10, 'a1'),
      entry('user', 10, 'u2', true), entry('assistant', 10, 'a2'),
      entry('user', 10, 'u3'),
    ];
    const fit = fitToBudget(entries, 30);
    assert.deepEqual(sources(fit.omitted), ['u1', 'a1', 'a2']);
    assert.deepEqual(sources(fit.kept), ['instructions', 'u2', 'u3']);
  });

  it('the newest user message keeps what is inside its content (attachments) whole, however large', () => {
    const attached = { message: { role: 'user', content: `question\n\`\`\`ts src/a.ts\n${'x'.repeat(4000)}\n\`\`\`` }, source: 'u2' };
    const fit = fitToBudget([entry('user', 10, 'u1'), entry('assistant', 10, 'a1'), attached], 100);
    assert.deepEqual(sources(fit.kept), ['u2']);
    assert.equal(fit.kept[0].message.content, attached.message.content);
  });

  it('an answer before any user message is a turn of its own; the turn of the newest user message is never cut', () => {
    const entries = [entry('assistant', 10, 'greeting'), entry('user', 10, 'u1'), entry('assistant', 10, 'a1'), entry('user', 10, 'u2'), entry('assistant', 10, 'partial')];
    assert.deepEqual(sources(fitToBudget(entries, 40).omitted), ['greeting']);
    assert.deepEqual(sources(fitToBudget(entries, 10).kept), ['u2', 'partial']);
  });

  it('counts tool calls, and drops a tool call with its result', () => {
    const call: BudgetEntry = { message: { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{"q":"abcdefgh"}' }] }, source: 'call' };
    assert.equal(entryTokens(call.message), MESSAGE_OVERHEAD_TOKENS + 2 + 4);
    const entries = [entry('user', 10, 'u1'), call, { message: { role: 'tool', content: 'result', toolCallId: 'c1' }, source: 'result' }, entry('user', 10, 'u2')];
    assert.deepEqual(sources(fitToBudget(entries, 10).omitted), ['u1', 'call', 'result']);
  });

  it('estimates each message exactly once per call (work counter), whatever it leaves out', () => {
    const many = Array.from({ length: 1000 }, (_, i) => entry(i % 2 === 0 ? 'user' : 'assistant', 10, `m${i}`));
    assert.equal(fitToBudget(many, 50).estimated, 1000);
    assert.equal(fitToBudget(many, undefined).estimated, 1000);
  });

  it('the input budget: window minus max_tokens when set, else minus a reserve of at most a quarter of the window', () => {
    assert.equal(inputBudget({ contextTokens: 32768 }, undefined), 32768 - DEFAULT_ANSWER_RESERVE_TOKENS);
    assert.equal(inputBudget({ contextTokens: 400 }, undefined), 300);
    assert.equal(inputBudget({ contextTokens: 400 }, 100), 300);
    assert.equal(inputBudget({ contextTokens: 400 }, 500), 0);
    assert.equal(answerReserve(400, undefined), 100);
    assert.equal(inputBudget({ inputTokens: 1000 }, 5000), 1000);
    assert.equal(inputBudget({ contextTokens: 2000, inputTokens: 1900 }, 500), 1500);
    assert.equal(inputBudget({}, 100), undefined);
  });
});
