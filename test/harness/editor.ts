// The entry point tests use: a real VS Code (code-server) with our extension loaded, and on demand a
// Chromium page showing its workbench. stop() tears down both, and so does the end of the process.
import { launchChromium, type Browser, type LaunchOptions } from './chromium';
import { startCodeServer, type CodeServer, type CodeServerOptions } from './codeServer';
import { Workbench } from './workbench';

export interface EditorOptions extends CodeServerOptions {
  /** Base URL (ending in /v1) written to the user setting `modelAccess.baseUrl`; omitted = not set. */
  baseUrl?: string;
  /**
   * The key the extension finds in MODEL_ACCESS_API_KEY (its fallback when SecretStorage holds
   * none); omitted = no key in the environment.
   */
  apiKey?: string;
}

export interface Editor extends CodeServer {
  /** Launches Chromium, opens the workbench and waits until it is ready. */
  openWorkbench(options?: LaunchOptions & { url?: string; beforeOpen?: (workbench: Workbench) => Promise<void> }): Promise<Workbench>;
}

export async function startEditor(options: EditorOptions = {}): Promise<Editor> {
  const { baseUrl, apiKey, ...codeServerOptions } = options;
  const settings = { ...(baseUrl !== undefined ? { 'modelAccess.baseUrl': baseUrl } : {}), ...options.settings };
  const env = { ...options.env, ...(apiKey !== undefined ? { MODEL_ACCESS_API_KEY: apiKey } : {}) };
  const server = await startCodeServer({ ...codeServerOptions, settings, env });
  const browsers: Browser[] = [];

  const openWorkbench: Editor['openWorkbench'] = async (openOptions = {}) => {
    const browser = await launchChromium(openOptions);
    browsers.push(browser);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const workbench = new Workbench(page, browser.context);
    await openOptions.beforeOpen?.(workbench);
    await workbench.open(openOptions.url ?? server.url);
    return workbench;
  };

  const stop = async (): Promise<void> => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await server.stop();
  };
  return { ...server, openWorkbench, stop };
}
