// The extension in German, in the real editor started with `--locale de`: VS Code reads the view
// names from package.nls.de.json, the host's messages from l10n/bundle.l10n.de.json, and the chat
// webview shows the German table the host put into its page. (VS Code's own texts stay English:
// the harness registers the language without a translation of the workbench.)
import * as assert from 'node:assert/strict';
import { eventually, useFreshEditor } from './fixture';

describe('l10n: the extension in German (--locale de)', () => {
  const world = useFreshEditor({ locale: 'de', apiKey: 'demo-key', settings: { 'modelAccess.model': 'echo-1' } });

  it('shows the views, the chat and a command title in German', async () => {
    const bench = world.workbench;
    await bench.openViewContainer('Model Access');
    // View names: package.nls.de.json.
    await bench.viewPane('Modelle').waitFor({ state: 'visible', timeout: 30_000 });
    await bench.expandViewPane('Chat');
    // The webview: the host's German table in the page.
    const prompt = world.chat.prompt();
    await prompt.waitFor({ state: 'visible', timeout: 30_000 });
    // The placeholder names the model once the page has its state (a moment after it shows).
    await eventually(() => prompt.getAttribute('placeholder'), (text) => text === 'echo-1 fragen (Eingabe zum Senden, Umschalt+Eingabe für eine neue Zeile)', 'the German placeholder naming the model');
    assert.equal(await world.chat.frame.locator('button#send').getAttribute('aria-label'), 'Senden');
    // A command title from package.nls.de.json, and a host message (vscode.l10n.t) it leads to.
    await bench.runCommand('Model Access: Chat als Markdown exportieren');
    await bench.notifications().filter({ hasText: 'Dieser Chat ist leer: Es gibt noch nichts zu exportieren.' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  });
});
