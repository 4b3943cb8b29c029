// Search Chats over a full history: 100 chats × 200 messages in real files (node:fs). The first
// query reads every file and builds the index; later ones only look the words up (and stat the
// files to notice changes). Goal: under 50 ms per query after the first.
//   npm run bench
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { nodeChatFiles } from '../../src/host/chat/chatFiles';
import { HistoryStore } from '../../src/host/chat/historyStore';
import { SearchIndex, type SearchWork } from '../../src/host/search/searchIndex';
import type { Transcript, TranscriptMessage } from '../../src/shared/protocol';

const CHATS = 100;
const MESSAGES = 200;
const WORDS_PER_MESSAGE = 80;
const QUERIES = ['async', 'configuration error', 'résumé', 'parse json stream', 'zq', 'widget7 handler', 'the', 'deploy kubernetes', 'lorem', 'token limit'];
const ROUNDS = 5;

/** A deterministic vocabulary: common English words plus generated identifiers (a long tail, like code). */
function vocabulary(): string[] {
  const common = ('the a to of and in is it you that for on with as this be are or not can use will your if from by at an have '
    + 'async await function return error stream parse json token limit configuration deploy kubernetes request response model '
    + 'résumé café naïve handler widget server client cache index query message chat answer question file folder test').split(' ');
  const tail = Array.from({ length: 5000 }, (_, i) => `${['data', 'widget', 'user', 'item', 'node', 'value'][i % 6]}${i}${i % 7 ? '' : 'Handler'}`);
  return [...common, ...tail];
}

function generate(folder: string): Promise<void> {
  const words = vocabulary();
  let seed = 42;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  // Zipf-like: common words often, the tail rarely.
  const word = (): string => words[Math.floor(words.length * random() ** 3)];
  const store = new HistoryStore(nodeChatFiles(folder));
  const saves: Promise<void>[] = [];
  for (let c = 0; c < CHATS; c++) {
    const messages: TranscriptMessage[] = Array.from({ length: MESSAGES }, (_, m) => ({
      id: `c${c}m${m}`,
      role: m % 2 ? 'assistant' : 'user',
      content: Array.from({ length: WORDS_PER_MESSAGE }, word).join(' '),
      status: 'done',
      createdAt: c * 1000 + m,
    }));
    const chat: Transcript = { id: `chat${c}`, title: messages[0].content.slice(0, 40), createdAt: c, updatedAt: c, messages };
    saves.push(store.save(chat));
  }
  return Promise.all(saves).then(() => undefined);
}

function timed(index: SearchIndex, query: string): { ms: number; total: number; work: SearchWork } {
  const started = performance.now();
  const result = index.search(query);
  return { ms: performance.now() - started, total: result.total, work: result.work };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
};

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-search-bench-'));
  try {
    await generate(root);
    const bytes = fs.readdirSync(root).reduce((sum, name) => sum + fs.statSync(path.join(root, name)).size, 0);
    const store = new HistoryStore(nodeChatFiles(root));
    const index = new SearchIndex(store);
    // A query without words still brings the index in step with the files: here, reads and indexes everything.
    const build = timed(index, '');
    if (build.work.chatsIndexed !== CHATS) throw new Error(`indexed ${build.work.chatsIndexed} chats`);
    const first = timed(index, QUERIES[0]);
    const next: number[] = [];
    let postings = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const query of QUERIES) {
        const run = timed(index, query);
        next.push(run.ms);
        postings = Math.max(postings, run.work.postingsVisited);
        if (run.work.chatsIndexed !== 0) throw new Error('a repeat query read files again');
      }
    }
    // One chat changed (saved by this or another window): only it is read again.
    const changed = store.load('chat7');
    if (!changed) throw new Error('chat7 missing');
    changed.messages[0].content += ' freshly added words';
    changed.updatedAt = Date.now();
    await store.save(changed);
    const afterChange = timed(index, 'freshly');
    // What the Search Chats UI does when it opens: the same build in the background, one chat per turn.
    const warmStarted = performance.now();
    const warmed = await new SearchIndex(store).warmUp();
    const warmMs = performance.now() - warmStarted;
    if (warmed !== CHATS) throw new Error(`warmed ${warmed} chats`);
    console.log(`\nSearch Chats: ${CHATS} chats × ${MESSAGES} messages × ${WORDS_PER_MESSAGE} words (${(bytes / 1e6).toFixed(1)} MB of chat files), ${QUERIES.length} queries × ${ROUNDS}`);
    console.log(['index build ms (reads all files)', 'first query ms', 'next queries median ms', 'p95 ms', 'max postings/query', 'after one chat changed ms', 'chats read again', 'background warm-up ms'].join(' | '));
    console.log([
      build.ms.toFixed(0).padStart(32),
      first.ms.toFixed(2).padStart(14),
      percentile(next, 0.5).toFixed(2).padStart(22),
      percentile(next, 0.95).toFixed(2).padStart(6),
      String(postings).padStart(18),
      afterChange.ms.toFixed(1).padStart(25),
      String(afterChange.work.chatsIndexed).padStart(16),
      warmMs.toFixed(0).padStart(21),
    ].join(' | '));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
