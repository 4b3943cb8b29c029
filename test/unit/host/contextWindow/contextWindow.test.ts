import assert from 'node:assert/strict';
import { learnFromError, meterReading, modelWindow, planRequest, requestBudget, type ModelWindow } from '../../../../src/host/contextWindow/contextWindow';
import { buildRequestEntries } from '../../../../src/host/chat/conversation';
import { summaryRequest, SUMMARY_INSTRUCTION, SUMMARY_PREFIX } from '../../../../src/host/contextWindow/summary';
import type { TranscriptMessage } from '../../../../src/shared/protocol';

const message = (id: string, role: 'user' | 'assistant', content: string, extra: Partial<TranscriptMessage> = {}): TranscriptMessage =>
  ({ id, role, content, status: 'done', createdAt: 0, ...extra });
/** 24 characters: 6 tokens of text + 4 of overhead = 10 estimated tokens. */
const text = (label: string): string => label.padEnd(24, '.');
const history = (): TranscriptMessage[] => [
  message('u1', 'user', text('u1')), message('a1', 'assistant', text('a1')),
  message('u2', 'user', text('u2')), message('a2', 'assistant', text('a2')),
  message('u3', 'user', text('u3')),
];

describe('contextWindow: the window, the plan and the meter', () => {
  it('the window: the user setting wins, then the record (any field name), else unknown', () => {
    assert.deepEqual(modelWindow('m', { context_length: 1000 }, { m: 500 }), { limits: { contextTokens: 500 }, source: 'setting' });
    assert.deepEqual(modelWindow('m', { n_ctx: 1000 }, { other: 500 }), { limits: { contextTokens: 1000 }, source: 'server' });
    assert.deepEqual(modelWindow('m', { max_input_tokens: 900 }, {}), { limits: { inputTokens: 900 }, source: 'server' });
    assert.deepEqual(modelWindow('m', { id: 'm' }, {}), { limits: {}, source: 'unknown' });
    assert.deepEqual(modelWindow('m', undefined, undefined), { limits: {}, source: 'unknown' });
    assert.deepEqual(modelWindow('constructor', {}, {}), { limits: {}, source: 'unknown' });
  });

  it('plans the request: the system prompt stays, the oldest turn goes, and the marker names the first message sent', () => {
    const entries = buildRequestEntries(history(), text('Be brief.'));
    const plan = planRequest(entries, 40);
    assert.deepEqual(plan.messages.map((m) => m.content.slice(0, 2)), ['Be', 'u2', 'a2', 'u3']);
    assert.deepEqual(plan.cut, { omitted: 2, resumeAt: 'u2' });
    assert.equal(plan.budget, 40);
    assert.equal(plan.estimatedTokens, 40);
    assert.equal(plan.estimated, 6);
    assert.equal(planRequest(entries, 60).cut, undefined);
    assert.deepEqual(planRequest(entries, 59).cut, { omitted: 2, resumeAt: 'u2' });
  });

  it('a chat started from a summary sends it as a system message, which is never left out', () => {
    const entries = buildRequestEntries(history(), undefined, 'We chose plan B.');
    assert.deepEqual(entries[0].message, { role: 'system', content: `${SUMMARY_PREFIX}We chose plan B.` });
    const plan = planRequest(entries, 1);
    assert.deepEqual(plan.messages.map((m) => m.role), ['system', 'user']);
    assert.deepEqual(plan.cut, { omitted: 4, resumeAt: 'u3' });
  });

  it('a context-length error teaches a smaller budget: the stated limit (at least one token less than sent), else a quarter less; never larger again', () => {
    assert.deepEqual(learnFromError(undefined, 500, 400, undefined), { capTokens: 300, limitTokens: 400 });
    assert.deepEqual(learnFromError(undefined, 350, 400, undefined), { capTokens: 300, limitTokens: 400 });
    assert.deepEqual(learnFromError(undefined, 250, 400, undefined), { capTokens: 249, limitTokens: 400 });
    assert.deepEqual(learnFromError(undefined, 400, undefined, undefined), { capTokens: 300 });
    assert.deepEqual(learnFromError({ capTokens: 100 }, 400, undefined, undefined), { capTokens: 100 });
    assert.deepEqual(learnFromError({ capTokens: 300, limitTokens: 400 }, 200, undefined, undefined), { capTokens: 150, limitTokens: 400 });
    assert.deepEqual(learnFromError(undefined, 0, undefined, undefined), { capTokens: 0 });
  });

  it('the budget is the lower of the window and what errors taught', () => {
    const known: ModelWindow = { limits: { contextTokens: 400 }, source: 'server' };
    const unknown: ModelWindow = { limits: {}, source: 'unknown' };
    assert.equal(requestBudget(known, undefined, undefined), 300);
    assert.equal(requestBudget(known, { capTokens: 200 }, undefined), 200);
    assert.equal(requestBudget(known, { capTokens: 900 }, undefined), 300);
    assert.equal(requestBudget(unknown, undefined, undefined), undefined);
    assert.equal(requestBudget(unknown, { capTokens: 120 }, undefined), 120);
  });

  describe('the meter', () => {
    const window: ModelWindow = { limits: { contextTokens: 1000 }, source: 'server' };

    it('without reported usage: an estimate of the whole next request', () => {
      const reading = meterReading(history(), buildRequestEntries(history(), text('Be brief.')), window, undefined, 750);
      assert.deepEqual(reading, { limitSource: 'server', limitTokens: 1000, estimatedTokens: 60, omitted: 0 });
    });

    it("the last answer's reported input + output, plus an estimate of only what came after it", () => {
      const messages = history();
      messages[3] = { ...messages[3], usage: { inputTokens: 120, outputTokens: 30 } };
      const reading = meterReading(messages, buildRequestEntries(messages), window, undefined, 750);
      assert.equal(reading.reportedTokens, 150);
      assert.equal(reading.estimatedTokens, 10);
    });

    it('a total alone counts when input and output are not reported', () => {
      const messages = history().slice(0, 4);
      messages[3] = { ...messages[3], usage: { totalTokens: 77 } };
      const reading = meterReading(messages, buildRequestEntries(messages), window, undefined, 750);
      assert.deepEqual([reading.reportedTokens, reading.estimatedTokens], [77, 0]);
    });

    it('says how many earlier messages the next request leaves out; an unknown window has no limit, or the one an error stated', () => {
      assert.equal(meterReading(history(), buildRequestEntries(history()), window, undefined, 30).omitted, 2);
      const unknown = meterReading(history(), buildRequestEntries(history()), { limits: {}, source: 'unknown' }, undefined, undefined);
      assert.deepEqual([unknown.limitTokens, unknown.limitSource], [undefined, 'unknown']);
      const learned = meterReading(history(), buildRequestEntries(history()), { limits: {}, source: 'unknown' }, { capTokens: 300, limitTokens: 400 }, 300);
      assert.deepEqual([learned.limitTokens, learned.limitSource], [400, 'error']);
    });
  });

  it('the summary request: one user message with the instruction and the conversation; the oldest turns left out when it does not fit', () => {
    const entries = buildRequestEntries(history(), undefined, 'Earlier summary.');
    const whole = summaryRequest(entries, undefined);
    assert.equal(whole.messages.length, 1);
    assert.equal(whole.messages[0].role, 'user');
    assert.ok(whole.messages[0].content.startsWith(SUMMARY_INSTRUCTION));
    assert.match(whole.messages[0].content, /Context: Summary of an earlier conversation[^]*User: u1[^]*Assistant: a1[^]*User: u3/);
    assert.equal(whole.omitted, 0);
    const cut = summaryRequest(entries, 120);
    assert.equal(cut.omitted, 2);
    assert.doesNotMatch(cut.messages[0].content, /User: u1/);
    assert.match(cut.messages[0].content, /User: u2/);
  });
});
