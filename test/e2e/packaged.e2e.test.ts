// The released artifact: `npm run package:vsix` (the package script less its type check) builds the .vsix, code-server installs it
// (`--install-extension`, into a fresh extensions folder) and the workbench loads no development
// folder. A smoke flow then runs against what a user installs: this proves .vscodeignore and the
// production bundles. It also takes the README's screenshots of the chat, the Models tree and the settings.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { eventually, useFreshEditor } from './fixture';
import { readmeScreenshot } from './readmeScreenshots';
import { listedModelIds, streamedReply } from './referenceClient';
import { CODE_CACHE_SUFFIX } from '../../src/host/startup/codeCache';

/** Every file under `dir`, relative, with forward slashes. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('release: the packaged .vsix installed into the editor', () => {
  const world = useFreshEditor({ apiKey: 'demo-key', packaged: true });

  it('installs only what the extension needs, and the workbench loads it from the extensions folder', () => {
    assert.doesNotMatch(decodeURIComponent(world.editor.url), /extensionDevelopmentPath/);
    const installed = fs.readdirSync(world.editor.extensionsDir).filter((name) => name.startsWith('model-access.model-access-'));
    assert.equal(installed.length, 1, `installed: ${fs.readdirSync(world.editor.extensionsDir).join(', ')}`);
    const files = filesUnder(path.join(world.editor.extensionsDir, installed[0]));
    // What the installer adds itself (its manifest copy) is not part of the package's content, nor is the code
    // cache the extension writes beside its bundle once activated (checked below).
    const shipped = files.filter((file) => !file.startsWith('.') && !file.endsWith(CODE_CACHE_SUFFIX));
    // vsce stores the readme and changelog lower-cased and the license as LICENSE.txt.
    assert.deepEqual(shipped, [
      'LICENSE.txt',
      'changelog.md',
      'dist/codicon.ttf',
      'dist/extension.body.js',
      'dist/extension.js',
      'dist/lazy/markdown-it.js',
      'dist/lazy/undici.js',
      'dist/webview.css',
      'dist/webview.js',
      'l10n/bundle.l10n.de.json',
      'l10n/bundle.l10n.json',
      'media/icon.png',
      'media/model-access.svg',
      'package.json',
      'package.nls.de.json',
      'package.nls.json',
      'readme.md',
    ]);
  });

  it('lists the models in the Models tree', async () => {
    await world.openModelAccess();
    const expected = (await listedModelIds(world.server.baseUrl, 'demo-key')).sort();
    await eventually(async () => (await world.workbench.treeLabels('Models')).sort(), (labels) => JSON.stringify(labels) === JSON.stringify(expected), 'the Models tree to list the server models', 30_000);
    await readmeScreenshot(world.workbench.page, 'models-tree.png');
  });

  it('writes the code cache of its bundle into its own folder once activated (the next start takes it)', async () => {
    const [installed] = fs.readdirSync(world.editor.extensionsDir).filter((name) => name.startsWith('model-access.model-access-'));
    const dist = path.join(world.editor.extensionsDir, installed, 'dist');
    // Activated by the Models view the test before opened.
    const caches = await eventually(() => fs.readdirSync(dist).filter((name) => name.endsWith(CODE_CACHE_SUFFIX)), (names) => names.length > 0, 'the code cache', 15_000);
    assert.equal(caches.length, 1, caches.join(', '));
    assert.match(caches[0], /^extension\.body\.js\.\d+-\d+\.v8cache$/);
    assert.ok(fs.statSync(path.join(dist, caches[0])).size > 10_000, 'a cache of the whole bundle');
  });

  it('streams one chat answer with the model picked in the tree', async () => {
    await world.workbench.treeRow('Models', 'echo-1').click();
    await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === 'echo-1', 'the chat model button to show echo-1');
    const prompt = 'Please repeat: **Model Access** answers in the sidebar, streamed as it is written.';
    const expected = (await streamedReply(world.server.baseUrl, 'demo-key', 'echo-1', prompt)).trim();
    const before = await world.chat.messages('assistant').count();
    await world.chat.send(prompt);
    const answer = await world.chat.assistantMessage(before, 'done');
    assert.equal(await world.chat.contentText(answer), expected.replace(/\*\*/g, ''));
    await readmeScreenshot(world.workbench.page, 'chat-streamed-answer.png');
  });

  it('shows the Model Access settings (README screenshot)', async () => {
    await world.workbench.runCommand('Preferences: Open Settings (UI)');
    // The settings editor opens with its search box focused.
    await world.workbench.page.locator('.settings-editor .settings-header .suggest-input-container').waitFor({ state: 'visible', timeout: 15_000 });
    await world.workbench.page.keyboard.type('@ext:model-access.model-access');
    const baseUrl = world.workbench.page.locator('.settings-editor .setting-item-title', { hasText: 'Base Url' }).first();
    await baseUrl.waitFor({ state: 'visible', timeout: 15_000 });
    // Focus moves to the setting, which closes the search box's suggestions.
    await baseUrl.click();
    await readmeScreenshot(world.workbench.page, 'settings.png');
    await world.workbench.runCommand('View: Close All Editors');
  });
});
