import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** out/server/cli.js, next to this file's out/test/server/. */
const CLI = join(__dirname, '..', '..', 'server', 'cli.js');

interface Running {
  child: ChildProcessWithoutNullStreams;
  firstLine: Promise<string>;
  stdout: () => string;
  stderr: () => string;
}

function runCli(args: string[]): Running {
  const child = spawn(process.execPath, [CLI, ...args]);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
  child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing: ${stderr}`)));
  });
  return { child, firstLine, stdout: () => stdout, stderr: () => stderr };
}

async function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = await once(child, 'exit') as [number | null];
  return code;
}

describe('reference server CLI', () => {
  const started: ChildProcessWithoutNullStreams[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const run = (args: string[]): Running => {
    const running = runCli(args);
    started.push(running.child);
    return running;
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`--port 0 prints only its base URL on stdout, serves, and exits 0 on ${signal}`, async () => {
      const cli = run(['--port', '0']);
      const url = await cli.firstLine;
      assert.match(url, /^http:\/\/127\.0\.0\.1:[1-9][0-9]*\/v1$/);
      const response = await fetch(`${url}/models`, { headers: { Authorization: 'Bearer demo-key' } });
      assert.equal(response.status, 200);
      await response.json();
      cli.child.kill(signal);
      assert.equal(await exitCode(cli.child), 0);
      assert.equal(cli.stdout(), `${url}\n`);
      assert.match(cli.stderr(), /GET \/v1\/models .*status=200/);
      assert.ok(!cli.stderr().includes('demo-key'), 'the log shows masked keys only');
    });
  }

  it('exits on SIGTERM while a stream is in progress', async () => {
    const cli = run(['--port', '0']);
    const url = await cli.firstLine;
    const response = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer demo-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'slow-1', stream: true, messages: [{ role: 'user', content: 'x' }] }),
    });
    assert.equal(response.status, 200);
    cli.child.kill('SIGTERM');
    assert.equal(await exitCode(cli.child), 0);
    await assert.rejects(response.text());
  });

  describe('--config', () => {
    let dir: string;
    before(() => { dir = mkdtempSync(join(tmpdir(), 'refserver-')); });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('loads keys and models from a JSON file', async () => {
      const file = join(dir, 'config.json');
      writeFileSync(file, JSON.stringify({ keys: [{ key: 'my-own-key' }], models: [{ id: 'parrot', behavior: 'echo' }] }));
      const cli = run(['--port', '0', '--config', file]);
      const url = await cli.firstLine;
      const models = await (await fetch(`${url}/models`, { headers: { Authorization: 'Bearer my-own-key' } })).json() as
        { data: { id: string }[] };
      assert.deepEqual(models.data.map((m) => m.id), ['parrot']);
      assert.equal((await fetch(`${url}/models`, { headers: { Authorization: 'Bearer demo-key' } })).status, 401);
      cli.child.kill('SIGTERM');
      assert.equal(await exitCode(cli.child), 0);
    });

    it('exits 2 with a clear message for an invalid file', async () => {
      const file = join(dir, 'bad.json');
      writeFileSync(file, JSON.stringify({ keys: [{ key: 'k', account: 'broke' }], models: [] }));
      const cli = run(['--port', '0', '--config', file]);
      assert.equal(await exitCode(cli.child), 2);
      assert.equal(cli.stdout(), '');
      assert.match(cli.stderr(), /keys\[0\]\.account must be one of/);
    });

    it('exits 2 for a file that does not exist', async () => {
      const cli = run(['--port', '0', '--config', join(dir, 'missing.json')]);
      assert.equal(await exitCode(cli.child), 2);
    });
  });

  it('exits 2 for a bad port or an unknown option', async () => {
    assert.equal(await exitCode(run(['--port', 'eighty']).child), 2);
    assert.equal(await exitCode(run(['--port', '70000']).child), 2);
    assert.equal(await exitCode(run(['--frobnicate']).child), 2);
  });

  it('--pace N serves paced echo models; a pace that is not a whole number above 0 exits 2', async () => {
    const cli = run(['--port', '0', '--pace', '400']);
    const baseUrl = await cli.firstLine;
    const started = performance.now();
    const response = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo-key' },
      body: JSON.stringify({ model: 'echo-1', stream: true, messages: [{ role: 'user', content: Array.from({ length: 41 }, (_, i) => `w${i}`).join(' ') }] }),
    });
    await response.text();
    assert.ok(performance.now() - started >= 95, 'forty tokens after the first, at 400 per second, take at least 0.1 s');
    cli.child.kill('SIGTERM');
    for (const pace of ['0', 'fast', '2.5']) {
      const bad = run(['--port', '0', '--pace', pace]);
      assert.equal(await exitCode(bad.child), 2, pace);
      assert.match(bad.stderr(), /--pace/);
    }
  });

  it('exits 1 when the port is taken', async () => {
    const first = run(['--port', '0']);
    const port = new URL(await first.firstLine).port;
    const second = run(['--port', port]);
    assert.equal(await exitCode(second.child), 1);
    assert.match(second.stderr(), /cannot listen/);
  });
});
