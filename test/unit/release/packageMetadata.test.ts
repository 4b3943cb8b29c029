// What the Marketplace and Open VSX need from package.json, and the icon they show: committed as a
// PNG (vsce ships it), and always the rendering of media/icon.svg.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { iconPaths, iconSize, renderIcon } from '../../../scripts/icon';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', 'not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('release: package metadata', () => {
  it('is publishable: no "private", a license file, repository, bugs and homepage', () => {
    assert.equal(manifest.private, undefined);
    assert.equal(manifest.license, 'MIT');
    assert.ok(fs.existsSync(path.join(root, 'LICENSE')));
    const repository = manifest.repository as { type: string; url: string };
    assert.equal(repository.type, 'git');
    assert.match(repository.url, /^https:\/\/github\.com\/[^/]+\/[^/]+\.git$/);
    const base = repository.url.replace(/\.git$/, '');
    assert.equal((manifest.bugs as { url: string }).url, `${base}/issues`);
    assert.equal(manifest.homepage, `${base}#readme`);
  });

  it('has categories and keywords', () => {
    assert.ok(Array.isArray(manifest.categories) && manifest.categories.length > 0);
    const keywords = manifest.keywords as string[];
    // The Marketplace keeps at most 30 tags; vsce refuses more.
    assert.ok(Array.isArray(keywords) && keywords.length > 0 && keywords.length <= 30);
  });

  it('packages without --allow-missing-repository', () => {
    const scripts = manifest.scripts as Record<string, string>;
    // `package` type-checks, then runs `package:vsix` (which the packaged-extension tests run alone).
    assert.match(scripts.package, /npm run -s package:vsix/);
    assert.match(scripts['package:vsix'], /vsce package/);
    assert.doesNotMatch(`${scripts.package} ${scripts['package:vsix']}`, /allow-missing-repository/);
  });

  it('has a 128×128 PNG icon that .vscodeignore ships', () => {
    assert.equal(manifest.icon, 'media/icon.png');
    assert.deepEqual(pngSize(fs.readFileSync(path.join(root, 'media', 'icon.png'))), { width: iconSize, height: iconSize });
    assert.match(fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8'), /^!media\/icon\.png$/m);
  });

  it('the committed icon is media/icon.svg rendered (run `npm run icon` after editing the SVG)', async () => {
    const { svg, png } = iconPaths(root);
    const rendered = await renderIcon(fs.readFileSync(svg, 'utf8'));
    assert.deepEqual(pngSize(rendered), { width: iconSize, height: iconSize });
    assert.ok(rendered.equals(fs.readFileSync(png)), 'media/icon.png differs from the rendering of media/icon.svg');
  });
});
