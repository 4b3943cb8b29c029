// Saving while an answer streams: bytes written and time per save, for chats of growing size, with
// the real files (node:fs, fsync). The chat session appends the answer's new text to a journal;
// the "whole chat" rows rewrite the whole transcript at every save, as before the journal.
// Flat journal numbers mean saving costs what changed, whatever the size of the chat.
//   npm run bench
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { nodeChatFiles, type ChatFiles } from '../../src/host/chat/chatFiles';
import { ChatSession } from '../../src/host/chat/chatSession';
import type { StreamEvent } from '../../src/host/chat/chatTypes';
import { HistoryStore } from '../../src/host/chat/historyStore';
import type { TranscriptMessage, Transcript } from '../../src/shared/protocol';
import { FakeTimers } from '../unit/host/chat/fakeTimers';

const CHAT_SIZES = [10, 100, 1_000];
const MESSAGE_CHARS = 2_000;
const SAVES = 40;
const CHUNK = 'lorem ipsum dolor sit amet '.repeat(4);

interface Counted { files: ChatFiles; bytes: number[]; ms: number[] }

function counting(inner: ChatFiles): Counted {
  const counted: Counted = { files: inner, bytes: [], ms: [] };
  const measure = <T>(write: (name: string, text: string) => Promise<T>) => async (name: string, text: string): Promise<T> => {
    const started = performance.now();
    const result = await write(name, text);
    if (name.startsWith('chat-')) {
      counted.bytes.push(Buffer.byteLength(text));
      counted.ms.push(performance.now() - started);
    }
    return result;
  };
  counted.files = { ...inner, writeAtomic: measure(inner.writeAtomic.bind(inner)), append: measure(inner.append.bind(inner)) };
  return counted;
}

function longChat(messages: number): Transcript {
  const content = 'x'.repeat(MESSAGE_CHARS);
  const list: TranscriptMessage[] = Array.from({ length: messages }, (_, i) => ({ id: `m${i}`, role: i % 2 ? 'assistant' : 'user', content, status: 'done', createdAt: 1 }));
  return { id: 'bench', title: 'Bench', createdAt: 1, updatedAt: 1, messages: list };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await tick();
}

/** Streams an answer through the chat session, one save per chunk; averages the saves while it streams. */
async function journalRun(folder: string, messages: number): Promise<{ bytes: number; ms: number }> {
  const setup = new HistoryStore(nodeChatFiles(folder));
  await setup.save(longChat(messages));
  await setup.setCurrentId('bench');
  const counted = counting(nodeChatFiles(folder));
  const timers = new FakeTimers();
  let release: (() => void) | undefined;
  const session = new ChatSession({
    getClient: async () => ({
      chat: () => (async function* (): AsyncGenerator<StreamEvent> {
        for (let i = 0; i < SAVES; i++) {
          await new Promise<void>((resolve) => (release = resolve));
          yield { type: 'text', text: CHUNK };
        }
        yield { type: 'done', finishReason: 'stop' };
      })(),
      respond: () => { throw new Error('not used'); },
    }),
    getSettings: () => ({ model: 'bench', api: 'chat' }),
    store: new HistoryStore(counted.files),
    post: () => undefined,
    onStateReplaced: () => undefined,
    log: { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    isStreamingRequiredError: () => false,
    timers,
  });
  const done = session.send('go');
  await until(() => counted.bytes.length === 1);
  for (let i = 0; i < SAVES; i++) {
    await until(() => release !== undefined);
    const next = release;
    release = undefined;
    next?.();
    const before = counted.bytes.length;
    await until(() => session.chat.messages.at(-1)?.content.length === (i + 1) * CHUNK.length);
    timers.advance(500);
    await until(() => counted.bytes.length > before);
  }
  await done;
  // The first and the last write are the whole chat (the answer starting, and finished).
  const streaming = { bytes: counted.bytes.slice(1, -1), ms: counted.ms.slice(1, -1) };
  return { bytes: average(streaming.bytes), ms: average(streaming.ms) };
}

/** The same answer saved by rewriting the whole chat each time (the cost before the journal). */
async function wholeRun(folder: string, messages: number): Promise<{ bytes: number; ms: number }> {
  const counted = counting(nodeChatFiles(folder));
  const store = new HistoryStore(counted.files);
  const chat = longChat(messages);
  const answer: TranscriptMessage = { id: 'answer', role: 'assistant', content: '', status: 'streaming', createdAt: 1 };
  chat.messages.push(answer);
  for (let i = 0; i < SAVES; i++) {
    answer.content += CHUNK;
    await store.save(chat);
  }
  return { bytes: average(counted.bytes), ms: average(counted.ms) };
}

function average(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-bench-'));
  try {
    console.log(`\nSaving a streaming answer (${SAVES} saves of ${CHUNK.length} new characters each), real files with fsync`);
    console.log(['messages'.padStart(9), 'chat KB'.padStart(8), 'journal B/save'.padStart(15), 'ms/save'.padStart(8), 'whole B/save'.padStart(13), 'ms/save'.padStart(8)].join(' '));
    for (const messages of CHAT_SIZES) {
      const journal = await journalRun(fs.mkdtempSync(path.join(root, 'j-')), messages);
      const whole = await wholeRun(fs.mkdtempSync(path.join(root, 'w-')), messages);
      console.log([
        String(messages).padStart(9),
        String(Math.round((messages * MESSAGE_CHARS) / 1024)).padStart(8),
        String(Math.round(journal.bytes)).padStart(15),
        journal.ms.toFixed(2).padStart(8),
        String(Math.round(whole.bytes)).padStart(13),
        whole.ms.toFixed(2).padStart(8),
      ].join(' '));
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
