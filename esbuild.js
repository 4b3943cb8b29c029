// Bundles the extension host code (Node, CommonJS), the chat webview (browser, IIFE) and the
// webview's stylesheet (our CSS plus codicons, whose font is copied next to it).
const fs = require('node:fs');
const esbuild = require('esbuild');

/**
 * Packages the extension loads on first use only (`await import('undici')` on the first request,
 * markdown-it on the first export). Each is bundled into its own file, dist/lazy/<name>.js, which
 * the extension's bundle requires when that import runs: loading the extension then neither runs
 * nor even compiles them (undici alone is two thirds of the host code). A static import of one of
 * them would load it at activation again; test/unit/build/activation.test.ts fails on that.
 */
const LAZY_PACKAGES = ['undici', 'markdown-it'];

/**
 * In the extension's bundle, a lazy package is a small module that requires dist/lazy/<name>.js.
 * Not the file itself as an external import: esbuild would keep `import()` of it, and Node's
 * import() of a bundled CommonJS file sees no named exports; a bundled module reached by import()
 * becomes a lazy initialiser that runs `require` on first use.
 */
const lazyPackagesAsFiles = {
  name: 'lazy-packages-as-files',
  setup(build) {
    const filter = new RegExp(`^(?:${LAZY_PACKAGES.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'lazy-package' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(`./lazy/${args.path}.js`)});`,
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/lazy\//, namespace: 'lazy-package' }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * One `vscode` namespace for the whole bundle. esbuild gives every module that does
 * `import * as vscode from 'vscode'` its own copy of the API object's properties (`__toESM`), about
 * 200 getters each for 30 modules, several milliseconds of activation; through this one re-exporting
 * module they are copied once.
 */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      (args.namespace === 'vscode-namespace' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-namespace' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-namespace' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/** The bundle of the extension itself (src/extension.ts), which dist/extension.js loads. */
const EXTENSION_BODY_FILE = 'extension.body.js';

/**
 * The builds, for `node esbuild.js [--production]` and for the activation test and bench, which
 * build the production bundles elsewhere (test/harness/bundles.ts) from these same options.
 */
function buildOptions({ production }) {
  const common = {
    bundle: true,
    minify: production,
    sourcemap: !production,
    logLevel: 'warning',
  };
  const node = { ...common, platform: 'node', format: 'cjs', target: 'node20' };
  return {
    // package.json's main: a few lines that load the extension's bundle (below) through V8's code cache
    // (src/main.ts, src/host/startup/codeCache.ts), which it finds by the file name given here.
    extension: {
      ...node,
      entryPoints: ['src/main.ts'],
      outfile: 'dist/extension.js',
      define: { EXTENSION_BODY_FILE: JSON.stringify(EXTENSION_BODY_FILE) },
    },
    body: {
      ...node,
      entryPoints: ['src/extension.ts'],
      outfile: `dist/${EXTENSION_BODY_FILE}`,
      plugins: [oneVscodeNamespace, lazyPackagesAsFiles],
      // @vscode/l10n's build without file readers (the one it publishes for browsers: the same config()
      // and t(), as an ES module). The extension hands it VS Code's bundle as contents and never asks it
      // to read a file; its Node build requires node:fs/promises as it loads (in a fresh Node, 2 ms of
      // activation) and, being CommonJS, is copied into a namespace object for each module importing it.
      alias: { '@vscode/l10n': '@vscode/l10n/dist/browser.js' },
    },
    ...Object.fromEntries(LAZY_PACKAGES.map((name) => [`lazy/${name}`, {
      ...node,
      entryPoints: [require.resolve(name)],
      outfile: `dist/lazy/${name}.js`,
    }])),
    webview: {
      ...common,
      entryPoints: ['src/webview/main.ts'],
      outfile: 'dist/webview.js',
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
    },
    css: {
      ...common,
      entryPoints: ['media/chat.css'],
      outfile: 'dist/webview.css',
      loader: { '.ttf': 'file' },
      assetNames: '[name]',
    },
  };
}

async function main() {
  const production = process.argv.includes('--production');
  const watch = process.argv.includes('--watch');
  const builds = Object.values(buildOptions({ production }));
  if (watch) {
    for (const options of builds) {
      const ctx = await esbuild.context(options);
      await ctx.watch();
    }
    return;
  }
  if (production) {
    // A package must not ship stale files (source maps of a development build) left in dist/.
    fs.rmSync('dist', { recursive: true, force: true });
  }
  await Promise.all(builds.map((options) => esbuild.build(options)));
}

module.exports = { buildOptions, EXTENSION_BODY_FILE };

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
