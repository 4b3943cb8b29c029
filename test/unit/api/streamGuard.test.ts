import assert from 'node:assert/strict';
import { guardStream } from '../../../src/api/streamGuard';
import type { StreamEvent } from '../../../src/api';

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('guardStream', () => {
  it('never cuts inside a surrogate pair at the size limit', async () => {
    const out = await collect(guardStream([{ type: 'text', text: 'ab😀cd' }], { maxAnswerChars: 3 }, () => '', () => undefined));
    assert.deepEqual(out, [{ type: 'text', text: 'ab' }, { type: 'cutOff', reason: 'maxAnswerChars', limit: 3 }]);
  });

  it('an answer exactly at the limit is not cut off', async () => {
    const events: StreamEvent[] = [{ type: 'reasoning', text: 'ab' }, { type: 'text', text: 'cd' }, { type: 'done', finishReason: 'stop' }];
    assert.deepEqual(await collect(guardStream(events, { maxAnswerChars: 4 }, () => '', () => undefined)), events);
  });

  it('data that is not a token does not hold off the first-token timeout', async () => {
    let expired = 0;
    async function* usageForever(): AsyncGenerator<StreamEvent> {
      for (let i = 0; i < 200 && expired === 0; i++) {
        yield { type: 'usage', outputTokens: i };
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (expired > 0) throw new Error('connection closed');
    }
    await assert.rejects(collect(guardStream(usageForever(), { firstTokenTimeoutMs: 50 }, (s, first) => `first=${first} ${s}`, () => { expired++; })),
      /first=true 0\.1 s|first=true 0 s|first=true/);
    assert.equal(expired, 1);
  });
});
