// The lint rule that keeps host messages translatable (eslint.l10n.mjs) must bite: each snippet
// is linted as if it stood in host code, so a selector that stops matching fails here instead of
// letting untranslated text through quietly.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import { projectRoot } from '../../harness/paths';

let eslint: ESLint;

async function restrictedIn(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, file) });
  const fatal = result.messages.filter((message) => message.fatal);
  assert.deepEqual(fatal, [], 'the snippet must parse');
  return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').length;
}

const HOST = 'src/host/chat/links.ts';
const prelude = "import * as vscode from 'vscode';\nimport * as l10n from '@vscode/l10n';\ndeclare const name: string;\ndeclare const item: vscode.StatusBarItem;\n";

describe('build: lint refuses untranslated user-facing text in host code', function () {
  this.timeout(120_000);

  before(() => {
    eslint = new ESLint({ cwd: projectRoot });
  });

  const refused: Array<[string, string]> = [
    ['a message', "void vscode.window.showInformationMessage('Chat exported.');"],
    ['a template message', 'void vscode.window.showErrorMessage(`Could not list ${name}.`);'],
    ['a warning button', "void vscode.window.showWarningMessage(vscode.l10n.t('Deleted.'), 'Undo');"],
    ['a status bar message', "vscode.window.setStatusBarMessage('Copied.', 2000);"],
    ['an input box title and prompt', "void vscode.window.showInputBox({ title: 'Set Base URL', prompt: 'The base URL' });"],
    ['a quick pick placeholder', "void vscode.window.showQuickPick([], { placeHolder: 'Endpoint profile' });"],
    ['a quick pick item', "void vscode.window.showQuickPick([{ label: 'Set API Key', description: 'stored safely' }]);"],
    ['a tooltip assigned', 'item.tooltip = `Chatting with ${name}.`;'],
    ['a quick pick title assigned', "const pick = vscode.window.createQuickPick();\npick.placeholder = 'Search chats';"],
    ['a progress title', "void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Searching…' }, async () => undefined);"],
    ['a tree item label', "export const row = new vscode.TreeItem('No models');"],
    ['a choice of texts', "declare const on: boolean;\nvoid vscode.window.showQuickPick([{ label: name, description: on ? 'active' : undefined }]);"],
    ['a configuration error', "class ConfigurationError extends Error { constructor(m: string, readonly a: string) { super(m); } }\nthrow new ConfigurationError('No base URL is set.', 'setBaseUrl');"],
  ];
  for (const [what, line] of refused) {
    it(`refuses ${what}`, async () => {
      assert.ok(await restrictedIn(HOST, `${prelude}${line}\nexport {};\n`) > 0, line);
      assert.ok(await restrictedIn('src/extension.ts', `${prelude}${line}\nexport {};\n`) > 0, `${line} in extension.ts`);
    });
  }

  it('allows translated text, icons around it, URL examples, the product name and numbers', async () => {
    const allowed = [
      "void vscode.window.showInformationMessage(vscode.l10n.t('Chat exported to {0}.', name), vscode.l10n.t('Open'));",
      "vscode.window.setStatusBarMessage(l10n.t('Copied.'), 2000);",
      "void vscode.window.showQuickPick([{ label: `$(key) ${vscode.l10n.t('Set API Key')}` }], { title: 'Model Access', placeHolder: 'https://api.example.com/v1' });",
      'item.text = `$(hubot) ${name}`;',
      'item.tooltip = `${name}\\n\\n${name}`;',
      "class ConfigurationError extends Error { constructor(m: string, readonly a: string) { super(m); } }\nthrow new ConfigurationError(vscode.l10n.t('No base URL is set.'), 'setBaseUrl');",
    ];
    for (const line of allowed) {
      assert.equal(await restrictedIn(HOST, `${prelude}${line}\nexport {};\n`), 0, line);
    }
  });

  const WEBVIEW = 'src/webview/noticeBar.ts';
  const webviewPrelude = "declare const doc: Document;\ndeclare const button: HTMLElement;\ndeclare function el(doc: Document, tag: string, options?: object): HTMLElement;\ndeclare function iconButton(doc: Document, icon: string, label: string): HTMLElement;\ndeclare function t(key: string, ...args: unknown[]): string;\n";
  const webviewRefused: Array<[string, string]> = [
    ['element text', "el(doc, 'p', { text: 'No past chats yet.' });"],
    ['an aria-label', "el(doc, 'ul', { attrs: { 'aria-label': 'Past chats' } });"],
    ['a placeholder', "el(doc, 'textarea', { attrs: { placeholder: `Ask a question` } });"],
    ['an icon button label', "iconButton(doc, 'close', 'Close history');"],
    ['a text node', "doc.createTextNode(' Welcome to Model Access');"],
    ['text assigned', 'button.textContent = `attempt ${1} of ${3}`;'],
    ['inner text assigned', "button.innerText = 'No matches';"],
    ['a screen-reader announcement', "declare const app: { announce(text: string): void };\napp.announce('Answer stopped.');"],
    ['a choice of texts assigned', "declare const total: number;\nbutton.textContent = total === 0 ? 'No results' : `${total} of ${total}`;"],
    ['a fallback text', "declare const title: string;\nel(doc, 'span', { text: title || 'Untitled chat' });"],
    ['an attribute set', "button.setAttribute('title', 'Stop the answer');"],
  ];
  for (const [what, line] of webviewRefused) {
    it(`refuses in the webview: ${what}`, async () => {
      assert.ok(await restrictedIn(WEBVIEW, `${webviewPrelude}${line}\nexport {};\n`) > 0, line);
    });
  }

  it('allows the webview its table and its class names', async () => {
    const line = "el(doc, 'p', { className: 'history-empty', text: t('noPastChats'), attrs: { 'aria-label': t('pastChats'), id: 'history' } });\niconButton(doc, 'close', t('closeHistory'));\nbutton.textContent = `${t('retryAttempt', 1, 3)}`;\n";
    assert.equal(await restrictedIn(WEBVIEW, `${webviewPrelude}${line}export {};\n`), 0);
  });

  it('applies to host code only: the reference server is not checked', async () => {
    assert.equal(await restrictedIn('server/router.ts', "declare const show: (m: string) => void;\nexport const x = { title: 'Reference server' };\nshow('x');\n"), 0);
  });
});
