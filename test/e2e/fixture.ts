// One fresh world per E2E suite: a reference server, a real VS Code (code-server) with the extension
// loaded and configured for it, and a Chromium page on its workbench. A failing test leaves a
// screenshot, the page's console errors and code-server's log in test-results/.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultConfig, startReferenceServer, type ModelConfig, type ReferenceServer, type RequestRecord } from '../../server';
import type { EditorName } from '../harness/codeServerInstall';
import { startEditor, type Editor } from '../harness/editor';
import { packageExtension } from '../harness/packageExtension';
import { testResultsDir } from '../harness/paths';
import { sanitizeFileName, type Workbench } from '../harness/workbench';
import { ChatView } from './chatView';

export interface SuiteOptions {
  /** MODEL_ACCESS_API_KEY for the extension host; omitted = no key anywhere. */
  apiKey?: string;
  /** Extra user settings (modelAccess.baseUrl is always the suite's reference server). */
  settings?: Record<string, unknown>;
  /** Editor release; default: the older one (VS Code 1.100.3), or MODEL_ACCESS_EDITOR. */
  editor?: EditorName;
  /** Display language (code-server `--locale`); default: English. */
  locale?: string;
  /**
   * Build the .vsix with `npm run package:vsix` (`npm run package` less its type check) and install it into the editor instead of loading this
   * folder as the extension under development (kept in the suite's test-results folder).
   */
  packaged?: boolean;
  /** Models the suite's reference server offers besides its default ones (a paced echo model, say). */
  models?: ModelConfig[];
}

export interface SuiteWorld {
  readonly server: ReferenceServer;
  readonly editor: Editor;
  readonly workbench: Workbench;
  /** The chat webview (valid across reloads: it is located anew on each use). */
  readonly chat: ChatView;
  /** Opens the Model Access container and waits for both views. */
  openModelAccess(): Promise<void>;
  /** Picks a model with Select Model and waits until the chat's model button shows it. */
  selectModel(id: string): Promise<void>;
}

export const startupTimeoutMs = 120_000;

/** Where the extension keeps its chats in `world`'s editor (its global storage). */
export function chatsFolder(world: SuiteWorld): string {
  return path.join(world.editor.userDataDir, 'User', 'globalStorage', 'model-access.model-access', 'chats');
}
/** `npm run package:vsix` (production bundles, vsce) on a loaded 2-core machine. */
const packagingTimeoutMs = 120_000;

/** Registers before/afterEach/after hooks on the current describe() and returns its world. */
export function useFreshEditor(options: SuiteOptions = {}): SuiteWorld {
  let server: ReferenceServer | undefined;
  let editor: Editor | undefined;
  let workbench: Workbench | undefined;
  let suiteDir = testResultsDir;
  const tracing = process.env.TRACE === '1';
  /** Attempts started per test (full title): mocha retries a failed test once (runEditorTests.ts). */
  const attempts = new Map<string, number>();

  const world: SuiteWorld = {
    get server() {
      return required(server, 'reference server');
    },
    get editor() {
      return required(editor, 'editor');
    },
    get workbench() {
      return required(workbench, 'workbench');
    },
    get chat() {
      return new ChatView(required(workbench, 'workbench').chatFrame());
    },
    async openModelAccess() {
      const bench = required(workbench, 'workbench');
      await bench.openViewContainer('Model Access');
      await bench.viewPane('Models').waitFor({ state: 'visible', timeout: 30_000 });
      await bench.expandViewPane('Chat');
      await bench.viewPane('Chat').waitFor({ state: 'visible', timeout: 30_000 });
    },
    async selectModel(id: string) {
      const bench = required(workbench, 'workbench');
      await bench.runCommand('Model Access: Select Model');
      await bench.pickQuickPickItem(id);
      await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === id, `the chat model button to show ${id}`);
    },
  };

  before(async function () {
    this.timeout(startupTimeoutMs + (options.packaged ? packagingTimeoutMs : 0));
    suiteDir = path.join(testResultsDir, 'e2e', sanitizeFileName(this.test?.parent?.fullTitle() ?? 'suite'));
    fs.rmSync(suiteDir, { recursive: true, force: true });
    const installVsix = options.packaged ? packageExtension(path.join(suiteDir, 'model-access.vsix')) : undefined;
    server = await startReferenceServer(options.models ? { config: { ...defaultConfig, models: [...defaultConfig.models, ...options.models] } } : {});
    editor = await startEditor({
      installVsix,
      editor: options.editor,
      baseUrl: server.baseUrl,
      apiKey: options.apiKey,
      settings: options.settings,
      locale: options.locale,
      logFile: path.join(suiteDir, 'code-server.log'),
    });
    try {
      workbench = await editor.openWorkbench({
        // TRACE=1 records a Playwright trace per test; failing tests keep theirs (npx playwright-core show-trace FILE).
        beforeOpen: tracing ? async ({ context }) => void (await context.tracing.start({ screenshots: true, snapshots: true })) : undefined,
      });
    } catch (error) {
      await saveEvidence('startup');
      throw error;
    }
  });

  beforeEach(async function () {
    const title = this.currentTest?.fullTitle() ?? '';
    attempts.set(title, (attempts.get(title) ?? 0) + 1);
    if (tracing) await workbench?.context.tracing.startChunk({ title: this.currentTest?.title });
  });

  afterEach(async function () {
    const test = this.currentTest;
    // Mocha leaves an attempt it is about to retry without a state (only the last attempt is marked
    // failed); its evidence is kept too, under its attempt number, since a retry is a defect to fix.
    const retrying = test !== undefined && test.state === undefined;
    const failed = test?.state === 'failed' || retrying;
    const attempt = attempts.get(test?.fullTitle() ?? '') ?? 1;
    const evidenceName = `${test?.title ?? 'test'}${retrying ? ` (attempt ${attempt})` : ''}`;
    if (failed) await saveEvidence(evidenceName);
    if (tracing && workbench) {
      const trace = failed ? path.join(suiteDir, `${sanitizeFileName(evidenceName)}.trace.zip`) : undefined;
      await workbench.context.tracing.stopChunk(trace ? { path: trace } : undefined).catch(() => undefined);
      if (trace) process.stdout.write(`      trace: ${trace}\n`);
    }
  });

  after(async function () {
    this.timeout(30_000);
    await editor?.stop();
    await server?.close();
  });

  async function saveEvidence(testTitle: string): Promise<void> {
    if (!workbench) return;
    fs.mkdirSync(suiteDir, { recursive: true });
    const name = `${path.relative(testResultsDir, suiteDir)}/${sanitizeFileName(testTitle)}`;
    const shot = await workbench.screenshot(name).catch((error: Error) => `(no screenshot: ${error.message})`);
    const errors = path.join(suiteDir, `${sanitizeFileName(testTitle)}.console.txt`);
    fs.writeFileSync(errors, workbench.consoleErrors.join('\n'));
    process.stdout.write(`      screenshot: ${shot}\n      console errors: ${errors}\n      code-server log: ${path.join(suiteDir, 'code-server.log')}\n`);
  }

  return world;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The suite's ${what} is not running (did before() fail?)`);
  return value;
}

/** The server's record of the last request to `model`, once that request has ended. */
export function requestEnded(server: ReferenceServer, model: string, timeoutMs = 15_000): Promise<RequestRecord | undefined> {
  return eventually(
    () => server.requests().filter((request) => request.model === model).at(-1),
    (request) => request !== undefined && request.outcome !== 'in-progress',
    `the server to record the end of the ${model} request`,
    timeoutMs,
  );
}

/** Polls `read` until `accept` holds, or fails with the last value seen. */
export async function eventually<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}
