// Activation sends nothing, so it must not pay for the network stack: undici (the HTTP client) and
// the Markdown parser of Export are loaded on first use, from their own files (dist/lazy/), never
// while the extension loads and activates. This builds the release bundles (esbuild.js's production
// options) with every package of node_modules marked, loads the extension and calls activate() in a
// fresh Node with `vscode` stubbed, and reads which packages' code ran. It counts packages, not
// milliseconds: `npm run bench` measures the time.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ActivationRun } from '../../harness/activateBundle';
import { buildProductionBundles, extensionBodyFile, markEvaluatedPackages, type BuiltBundles } from '../../harness/bundles';
import { projectRoot } from '../../harness/paths';
import { writeLongChat } from '../../bench/reopen.bench';
import { CODE_CACHE_SUFFIX } from '../../../src/host/startup/codeCache';
import { nodeChatFiles } from '../../../src/host/chat/chatFiles';
import { HistoryStore } from '../../../src/host/chat/historyStore';

/** Loaded on first use only: what a request or an export needs, never activation. */
const DEFERRED = ['undici', 'markdown-it'];
/**
 * Node's network modules, required on first use only too: in a fresh Node, loading node:http and
 * node:tls took 6–10 ms of a 20 ms activation (the extension host may have them loaded already;
 * the bench and this test do not count on it).
 */
const DEFERRED_BUILTINS = ['http', 'https', 'http2', 'net', 'tls', 'dns', 'zlib'];
/**
 * node:crypto, for ids, nonces and certificates, which activation makes none of: in a fresh Node it took 4–8 ms
 * to load. node:fs/promises, for the history's writes and the CA files, which activation does not do either:
 * ~2 ms (@vscode/l10n's Node build required it as it loaded; esbuild.js bundles its build without file readers).
 */
const DEFERRED_FOR_LATER = ['crypto', 'fs/promises'];

describe('build: what loading and activating the release bundle costs', function () {
  // esbuild builds of the extension and a fresh Node process.
  this.timeout(60_000);
  let outDir: string;
  let bundles: BuiltBundles;
  const carried = new Map<string, Set<string>>();

  before(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-activation-'));
    bundles = await buildProductionBundles(outDir, [markEvaluatedPackages(carried)]);
  });

  after(() => {
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('undici and markdown-it are in files of their own, and loading + activate() runs neither', () => {
    const packagesIn = (file: string): string[] => [...carried.get(file) ?? []];
    for (const name of DEFERRED) {
      assert.ok(packagesIn(bundles[`lazy/${name}`]).includes(name), `dist/lazy/${name}.js carries ${name}`);
      for (const bundle of [bundles.extension, bundles.body]) {
        assert.ok(!packagesIn(bundle).includes(name), `${path.basename(bundle)} carries ${name}: ${packagesIn(bundle).join(', ')}`);
      }
    }

    const activate = path.join(__dirname, '..', '..', 'harness', 'activateBundle.js');
    const run = JSON.parse(execFileSync(process.execPath, [activate, bundles.extension], { encoding: 'utf8' })) as ActivationRun;

    // The marks work: activation translates through @vscode/l10n, so its code ran and said so.
    assert.ok(run.evaluated.includes('@vscode/l10n'), `evaluated: ${run.evaluated.join(', ')}`);
    assert.deepEqual(run.evaluated.filter((name) => DEFERRED.includes(name)), [], `evaluated at activation: ${run.evaluated.join(', ')}`);
  });

  it("loading + activate() requires none of Node's network modules", () => {
    const activate = path.join(__dirname, '..', '..', 'harness', 'activateBundle.js');
    const run = JSON.parse(execFileSync(process.execPath, [activate, bundles.extension], { encoding: 'utf8' })) as ActivationRun;
    // The record works: activation reads and writes files.
    assert.ok(run.builtins.includes('fs'), `builtins: ${run.builtins.join(', ')}`);
    assert.deepEqual(run.builtins.filter((name) => DEFERRED_BUILTINS.includes(name)), [], `required at activation: ${run.builtins.join(', ')}`);
  });

  it('loading + activate() requires neither node:crypto nor node:fs/promises', () => {
    const activate = path.join(__dirname, '..', '..', 'harness', 'activateBundle.js');
    const run = JSON.parse(execFileSync(process.execPath, [activate, bundles.extension], { encoding: 'utf8' })) as ActivationRun;
    assert.ok(run.builtins.includes('fs'), `builtins: ${run.builtins.join(', ')}`);
    assert.deepEqual(run.builtins.filter((name) => DEFERRED_FOR_LATER.includes(name)), [], `required at activation: ${run.builtins.join(', ')}`);
  });

  it('activate() reads nothing of the chat open last (a long one is megabytes): the chat view reads it when it shows', async () => {
    const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-storage-'));
    try {
      const chats = path.join(storage, 'chats');
      const { id } = writeLongChat(chats);
      await new HistoryStore(nodeChatFiles(chats)).setCurrentId(id);
      const activate = path.join(__dirname, '..', '..', 'harness', 'activateBundle.js');
      const run = JSON.parse(execFileSync(process.execPath, [activate, bundles.extension, storage], { encoding: 'utf8' })) as ActivationRun;
      // The record works: the history was there to read, and the chat view reads it.
      assert.ok(new HistoryStore(nodeChatFiles(chats)).load(id), 'the chat is stored');
      assert.deepEqual(run.storageReads.filter((name) => name.includes(id)), [], `read at activation: ${run.storageReads.join(', ')}`);
    } finally {
      fs.rmSync(storage, { recursive: true, force: true });
    }
  });

  it('the bundle takes the vscode module once, not a copy of its names per module that imports it', () => {
    const code = fs.readFileSync(bundles.body, 'utf8');
    assert.equal(code.match(/require\("vscode"\)/g)?.length, 1);
  });

  it('the entry point writes the code cache once activate() has returned, not while loading or activating', () => {
    const activate = path.join(__dirname, '..', '..', 'harness', 'activateBundle.js');
    const caches = (): string[] => fs.readdirSync(path.dirname(bundles.body)).filter((name) => name.endsWith(CODE_CACHE_SUFFIX));
    execFileSync(process.execPath, [activate, bundles.extension], { encoding: 'utf8' });
    assert.deepEqual(caches(), [], 'written before activate() returned');
    execFileSync(process.execPath, [activate, bundles.extension, '--settle'], { encoding: 'utf8' });
    assert.equal(caches().length, 1, `caches: ${caches().join(', ')}`);
    assert.ok(caches()[0].startsWith(`${path.basename(bundles.body)}.`));
    for (const name of caches()) fs.rmSync(path.join(path.dirname(bundles.body), name));
  });
});

describe('build: the package never carries a code cache', () => {
  it('.vscodeignore leaves out the code caches the extension writes beside its bundle (a build in a folder the editor ran from has them)', async function () {
    this.timeout(30_000);
    const { listFiles, PackageManager } = await import('@vscode/vsce');
    // A copy of what packaging reads, with a dist/ holding a bundle and a cache of it.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-package-'));
    try {
      for (const file of ['package.json', '.vscodeignore']) fs.copyFileSync(path.join(projectRoot, file), path.join(folder, file));
      fs.mkdirSync(path.join(folder, 'dist'));
      fs.writeFileSync(path.join(folder, 'dist', extensionBodyFile), '');
      const cache = `dist/${extensionBodyFile}.0-0${CODE_CACHE_SUFFIX}`;
      fs.writeFileSync(path.join(folder, cache), '');
      const files = await listFiles({ cwd: folder, packageManager: PackageManager.None });
      assert.ok(files.includes(`dist/${extensionBodyFile}`), `listed: ${files.join(', ')}`);
      assert.ok(!files.includes(cache), `listed: ${files.join(', ')}`);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
