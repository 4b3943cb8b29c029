// Reading a streamed answer in the client (src/api), the extension host's share of a full-speed answer:
// the reference server in a process of its own (out/server/cli.js) streams each shape's echo, and
// ModelAccessClient.chat reads it over loopback as the chat does. What is measured is this process's CPU
// per answer (process.cpuUsage): an echo model sends one SSE event of about 200 bytes per token, so a
// 100 KB answer is some 5 MB of events to decode, split, parse as JSON and turn into text. In the editor
// the extension host does this beside the chat page's renderer on the same cores; what it takes from
// them, and how far it falls behind the server, is this work.
//   npm run bench (after run.js)
import { spawn } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { ModelAccessClient } from '../../src/api';
import { defaultConfig } from '../../server';
import { shapeText, type ShapeName } from '../unit/webview/markdown/shapes';

const CASES: { shape: ShapeName; chars: number }[] = [
  { shape: 'mixed', chars: 100_000 },
  { shape: 'list', chars: 60_000 },
  { shape: 'code', chars: 88_000 },
];
/** Answers read per case after the first (the first is also reported: a cold client, as for the first answer after activation). */
const ROUNDS = 7;

/** The size of the stream the server sends for `text` (read raw, once, untimed): the events, not only the text. */
async function streamBytes(baseUrl: string, apiKey: string, text: string): Promise<number> {
  const reply = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'echo-1', stream: true, messages: [{ role: 'user', content: text }] }),
  });
  return (await reply.arrayBuffer()).byteLength;
}

/**
 * This process's CPU to read the same stream's body through undici as the client's transport does (`request`, its
 * body iterated) and nothing more: the floor under the client's figure, what decoding, splitting and parsing the
 * events add comes on top. (undici gets the body in one piece per HTTP chunk, an echo model's one per event, and
 * its Readable joins what waits into larger reads.)
 */
async function rawReadCpuMs(baseUrl: string, apiKey: string, text: string): Promise<number> {
  const reply = await request(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'echo-1', stream: true, messages: [{ role: 'user', content: text }] }),
  });
  const cpu = process.cpuUsage();
  let bytes = 0;
  for await (const chunk of reply.body) bytes += (chunk as Buffer).length;
  const used = process.cpuUsage(cpu);
  if (bytes === 0) throw new Error('the raw read got no body');
  return (used.user + used.system) / 1000;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

async function main(): Promise<void> {
  const server = spawn(process.execPath, [path.join(__dirname, '..', '..', 'server', 'cli.js'), '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`the reference server exited (${code})`)));
      createInterface({ input: server.stdout }).once('line', (line) => resolve(line.trim()));
    });
    const apiKey = defaultConfig.keys[0].key;
    const client = new ModelAccessClient({ baseUrl, apiKey });
    // As in the editor, where the models are listed at start: undici (loaded on the first request) is not the first answer's.
    const loading = process.cpuUsage();
    await client.listModels();
    const loaded = process.cpuUsage(loading);
    console.log(`Client layer: reading a full-speed answer of echo-1 (reference server in its own process, loopback), this process's CPU per answer; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}.`);
    console.log(`(Listing the models first, which loads undici: ${((loaded.user + loaded.system) / 1000).toFixed(0)} ms of CPU.)`);
    console.log('| shape | size | events MB | first answer CPU ms | CPU ms per answer (next 7) | MB of events per CPU second | of which reading the body alone, CPU ms (median of 7) |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const { shape, chars } of CASES) {
      const text = shapeText(shape, chars);
      const cpuMs: number[] = [];
      for (let round = 0; round <= ROUNDS; round++) {
        const cpu = process.cpuUsage();
        let received = 0;
        for await (const event of client.chat({ model: 'echo-1', messages: [{ role: 'user', content: text }] })) {
          if (event.type === 'text') received += event.text.length;
        }
        const used = process.cpuUsage(cpu);
        if (received !== text.length) throw new Error(`${shape}: ${received} of ${text.length} characters arrived`);
        cpuMs.push((used.user + used.system) / 1000);
      }
      const [first, ...rest] = cpuMs;
      const cpu = rest.sort((a, b) => a - b);
      const mb = (await streamBytes(baseUrl, apiKey, text)) / 1e6;
      const middle = median(cpu);
      const raw: number[] = [];
      for (let round = 0; round < ROUNDS; round++) raw.push(await rawReadCpuMs(baseUrl, apiKey, text));
      console.log(`| ${shape} | ${Math.round(chars / 1000)} KB | ${mb.toFixed(2)} | ${first.toFixed(0)} | ${cpu[0].toFixed(0)}–${cpu.at(-1)?.toFixed(0)} (median ${middle.toFixed(0)}) | ${(mb / (middle / 1000)).toFixed(1)} | ${median(raw).toFixed(0)} |`);
    }
  } finally {
    server.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
