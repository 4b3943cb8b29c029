// Builds the .vsix exactly as a release does (`npm run package`), for the tests that install it.
// The package script rebuilds dist/ minified and without source maps; the development build is
// put back afterwards, because the other real-editor suites load this folder as it was.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HarnessSetupError } from './codeServerInstall';
import { projectRoot } from './paths';

/** Runs `npm run package` writing the .vsix to `outFile`; returns outFile. */
export function packageExtension(outFile: string): string {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.rmSync(outFile, { force: true });
  try {
    run('npm', ['run', '-s', 'package', '--', '--out', outFile]);
  } finally {
    run(process.execPath, ['esbuild.js']);
  }
  if (!fs.existsSync(outFile)) throw new HarnessSetupError(`npm run package wrote no ${outFile}`);
  return outFile;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: projectRoot, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) {
    throw new HarnessSetupError(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit code ${result.status}`}):\n${result.stdout}${result.stderr}`);
  }
}
