// The extension's own activation cost: loading the bundle and calling activate(), in a fresh Node
// process with a do-nothing `vscode` module (test/harness/activateBundle.ts, so VS Code's own work is
// not counted), best of several runs; for the development build in dist/ and for the release build
// (minified, built into a temporary folder from esbuild.js's production options), whose file sizes
// it reports too; and for the release build again with a long chat open (the history holds a 4 MB chat that
// was open last), which activation must not read.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ActivationRun } from '../harness/activateBundle';
import { buildProductionBundles, extensionBodyFile } from '../harness/bundles';
import { projectRoot } from '../harness/paths';
import { CODE_CACHE_SUFFIX } from '../../src/host/startup/codeCache';
import { nodeChatFiles } from '../../src/host/chat/chatFiles';
import { HistoryStore } from '../../src/host/chat/historyStore';
import { writeLongChat } from './reopen.bench';

const activateScript = path.join(__dirname, '..', 'harness', 'activateBundle.js');

export interface ActivationResult {
  /** The entry point's and the extension's bundle's sizes together. */
  bytes: number;
  loadMs: number;
  activateMs: number;
}

/** The code caches beside the extension's bundle (src/host/startup/codeCache.ts), removed. */
function removeCodeCaches(entry: string): void {
  const folder = path.dirname(entry);
  for (const name of fs.readdirSync(folder)) if (name.endsWith(CODE_CACHE_SUFFIX)) fs.rmSync(path.join(folder, name));
}

/**
 * Best of `runs` fresh processes for the extension's entry point `entry`, its global storage in `storage` when given:
 * each a first start of its build (`first`: no code cache, and none written, since each process ends as soon as
 * activate() returns), or a later start (`later`: the cache a first start wrote once its activation was done).
 */
export function measureActivation(entry: string, start: 'first' | 'later', runs = 5, storage?: string): ActivationResult {
  const activate = (settle: boolean): ActivationRun =>
    JSON.parse(execFileSync(process.execPath, [activateScript, entry, ...storage === undefined ? [] : [storage], ...settle ? ['--settle'] : []], { encoding: 'utf8' })) as ActivationRun;
  removeCodeCaches(entry);
  if (start === 'later') activate(true);
  const results = Array.from({ length: runs }, () => activate(false));
  const cached = fs.readdirSync(path.dirname(entry)).some((name) => name.endsWith(CODE_CACHE_SUFFIX));
  if (cached !== (start === 'later')) throw new Error(`${entry}: a ${start} start ${cached ? 'found' : 'made no'} code cache`);
  removeCodeCaches(entry);
  return {
    bytes: fs.statSync(entry).size + fs.statSync(path.join(path.dirname(entry), extensionBodyFile)).size,
    loadMs: Math.min(...results.map((result) => result.loadMs)),
    activateMs: Math.min(...results.map((result) => result.activateMs)),
  };
}

const kib = (bytes: number): string => `${Math.round(bytes / 1024)} KB`;

/** The bench's activation lines: both builds' times and the release's file sizes. */
export async function activationReport(): Promise<string[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-bench-'));
  try {
    const release = await buildProductionBundles(outDir);
    const development = path.join(projectRoot, 'dist', 'extension.js');
    const developmentFirst = measureActivation(development, 'first');
    const developmentLater = measureActivation(development, 'later');
    const minifiedFirst = measureActivation(release.extension, 'first');
    const minifiedLater = measureActivation(release.extension, 'later');
    // The reopen row's chat of 500 messages, each answer 16,000 characters: about 4 MB, open last.
    const storage = path.join(outDir, 'storage');
    const { id, bytes } = writeLongChat(path.join(storage, 'chats'), 16_000);
    await new HistoryStore(nodeChatFiles(path.join(storage, 'chats'))).setCurrentId(id);
    const withChat = measureActivation(release.extension, 'later', 5, storage);
    const times = (result: ActivationResult): string =>
      `loading ${result.loadMs.toFixed(1)} ms + activate() ${result.activateMs.toFixed(1)} ms = ${(result.loadMs + result.activateMs).toFixed(1)} ms`;
    const sizes = Object.values(release).sort().map((file) => `${path.relative(outDir, file).split(path.sep).join('/')} ${kib(fs.statSync(file).size)}`);
    return [
      'Activation (best of 5 fresh Node processes, `vscode` stubbed; the first start of a build compiles the extension, later ones take the code cache the first wrote):',
      `  release build (minified, ${kib(minifiedFirst.bytes)}): first start ${times(minifiedFirst)}; later starts ${times(minifiedLater)}`,
      `  release build, a chat of 500 messages (${(bytes / 1024 / 1024).toFixed(1)} MB) open last, later starts: ${times(withChat)}`,
      `  development build (dist/, ${kib(developmentFirst.bytes)}): first start ${times(developmentFirst)}; later starts ${times(developmentLater)}`,
      `Release bundle sizes (minified): ${sizes.join(', ')} (extension.js loads extension.body.js; lazy/*: loaded on the first request or export)`,
    ];
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
