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
import { buildProductionBundles } from '../harness/bundles';
import { projectRoot } from '../harness/paths';
import { nodeChatFiles } from '../../src/host/chat/chatFiles';
import { HistoryStore } from '../../src/host/chat/historyStore';
import { writeLongChat } from './reopen.bench';

const activateScript = path.join(__dirname, '..', 'harness', 'activateBundle.js');

export interface ActivationResult {
  bytes: number;
  loadMs: number;
  activateMs: number;
}

/** Best of `runs` fresh processes for the extension bundle `bundle`, its global storage in `storage` when given. */
export function measureActivation(bundle: string, runs = 5, storage?: string): ActivationResult {
  const results = Array.from({ length: runs }, () =>
    JSON.parse(execFileSync(process.execPath, [activateScript, bundle, ...storage === undefined ? [] : [storage]], { encoding: 'utf8' })) as ActivationRun);
  return {
    bytes: fs.statSync(bundle).size,
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
    const development = measureActivation(path.join(projectRoot, 'dist', 'extension.js'));
    const minified = measureActivation(release.extension);
    // The reopen row's chat of 500 messages, each answer 16,000 characters: about 4 MB, open last.
    const storage = path.join(outDir, 'storage');
    const { id, bytes } = writeLongChat(path.join(storage, 'chats'), 16_000);
    await new HistoryStore(nodeChatFiles(path.join(storage, 'chats'))).setCurrentId(id);
    const withChat = measureActivation(release.extension, 5, storage);
    const times = (result: ActivationResult): string =>
      `loading ${result.loadMs.toFixed(1)} ms + activate() ${result.activateMs.toFixed(1)} ms = ${(result.loadMs + result.activateMs).toFixed(1)} ms`;
    const sizes = Object.values(release).sort().map((file) => `${path.relative(outDir, file).split(path.sep).join('/')} ${kib(fs.statSync(file).size)}`);
    return [
      'Activation (best of 5 fresh Node processes, `vscode` stubbed):',
      `  release build (minified, ${kib(minified.bytes)}): ${times(minified)}`,
      `  release build, a chat of 500 messages (${(bytes / 1024 / 1024).toFixed(1)} MB) open last: ${times(withChat)}`,
      `  development build (dist/extension.js, ${kib(development.bytes)}): ${times(development)}`,
      `Release bundle sizes (minified): ${sizes.join(', ')} (lazy/*: loaded on the first request or export)`,
    ];
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
