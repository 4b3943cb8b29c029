// Bundles the extension host code (Node, CommonJS), the chat webview (browser, IIFE) and the
// webview's stylesheet (our CSS plus codicons, whose font is copied next to it).
const fs = require('node:fs');
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    entryPoints: ['media/chat.css'],
    outfile: 'dist/webview.css',
    loader: { '.ttf': 'file' },
    assetNames: '[name]',
  },
];

async function main() {
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
