// The one place that knows how code-server is started for us: its flags, its ports, the isolated
// folders it runs in, the settings it starts with, and how it is stopped. Everything else asks
// startCodeServer() for a ready editor and calls stop() on it.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureCodeServer, HarnessSetupError, type CodeServerInstallation, type EditorName } from './codeServerInstall';
import { projectRoot } from './paths';
import { registerScratchFolder, removeScratchFolder, sleep, spawnGroup, stopGroup } from './processes';

export interface CodeServerOptions {
  /** Which editor release; default: defaultEditorName() (MODEL_ACCESS_EDITOR, else `older`). */
  editor?: EditorName;
  /** Folder of the extension under development; default: extensionUnderTest(). Ignored with installVsix. */
  extensionDevelopmentPath?: string;
  /**
   * A packaged extension (.vsix) to install into this editor's fresh extensions folder with
   * `code-server --install-extension` before it starts; then no development folder is loaded, so
   * the tests run against exactly what a user installs.
   */
  installVsix?: string;
  /** Absolute path of a compiled mocha runner (exports `run()`) executed inside the extension host. */
  extensionTestsPath?: string;
  /** Folder opened in the editor; default: a fresh folder in the run folder with a sample file. */
  workspaceFolder?: string;
  /** Merged over the default user settings. */
  settings?: Record<string, unknown>;
  /**
   * Environment of code-server and so of the extension host. Inherited variables that could leak
   * into a test (MODEL_ACCESS_*, VSCODE_*) are removed first; a value of undefined removes one too.
   */
  env?: Record<string, string | undefined>;
  /** Port to listen on; default: one the system picks (read back from code-server's log). */
  port?: number;
  /** Where code-server's output goes; default: code-server.log in the run folder. */
  logFile?: string;
  /**
   * Display language (`--locale`), e.g. `de`: what extensions get as vscode.env.language, and so the
   * package.nls.<locale>.json and l10n bundle they are shown in. Default: English.
   */
  locale?: string;
}

export interface CodeServer {
  /** The workbench URL with the folder and the extension-development payload. */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** Scratch folder under the system temp dir: HOME, XDG_*, TMPDIR, user data, extensions. Removed by stop(). */
  runDir: string;
  workspaceFolder: string;
  userDataDir: string;
  /** This editor's own extensions folder (where installVsix unpacked the extension). */
  extensionsDir: string;
  logFile: string;
  /** The VS Code version this editor bundles. */
  vscodeVersion: string;
  stop(): Promise<void>;
}

/** User settings every test editor starts with: nothing may open over the workbench. */
export const quietEditorSettings: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'update.showReleaseNotes': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'chat.commandCenter.enabled': false,
  'files.hotExit': 'off',
  'window.confirmBeforeClose': 'never',
  'editor.accessibilitySupport': 'off',
  // The tests open TypeScript files (sample.ts, untitled ones) for their text only: TypeScript's syntax server is
  // enough for that; its full project server took 32 s of CPU in one run of the UI layer, for nothing a test reads.
  'typescript.tsserver.useSyntaxServer': 'always',
  'typescript.disableAutomaticTypeAcquisition': true,
  // code-server's extension host is a remote one, which looks for ports to forward every 2 s by running
  // `ls -l /proc/[0-9]*/fd/[0-9]* | grep socket:` and `ps -F -A -l | grep root` (VS Code's own desktop host
  // does not): 457 ms of CPU in those commands in 14 searches of one bench run (`perf sched`), in bursts on
  // both cores; a task of the chat page there ran 25 ms on a CPU in 72 while `ps` ran. Nothing here listens on
  // a port to forward. (code-server has a tunnel provider, with which the search runs even with auto-forwarding
  // off, unless ports are looked for in terminal output instead of among processes.)
  'remote.autoForwardPorts': false,
  'remote.autoForwardPortsSource': 'output',
};

/** Environment variables that must never reach the test editor from the developer's shell. */
const leakyEnvPrefixes = ['MODEL_ACCESS_', 'VSCODE_', 'ELECTRON_'];
const leakyEnvNames = ['PORT', 'PASSWORD', 'HASHED_PASSWORD', 'CS_DISABLE_FILE_DOWNLOADS', 'GITHUB_TOKEN'];

export async function startCodeServer(options: CodeServerOptions = {}): Promise<CodeServer> {
  const installation = await ensureCodeServer(options.editor);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-editor-'));
  registerScratchFolder(runDir);
  try {
    return await launch(installation, runDir, options);
  } catch (error) {
    removeScratchFolder(runDir);
    throw error;
  }
}

async function launch(installation: CodeServerInstallation, runDir: string, options: CodeServerOptions): Promise<CodeServer> {
  const home = path.join(runDir, 'home');
  const userDataDir = path.join(runDir, 'user-data');
  const extensionsDir = path.join(runDir, 'extensions');
  const tmp = path.join(runDir, 'tmp');
  const xdg = {
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    XDG_RUNTIME_DIR: path.join(runDir, 'runtime'),
  };
  for (const dir of [home, userDataDir, extensionsDir, tmp, ...Object.values(xdg)]) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

  const workspaceFolder = options.workspaceFolder ?? createSampleWorkspace(path.join(runDir, 'workspace'));
  writeUserSettings(userDataDir, { ...quietEditorSettings, ...options.settings });
  if (options.locale) registerLanguage(userDataDir, runDir, options.locale);
  // code-server writes a config file with a generated password into $HOME unless given one.
  const configFile = path.join(runDir, 'config.yaml');
  fs.writeFileSync(configFile, 'auth: none\ncert: false\n');

  const logFile = options.logFile ?? path.join(runDir, 'code-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  // Opened for reading too: the port is read back through this descriptor, which stays on this
  // run's file even if another run in the same project replaces the path (same test-results/).
  const log = fs.openSync(logFile, 'a+');
  // Only what this start writes counts.
  const logStart = fs.fstatSync(log).size;
  const args = [
    installation.entryPoint,
    '--config', configFile,
    // Port 0 lets the system pick a free port at bind time: a port found free beforehand can be
    // taken by anyone (other runs share this machine) before code-server binds it.
    '--bind-addr', `127.0.0.1:${options.port ?? 0}`,
    '--auth', 'none',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(options.locale ? ['--locale', options.locale] : []),
    ...installation.flags,
  ];
  const env = editorEnvironment({ HOME: home, TMPDIR: tmp, ...xdg, EXTENSIONS_GALLERY: '{}' }, options.env);
  if (options.installVsix) installExtension(installation, options.installVsix, { userDataDir, extensionsDir, runDir, env });
  const child = spawnGroup(installation.node, args, {
    cwd: runDir,
    stdio: ['ignore', log, log],
    env,
  });
  const pgid = child.pid;
  if (pgid === undefined) {
    fs.closeSync(log);
    throw new HarnessSetupError(`code-server did not start; see ${logFile}`);
  }

  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = signal ?? `exit code ${code}`;
  });
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= stopGroup(pgid).then(() => removeScratchFolder(runDir));
    return stopped;
  };

  let port: number;
  try {
    port = await waitUntilHealthy(logFile, { fd: log, start: logStart }, () => exited);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    fs.closeSync(log);
  }
  const origin = `http://127.0.0.1:${port}`;

  const url = workbenchUrl(origin, port, {
    folder: workspaceFolder,
    extensionDevelopmentPath: options.installVsix ? undefined : options.extensionDevelopmentPath ?? extensionUnderTest(),
    extensionTestsPath: options.extensionTestsPath,
  });
  return { url, origin, port, runDir, workspaceFolder, userDataDir, extensionsDir, logFile, vscodeVersion: installation.vscodeVersion, stop };
}

/**
 * This project, unless MODEL_ACCESS_EXTENSION_PATH names another folder with a built extension
 * (an unpacked .vsix, or a deliberately broken copy to prove that the tests catch the breakage).
 */
export function extensionUnderTest(): string {
  const override = process.env.MODEL_ACCESS_EXTENSION_PATH;
  if (!override) return projectRoot;
  if (!fs.existsSync(path.join(override, 'package.json'))) throw new HarnessSetupError(`MODEL_ACCESS_EXTENSION_PATH=${override} has no package.json`);
  return path.resolve(override);
}

/**
 * The extension under development is loaded without packaging through the page's `payload`
 * query; the paths are on the "remote" (which is this machine), hence vscode-remote:// URIs.
 */
export function workbenchUrl(origin: string, port: number, target: { folder: string; extensionDevelopmentPath?: string; extensionTestsPath?: string }): string {
  const remote = (absolutePath: string) => `vscode-remote://127.0.0.1:${port}${absolutePath}`;
  const payload: [string, string][] = [
    ['skipWelcome', 'true'],
    ['skipReleaseNotes', 'true'],
  ];
  if (target.extensionDevelopmentPath) payload.unshift(['extensionDevelopmentPath', remote(target.extensionDevelopmentPath)]);
  if (target.extensionTestsPath) payload.push(['extensionTestsPath', remote(target.extensionTestsPath)]);
  const query = new URLSearchParams({ folder: target.folder, payload: JSON.stringify(payload) });
  return `${origin}/?${query.toString()}`;
}

/** `code-server --install-extension FILE.vsix` into this editor's own (fresh) folders; throws with its output on failure. */
function installExtension(
  installation: CodeServerInstallation,
  vsix: string,
  folders: { userDataDir: string; extensionsDir: string; runDir: string; env: NodeJS.ProcessEnv },
): void {
  const result = spawnSync(
    installation.node,
    [installation.entryPoint, '--user-data-dir', folders.userDataDir, '--extensions-dir', folders.extensionsDir, '--install-extension', vsix],
    { cwd: folders.runDir, env: folders.env, encoding: 'utf8', timeout: 120_000 },
  );
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  if (result.status !== 0 || !/successfully installed/i.test(output)) {
    throw new HarnessSetupError(`code-server --install-extension ${vsix} failed (${result.error?.message ?? `exit code ${result.status}`}):\n${output}`);
  }
}

function editorEnvironment(isolation: Record<string, string>, overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (leakyEnvNames.includes(name) || leakyEnvPrefixes.some((prefix) => name.startsWith(prefix))) continue;
    env[name] = value;
  }
  Object.assign(env, isolation);
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * VS Code switches to a display language only when a language pack for it is known (its server reads
 * `languagepacks.json` in the user data folder); otherwise `--locale` falls back to English for the
 * workbench and for every extension. A pack with no translations of VS Code's own texts is enough
 * for the extensions to run in that language (the workbench stays English), and nothing is downloaded.
 */
function registerLanguage(userDataDir: string, runDir: string, locale: string): void {
  const translations = path.join(runDir, `language-pack-${locale}.i18n.json`);
  fs.writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const extensions = [{ extensionIdentifier: { id: `model-access-tests.language-${locale}` }, version: '1.0.0' }];
  const pack = { hash: `test-${locale}`, extensions, translations: { vscode: translations }, label: locale };
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify({ [locale]: pack }));
}

function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  const userDir = path.join(userDataDir, 'User');
  fs.mkdirSync(userDir, { recursive: true });
  fs.writeFileSync(path.join(userDir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/** A small folder with a TypeScript file, so that there is code to select and send. */
export function createSampleWorkspace(folder: string): string {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'sample.ts'),
    ['export function add(a: number, b: number): number {', '  return a + b;', '}', ''].join('\n'),
  );
  return folder;
}

/**
 * Waits until this code-server says where it listens (in its log, from `logStart` on) and answers
 * /healthz there; returns its port. Reading the port from its own log also means a port someone
 * else serves is never mistaken for ours.
 */
async function waitUntilHealthy(logFile: string, log: LogPosition, exited: () => string | undefined, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let port: number | undefined;
  while (Date.now() < deadline) {
    const status = exited();
    if (status) throw new HarnessSetupError(`code-server exited during startup (${status}). Its log, ${logFile}:\n${tail(logFile)}`);
    port ??= listeningPort(log);
    if (port !== undefined) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.ok) return port;
      } catch {
        // Not answering yet.
      }
    }
    await sleep(100);
  }
  const where = port === undefined ? 'say where it listens' : `answer http://127.0.0.1:${port}/healthz`;
  throw new HarnessSetupError(`code-server did not ${where} within ${timeoutMs / 1000} s. Its log, ${logFile}:\n${tail(logFile)}`);
}

interface LogPosition {
  fd: number;
  /** Offset where this start's output begins. */
  start: number;
}

/** The port in code-server's "HTTP server listening on http://127.0.0.1:PORT/" line, once written. */
function listeningPort(log: LogPosition): number | undefined {
  const length = fs.fstatSync(log.fd).size - log.start;
  if (length <= 0) return undefined;
  const buffer = Buffer.alloc(length);
  const read = fs.readSync(log.fd, buffer, 0, length, log.start);
  const match = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(buffer.subarray(0, read).toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
