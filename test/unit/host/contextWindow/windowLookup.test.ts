import assert from 'node:assert/strict';
import type { WireMessage } from '../../../../src/api';
import { windowLookup } from '../../../../src/host/contextWindow/windowLookup';
import { SummaryWriter } from '../../../../src/host/contextWindow/summaryWriter';
import type { HostToWebview } from '../../../../src/shared/protocol';

const silent = { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('contextWindow/windowLookup: the window from the cached model list', () => {
  it('fetches a list not loaded yet once in the background (unknown meanwhile), and again only after a reset', async () => {
    let cached: { id: string; raw: unknown }[] | undefined;
    const asked: string[] = [];
    let loaded = 0;
    const lookup = windowLookup({
      cachedFor: () => cached,
      list: (profile) => {
        asked.push(profile);
        cached = [{ id: 'm', raw: { n_ctx: 4096 } }];
        return Promise.resolve(cached);
      },
    }, () => 'Default', () => ({}), () => loaded++);
    cached = undefined;
    assert.equal(lookup.lookup('m', undefined).source, 'unknown');
    cached = undefined;
    assert.equal(lookup.lookup('m', undefined).source, 'unknown');
    await Promise.resolve();
    assert.deepEqual(asked, ['Default'], 'one request, however often the chat asks');
    assert.equal(loaded, 1);
    cached = [{ id: 'm', raw: { n_ctx: 4096 } }];
    assert.deepEqual(lookup.lookup('m', 'Default'), { limits: { contextTokens: 4096 }, source: 'server' });
    cached = undefined;
    lookup.reset();
    lookup.lookup('m', 'Other');
    assert.deepEqual(asked, ['Default', 'Other']);
  });

  it('a failed list only means unknown (no rejection escapes)', async () => {
    const lookup = windowLookup({ cachedFor: () => undefined, list: () => Promise.reject(new Error('401')) }, () => 'Default', () => ({ m: 1000 }), () => assert.fail('not loaded'));
    assert.deepEqual(lookup.lookup('m', undefined), { limits: { contextTokens: 1000 }, source: 'setting' });
    await new Promise((resolve) => setImmediate(resolve));
  });
});

describe('contextWindow/summaryWriter: the summary proposal', () => {
  const states = (posted: HostToWebview[]): string[] => posted.map((message) => (message.type === 'summaryProposal' ? message.state : message.type));

  it('writing, then ready with the trimmed text; replayed while shown; closed once', async () => {
    const posted: HostToWebview[] = [];
    const writer = new SummaryWriter({ post: (m) => posted.push(m), log: silent, request: (_: WireMessage[]) => Promise.resolve('  We chose B.  ') });
    await writer.write({ messages: [], omitted: 0 });
    assert.deepEqual(states(posted), ['writing', 'ready']);
    assert.deepEqual(writer.current, { type: 'summaryProposal', state: 'ready', text: 'We chose B.' });
    writer.close();
    writer.close();
    assert.deepEqual(states(posted), ['writing', 'ready', 'closed']);
    assert.equal(writer.current, undefined);
  });

  it('an empty summary or a failed request is shown as failed, with the reason', async () => {
    for (const [request, reason] of [[() => Promise.resolve('   '), /empty summary/], [() => Promise.reject(new Error('boom')), /boom/]] as const) {
      const posted: HostToWebview[] = [];
      const writer = new SummaryWriter({ post: (m) => posted.push(m), log: silent, request });
      await writer.write({ messages: [], omitted: 0 });
      const last = posted.at(-1);
      assert.ok(last?.type === 'summaryProposal' && last.state === 'failed');
      assert.match(last.error ?? '', reason);
    }
  });

  it('a second summary replaces the first: the first request is aborted and its answer ignored', async () => {
    const posted: HostToWebview[] = [];
    const signals: AbortSignal[] = [];
    let finishFirst: (text: string) => void = () => {};
    let calls = 0;
    const writer = new SummaryWriter({
      post: (m) => posted.push(m),
      log: silent,
      request: (_messages, signal) => {
        signals.push(signal);
        return ++calls === 1 ? new Promise<string>((resolve) => (finishFirst = resolve)) : Promise.resolve('second');
      },
    });
    const first = writer.write({ messages: [], omitted: 0 });
    await writer.write({ messages: [], omitted: 0 });
    finishFirst('first');
    await first;
    assert.equal(signals[0].aborted, true);
    assert.deepEqual(writer.current?.text, 'second');
    assert.deepEqual(states(posted), ['writing', 'writing', 'ready']);
  });
});
