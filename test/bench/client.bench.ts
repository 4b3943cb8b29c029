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

async function main(): Promise<void> {
  const server = spawn(process.execPath, [path.join(__dirname, '..', '..', 'server', 'cli.js'), '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`the reference server exited (${code})`)));
      createInterface({ input: server.stdout }).once('line', (line) => resolve(line.trim()));
    });
    const apiKey = defaultConfig.keys[0].key;
    const client = new ModelAccessClient({ baseUrl, apiKey });
    console.log(`Client layer: reading a full-speed answer of echo-1 (reference server in its own process, loopback), this process's CPU per answer; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}.`);
    console.log('| shape | size | events MB | first answer CPU ms | CPU ms per answer (next 7) | MB of events per CPU second |');
    console.log('| --- | --- | --- | --- | --- | --- |');
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
      const median = cpu[Math.floor(cpu.length / 2)];
      console.log(`| ${shape} | ${Math.round(chars / 1000)} KB | ${mb.toFixed(2)} | ${first.toFixed(0)} | ${cpu[0].toFixed(0)}–${cpu.at(-1)?.toFixed(0)} (median ${median.toFixed(0)}) | ${(mb / (median / 1000)).toFixed(1)} |`);
    }
  } finally {
    server.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
