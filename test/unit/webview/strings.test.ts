// The webview shows the words of the table the page carries: here the German table, built from
// l10n/bundle.l10n.de.json the way the host builds it, drives the real app in jsdom.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { useHostBundle } from '../../../src/host/l10n/hostBundle';
import { localizedWebviewStrings } from '../../../src/host/l10n/webviewStrings';
import { WEBVIEW_STRINGS, webviewStringsFrom } from '../../../src/shared/webviewStrings';
import { useStrings } from '../../../src/webview/strings';
import { projectRoot } from '../../harness/paths';
import { createAppHarness, stateMessage } from './appHarness';

function germanTable(): Record<string, string> {
  useHostBundle(JSON.parse(fs.readFileSync(path.join(projectRoot, 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string>);
  try {
    return localizedWebviewStrings();
  } finally {
    useHostBundle({});
  }
}

describe('webview: the words come from the page\'s table', () => {
  afterEach(() => useStrings(WEBVIEW_STRINGS));

  it('builds the chat in German from the German table', () => {
    useStrings(germanTable());
    const h = createAppHarness();
    h.receive(stateMessage([
      { id: 'u1', role: 'user', content: 'Hallo', status: 'done', createdAt: 1 },
      { id: 'a1', role: 'assistant', content: 'Hallo', status: 'done', model: 'echo-1', finishReason: 'length', usage: { inputTokens: 3, outputTokens: 4 }, createdAt: 2 },
      { id: 'a2', role: 'assistant', content: '', status: 'error', model: 'echo-1', error: { message: 'x', status: 500, actions: ['retry'] }, createdAt: 3 },
    ]));
    h.runFrames();
    assert.equal(h.$('#send').getAttribute('aria-label'), 'Senden');
    assert.equal(h.$('#stop').getAttribute('aria-label'), 'Stopp');
    assert.equal(h.$<HTMLTextAreaElement>('#prompt').placeholder, 'echo-1 fragen (Eingabe zum Senden, Umschalt+Eingabe für eine neue Zeile)');
    assert.equal(h.$('.message[data-id=u1] .author').textContent, 'Sie');
    assert.ok(h.doc.body.textContent?.includes('Abgeschnitten: Die Antwort hat das Limit für Ausgabetokens erreicht.'));
    assert.ok(h.doc.body.textContent?.includes('Tokens: 3 ein · 4 aus'));
    assert.equal(h.$('.message[data-id=a2] .error button[data-action=retry]').textContent, 'Wiederholen');
  });

  it('keeps English for a key the page lacks, and for a page with no readable table', () => {
    assert.equal(webviewStringsFrom({ send: 'Senden', stop: 42 }).stop, WEBVIEW_STRINGS.stop);
    assert.equal(webviewStringsFrom({ send: 'Senden' }).send, 'Senden');
    assert.deepEqual(webviewStringsFrom('not a table'), WEBVIEW_STRINGS);
    useStrings({ send: 'Senden' });
    const h = createAppHarness();
    assert.equal(h.$('#send').getAttribute('aria-label'), 'Senden');
    assert.equal(h.$('#stop').getAttribute('aria-label'), 'Stop');
  });
});
