// `npm run icon`: renders media/icon.svg into media/icon.png (128×128, the size the Marketplace and
// Open VSX show). The PNG is committed because `vsce package` ships it; test/unit/build/icon.test.ts
// fails when it is not this SVG's rendering, so the two cannot drift apart.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

export const iconSize = 128;

/** Renders the SVG to PNG bytes with resvg (WebAssembly: the same bytes on every machine). */
export async function renderIcon(svg: string): Promise<Buffer> {
  await ensureWasm();
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: iconSize }, font: { loadSystemFonts: false } });
  return Buffer.from(resvg.render().asPng());
}

let wasmReady: Promise<void> | undefined;
function ensureWasm(): Promise<void> {
  wasmReady ??= initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  return wasmReady;
}

export const iconPaths = (root: string) => ({ svg: path.join(root, 'media', 'icon.svg'), png: path.join(root, 'media', 'icon.png') });

if (require.main === module) {
  const root = path.resolve(__dirname, '..', '..');
  const { svg, png } = iconPaths(root);
  renderIcon(fs.readFileSync(svg, 'utf8')).then(
    (bytes) => {
      fs.writeFileSync(png, bytes);
      console.log(`${path.relative(root, png)}: ${bytes.length} bytes`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
