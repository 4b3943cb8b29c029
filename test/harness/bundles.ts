// Builds the release (minified) bundles into a folder of the caller's choosing, from the options
// esbuild.js builds dist/ with, so the activation test and bench see what a release ships without
// touching dist/ (which the real-editor suites load).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { EVALUATED_PACKAGES } from './activateBundle';
import { projectRoot } from './paths';

// esbuild.js is the build script itself (CommonJS, not compiled).
const { buildOptions, EXTENSION_BODY_FILE } = require(path.join(projectRoot, 'esbuild.js')) as {
  buildOptions(options: { production: boolean }): Record<string, BuildOptions>;
  EXTENSION_BODY_FILE: string;
};

/** The file name of the extension's own bundle, beside the entry point dist/extension.js that loads it. */
export const extensionBodyFile = EXTENSION_BODY_FILE;

/**
 * The release's JavaScript files (name → path): the entry point (`extension`), the extension it loads (`body`),
 * the packages that loads on first use, the webview.
 */
export type BuiltBundles = Record<string, string> & { extension: string; body: string; webview: string };

/**
 * Builds every JavaScript bundle of a release into `outDir`, laid out as in dist/ (the extension
 * requires its lazy packages by relative path); `plugins` run after each build's own.
 */
export async function buildProductionBundles(outDir: string, plugins: Plugin[] = []): Promise<BuiltBundles> {
  const built: Record<string, string> = {};
  await Promise.all(Object.entries(buildOptions({ production: true })).map(async ([name, own]) => {
    if (!own.outfile?.endsWith('.js')) return;
    const outfile = path.join(outDir, path.relative('dist', own.outfile));
    await build({ ...own, outfile, absWorkingDir: projectRoot, plugins: [...own.plugins ?? [], ...plugins] });
    built[name] = outfile;
  }));
  return built as BuiltBundles;
}

/** The package a file in node_modules belongs to (`undici`, `@vscode/l10n`). */
export function packageOf(file: string): string | undefined {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  return parts[at + 1].startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}

/**
 * Appends to every JavaScript file of node_modules a statement recording its package's name in
 * `globalThis[EVALUATED_PACKAGES]` (test/harness/activateBundle.ts reports them): a package whose
 * code ran leaves its name, one the bundle only carries does not. Appended, not prepended, so a
 * file's "use strict" directive stays first. `carried` gets, per output file, the packages in it.
 */
export function markEvaluatedPackages(carried: Map<string, Set<string>>): Plugin {
  const list = `globalThis[${JSON.stringify(EVALUATED_PACKAGES)}]`;
  return {
    name: 'mark-evaluated-packages',
    setup(build) {
      const packages = new Set<string>();
      carried.set(path.resolve(projectRoot, build.initialOptions.outfile ?? ''), packages);
      build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
        const contents = await fs.promises.readFile(args.path, 'utf8');
        const name = packageOf(args.path);
        if (!name) return { contents, loader: 'js' };
        packages.add(name);
        const quoted = JSON.stringify(name);
        return { contents: `${contents}\n;(${list} ??= []).includes(${quoted}) || ${list}.push(${quoted});\n`, loader: 'js' };
      });
    },
  };
}
