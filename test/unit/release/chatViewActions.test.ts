// New Chat, History and Export live in the Chat view's title bar (VS Code's convention), not in the
// webview (test/unit/webview/app.test.ts checks it draws none): each must stay reachable from the
// view title, the Command Palette and so the keyboard.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');
interface MenuItem { command: string; when?: string; group?: string }
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: { commands: { command: string; icon?: string }[]; menus: Record<string, MenuItem[]> };
};

const chatViewActions = ['modelAccess.newChat', 'modelAccess.showHistory', 'modelAccess.exportChat'];

describe('release: the Chat view\'s actions', () => {
  for (const command of chatViewActions) {
    it(`${command} is a title action of the Chat view with an icon, and in the Command Palette`, () => {
      const title = manifest.contributes.menus['view/title'].find((item) => item.command === command);
      assert.ok(title, 'not in view/title');
      assert.equal(title.when, 'view == modelAccess.chat');
      assert.match(title.group ?? '', /^navigation/, 'not shown in the title bar itself (group navigation)');
      assert.ok(manifest.contributes.commands.find((entry) => entry.command === command)?.icon, 'no icon for the title bar');
      const hidden = manifest.contributes.menus.commandPalette.find((item) => item.command === command);
      assert.ok(hidden === undefined || hidden.when !== 'false', 'hidden from the Command Palette');
    });
  }
});
