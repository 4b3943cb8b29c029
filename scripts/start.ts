// `npm start`: the reference server plus a real VS Code with the extension loaded and configured
// for it (base URL in the user settings, the demo key through MODEL_ACCESS_API_KEY), ready to use.
//
//   npm start [-- --port N] [--server-port N] [--folder PATH] [--desktop]
//
// stdout carries exactly one line, the editor's URL, once the editor answers; everything else goes
// to stderr, and code-server's own output to a log file. Ctrl+C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startReferenceServer, type ReferenceServer } from '../server';
import { startCodeServer, quietEditorSettings } from '../test/harness/codeServer';
import { HarnessSetupError } from '../test/harness/codeServerInstall';
import { cacheRoot, projectRoot } from '../test/harness/paths';
import { registerCleanup, registerScratchFolder } from '../test/harness/processes';

const demoKey = 'demo-key';
const defaultModel = 'echo-1';

interface Options {
  port?: number;
  serverPort?: number;
  folder?: string;
  desktop: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { desktop: false };
  const portValue = (flag: string, value: string | undefined): number => {
    const port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new HarnessSetupError(`${flag} needs a port number (1–65535), got "${value ?? ''}"`);
    return port;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--port':
        options.port = portValue(flag, value());
        break;
      case '--server-port':
        options.serverPort = portValue(flag, value());
        break;
      case '--folder': {
        const folder = value();
        if (!folder || !fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new HarnessSetupError(`--folder needs an existing folder, got "${folder ?? ''}"`);
        options.folder = path.resolve(folder);
        break;
      }
      case '--desktop':
        options.desktop = true;
        break;
      case '--help':
        process.stderr.write('npm start [-- --port N] [--server-port N] [--folder PATH] [--desktop]\n');
        process.exit(0);
        break;
      default:
        throw new HarnessSetupError(`Unknown option ${argv[i]} (try --help)`);
    }
  }
  return options;
}

function info(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const desktopCode = options.desktop ? findOnPath('code') : undefined;
  if (options.desktop && !desktopCode) {
    throw new HarnessSetupError('--desktop needs desktop VS Code\'s `code` command on PATH (VS Code: "Shell Command: Install \'code\' command in PATH"). Without --desktop, npm start runs VS Code in the browser (code-server).');
  }

  const server = await startReferenceServer({ port: options.serverPort ?? 0 });
  registerCleanup(() => server.close());
  info(`Reference server: ${server.baseUrl}  (keys: demo-key, limited-key, empty-key, quota-key; see docs/architecture.md)`);

  if (desktopCode) {
    await runDesktop(desktopCode, server, options);
    return;
  }

  const logFile = path.join(cacheRoot, 'start', 'code-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.writeFileSync(logFile, '');
  const editor = await startCodeServer({
    port: options.port,
    workspaceFolder: options.folder,
    settings: { 'modelAccess.baseUrl': server.baseUrl, 'modelAccess.model': defaultModel },
    env: { MODEL_ACCESS_API_KEY: demoKey },
    logFile,
  });
  registerCleanup(() => editor.stop());
  // healthz answered already; make sure the workbench page itself is served before announcing it.
  const page = await fetch(editor.url);
  await page.arrayBuffer();
  if (!page.ok) throw new HarnessSetupError(`The editor answered ${page.status} for its workbench page; see ${logFile}`);

  info(`code-server log: ${path.relative(process.cwd(), logFile)}`);
  info(`Extension loaded from ${projectRoot}; API key from MODEL_ACCESS_API_KEY=${demoKey}; model ${defaultModel}.`);
  info('Open the URL below in a browser. Press Ctrl+C to stop.');
  process.stdout.write(`${editor.url}\n`);
  await new Promise<never>(() => undefined);
}

/**
 * Desktop VS Code with a profile of its own (user data and extensions in a scratch folder), so that
 * the user's settings are neither read nor changed; `--wait` keeps us alive until its window closes.
 */
async function runDesktop(code: string, server: ReferenceServer, options: Options): Promise<void> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-desktop-'));
  registerScratchFolder(profile);
  const userDir = path.join(profile, 'user-data', 'User');
  fs.mkdirSync(userDir, { recursive: true });
  fs.writeFileSync(
    path.join(userDir, 'settings.json'),
    JSON.stringify({ ...quietEditorSettings, 'modelAccess.baseUrl': server.baseUrl, 'modelAccess.model': defaultModel }, null, 2),
  );
  const folder = options.folder ?? projectRoot;
  const args = [
    '--new-window',
    '--wait',
    '--user-data-dir', path.join(profile, 'user-data'),
    '--extensions-dir', path.join(profile, 'extensions'),
    '--disable-workspace-trust',
    `--extensionDevelopmentPath=${projectRoot}`,
    folder,
  ];
  info(`Starting desktop VS Code with the extension from ${projectRoot}. Close its window or press Ctrl+C to stop.`);
  const child = spawn(code, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, MODEL_ACCESS_API_KEY: demoKey } });
  registerCleanup(async () => {
    child.kill('SIGTERM');
  });
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await server.close();
  process.exit(0);
}

function findOnPath(command: string): string | undefined {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  const found = result.stdout.trim();
  return result.status === 0 && found ? found : undefined;
}

main().catch((error: unknown) => {
  info(error instanceof HarnessSetupError ? error.message : String((error as Error)?.stack ?? error));
  process.exit(1);
});
