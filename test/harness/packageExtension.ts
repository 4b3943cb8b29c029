// Builds the .vsix exactly as a release does (`npm run package` less its type check, `tsc -p .`, which
// writes nothing into the .vsix: `npm run package:vsix`, the script `package` runs after it; the tests that
// install it run after `npm test` compiled), for the tests that install it. The package script rebuilds dist/
// minified and without source maps; the development build is put back afterwards, because the other
// real-editor suites load this folder as it was.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HarnessSetupError } from './codeServerInstall';
import { projectRoot } from './paths';

/** Runs `npm run package:vsix` writing the .vsix to `outFile`; returns outFile. */
export function packageExtension(outFile: string): string {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.rmSync(outFile, { force: true });
  try {
    run('npm', ['run', '-s', 'package:vsix', '--', '--out', outFile]);
  } finally {
    run(process.execPath, ['esbuild.js']);
  }
  if (!fs.existsSync(outFile)) throw new HarnessSetupError(`npm run package:vsix wrote no ${outFile}`);
  return outFile;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: projectRoot, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) {
    throw new HarnessSetupError(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit code ${result.status}`}):\n${result.stdout}${result.stderr}`);
  }
}
