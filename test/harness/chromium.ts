// Finds the system Chromium (playwright-core never downloads one here) and launches it with a fresh
// profile inside a scratch folder. The profile also holds the workbench's SecretStorage, so a key
// set through our command lives exactly as long as this browser.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { HarnessSetupError } from './codeServerInstall';
import { registerCleanup, registerScratchFolder, removeScratchFolder } from './processes';

const candidatePaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export const chromiumInstallHelp =
  'Chromium was not found. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ' +
  'or point CHROME_PATH at a Chromium or Chrome executable.';

/** The browser executable, or undefined when there is none. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new HarnessSetupError(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  return candidatePaths.find((candidate) => fs.existsSync(candidate));
}

export function requireChromium(): string {
  const found = findChromium();
  if (!found) throw new HarnessSetupError(chromiumInstallHelp);
  return found;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Show the window (HEADED=1 in the environment does the same). */
  headed?: boolean;
  slowMo?: number;
  /** More command-line switches for Chromium (a development aid of the bench's). */
  extraArgs?: string[];
}

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = requireChromium();
  const profileRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-chromium-'));
  registerScratchFolder(profileRoot);
  const home = path.join(profileRoot, 'home');
  fs.mkdirSync(home);
  const headed = options.headed ?? process.env.HEADED === '1';
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(path.join(profileRoot, 'profile'), {
      executablePath,
      headless: !headed,
      // Trace chunks are staged here (removed with the profile) instead of a stray folder in the temp dir.
      tracesDir: path.join(profileRoot, 'traces'),
      slowMo: options.slowMo ?? (Number(process.env.SLOWMO) || undefined),
      viewport: { width: 1400, height: 900 },
      // Running as root needs --no-sandbox; the rest keeps Chromium from phoning home or
      // showing first-run UI.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--no-default-browser-check',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        '--password-store=basic',
        ...(options.extraArgs ?? []),
      ],
      env: { ...process.env, HOME: home, TMPDIR: profileRoot, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') },
    });
  } catch (error) {
    removeScratchFolder(profileRoot);
    throw new HarnessSetupError(`Could not launch Chromium at ${executablePath}: ${(error as Error).message}`);
  }
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      unregister();
      await context.close().catch(() => undefined);
      removeScratchFolder(profileRoot);
    })();
    return closed;
  };
  const unregister = registerCleanup(close);
  return { context, close };
}
