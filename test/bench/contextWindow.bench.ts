// `npm run bench` (last table): what planning a request within the context window costs as a chat
// grows — the budget runs before every answer and the meter after it. Work is counted (messages
// estimated), time is measured; neither is asserted here.
import { performance } from 'node:perf_hooks';
import { buildRequestEntries } from '../../src/host/chat/conversation';
import { planRequest } from '../../src/host/contextWindow/contextWindow';
import type { TranscriptMessage } from '../../src/shared/protocol';

function chat(messages: number, chars: number): TranscriptMessage[] {
  const text = 'word '.repeat(chars / 5);
  return Array.from({ length: messages }, (_, i) => ({ id: `m${i}`, role: i % 2 === 0 ? 'user' : 'assistant', content: text, status: 'done', createdAt: 0 }));
}

function main(): void {
  console.log('\nContext window: planning one request (build entries + fit the budget), 2,000 characters a message');
  console.log('| messages | budget tokens | sent | left out | estimated/message | ms per plan |');
  console.log('|---------:|--------------:|-----:|---------:|------------------:|------------:|');
  for (const messages of [100, 1_000, 10_000]) {
    const history = chat(messages, 2_000);
    for (const window of [undefined, 31_744]) {
      const runs = 20;
      let plan = planRequest(buildRequestEntries(history, 'Be brief.'), window);
      const start = performance.now();
      for (let i = 0; i < runs; i++) plan = planRequest(buildRequestEntries(history, 'Be brief.'), window);
      const ms = (performance.now() - start) / runs;
      const left = plan.cut?.omitted ?? 0;
      console.log(`| ${messages} | ${window ?? 'unknown'} | ${plan.messages.length} | ${left} | ${(plan.estimated / (messages + 1)).toFixed(2)} | ${ms.toFixed(2)} |`);
    }
  }
}

main();
