// `npm run test:electron`: the same in-host suite as test:editor (out/test/host), run in desktop
// VS Code through @vscode/test-electron, for machines that can download VS Code (or have one:
// set VSCODE_EXECUTABLE_PATH). On an offline machine the download fails at once; this says so and
// points at `npm run test:editor`, which runs the same suite in code-server.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { startReferenceServer } from '../../server';
import { quietEditorSettings, createSampleWorkspace } from '../harness/codeServer';
import { compiledTestsDir, projectRoot } from '../harness/paths';
import { registerCleanup, registerScratchFolder } from '../harness/processes';

/** The VS Code release the extension is tested against (engines.vscode and @types/vscode are ^1.100). */
const vscodeVersion = process.env.VSCODE_TEST_VERSION ?? '1.100.3';

async function main(): Promise<number> {
  const server = await startReferenceServer();
  registerCleanup(() => server.close());
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-electron-'));
  registerScratchFolder(scratch);
  const userDataDir = path.join(scratch, 'user-data');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...quietEditorSettings, 'modelAccess.baseUrl': server.baseUrl }, null, 2),
  );
  const workspace = createSampleWorkspace(path.join(scratch, 'workspace'));
  const executable = process.env.VSCODE_EXECUTABLE_PATH;
  try {
    return await runTests({
      ...(executable ? { vscodeExecutablePath: executable } : { version: vscodeVersion, cachePath: path.join(projectRoot, '.vscode-test') }),
      extensionDevelopmentPath: projectRoot,
      extensionTestsPath: path.join(compiledTestsDir, 'host', 'index.js'),
      extensionTestsEnv: { MODEL_ACCESS_TEST_SERVER_URL: server.baseUrl, MODEL_ACCESS_API_KEY: undefined },
      launchArgs: [
        workspace,
        '--user-data-dir', userDataDir,
        '--extensions-dir', path.join(scratch, 'extensions'),
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--disable-telemetry',
        '--disable-updates',
        '--no-sandbox',
      ],
    });
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    if (/download|fetch|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|socket/i.test(message) && !executable) {
      console.error(
        `\n@vscode/test-electron could not download VS Code ${vscodeVersion}: ${message}\n` +
          'This route needs internet access to update.code.visualstudio.com, or an installed VS Code: ' +
          'set VSCODE_EXECUTABLE_PATH to its executable.\n' +
          'Offline, run the same in-host suite in code-server instead: npm run test:editor -- --host-only',
      );
    } else {
      console.error(`\nThe in-host suite failed in desktop VS Code: ${message}`);
    }
    return 1;
  } finally {
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
