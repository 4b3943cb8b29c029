// Localization is complete or this fails: every user-facing string of package.json is a %key% of
// package.nls.json with a German entry; every message of src/ (vscode.l10n.t, @vscode/l10n's t, the
// webview's table) is in l10n/bundle.l10n.json exactly as `npm run l10n` builds it, and has a German
// entry with the same placeholders; and the German bundle answers through the lookup the extension
// itself uses.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildEnglishBundle, ENGLISH_BUNDLE } from '../../../scripts/l10n/englishBundle';
import { toErrorInfo } from '../../../src/host/chat/errorInfo';
import { transcriptToMarkdown } from '../../../src/host/chat/markdownExport';
import { useHostBundle } from '../../../src/host/l10n/hostBundle';
import { localizedWebviewStrings } from '../../../src/host/l10n/webviewStrings';
import { profileNameProblem } from '../../../src/host/profiles/profiles';
import { WEBVIEW_STRINGS } from '../../../src/shared/webviewStrings';
import { projectRoot } from '../../harness/paths';

/** The language of the one complete translation; a new language adds its files and joins this list. */
const LANGUAGES = ['de'];

const readJson = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(projectRoot, file), 'utf8')) as Record<string, unknown>;
const placeholders = (text: string): string[] => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();
const commandLinks = (text: string): string[] => (text.match(/\(command:[^)]*\)/g) ?? []).sort();

/** The manifest's user-facing fields (VS Code's names for them), with where each is. */
function userFacingFields(manifest: Record<string, unknown>): Array<[string, unknown]> {
  const fields: Array<[string, unknown]> = [];
  const take = (where: string, value: unknown): void => {
    if (value !== undefined) fields.push([where, value]);
  };
  const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value as Record<string, unknown>[] : []);
  const groups = (value: unknown): Array<[string, Record<string, unknown>[]]> =>
    Object.entries((value ?? {}) as Record<string, unknown>).map(([key, items]) => [key, list(items)]);
  const contributes = (manifest.contributes ?? {}) as Record<string, unknown>;
  take('description', manifest.description);
  take('capabilities.untrustedWorkspaces.description', (manifest.capabilities as { untrustedWorkspaces?: { description?: unknown } } | undefined)?.untrustedWorkspaces?.description);
  for (const command of list(contributes.commands)) {
    for (const field of ['title', 'shortTitle', 'category']) take(`command ${String(command.command)} ${field}`, command[field]);
  }
  for (const [where, containers] of groups(contributes.viewsContainers)) {
    for (const container of containers) take(`viewsContainers.${where} ${String(container.id)} title`, container.title);
  }
  for (const [where, views] of groups(contributes.views)) {
    for (const view of views) {
      take(`views.${where} ${String(view.id)} name`, view.name);
      take(`views.${where} ${String(view.id)} contextualTitle`, view.contextualTitle);
    }
  }
  list(contributes.viewsWelcome).forEach((welcome, i) => take(`viewsWelcome[${i}]`, welcome.contents));
  for (const submenu of list(contributes.submenus)) take(`submenu ${String(submenu.id)} label`, submenu.label);
  const configurations = Array.isArray(contributes.configuration) ? list(contributes.configuration) : [contributes.configuration as Record<string, unknown>];
  for (const configuration of configurations.filter(Boolean)) {
    take('configuration title', configuration.title);
    for (const [key, property] of Object.entries((configuration.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      for (const field of ['description', 'markdownDescription', 'patternErrorMessage', 'deprecationMessage', 'markdownDeprecationMessage']) {
        take(`${key} ${field}`, property[field]);
      }
      for (const field of ['enumDescriptions', 'markdownEnumDescriptions']) {
        list(property[field]).forEach((text, i) => take(`${key} ${field}[${i}]`, text));
      }
    }
  }
  for (const walkthrough of list(contributes.walkthroughs)) {
    take(`walkthrough ${String(walkthrough.id)} title`, walkthrough.title);
    take(`walkthrough ${String(walkthrough.id)} description`, walkthrough.description);
    for (const step of list(walkthrough.steps)) {
      take(`walkthrough step ${String(step.id)} title`, step.title);
      take(`walkthrough step ${String(step.id)} description`, step.description);
      take(`walkthrough step ${String(step.id)} altText`, (step.media as { altText?: unknown } | undefined)?.altText);
    }
  }
  return fields;
}

describe('build: localization', function () {
  // l10n-dev parses every file of src/ with tree-sitter (a few seconds).
  this.timeout(60_000);

  const manifestText = fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8');
  const manifest = JSON.parse(manifestText) as Record<string, unknown>;
  const nls = readJson('package.nls.json');

  it('package.json: every user-facing field is a %key%, not text', () => {
    const fields = userFacingFields(manifest);
    assert.ok(fields.length >= 40, `only ${fields.length} fields found`);
    const plain = fields.filter(([, value]) => typeof value !== 'string' || !/^%[\w.-]+%$/.test(value));
    assert.deepEqual(plain, [], 'write these as "%key%" with the text in package.nls.json');
  });

  it('package.json: every %key% is in package.nls.json and every translation, and nothing else is', () => {
    const used = [...new Set([...manifestText.matchAll(/"%([\w.-]+)%"/g)].map((match) => match[1]))].sort();
    assert.deepEqual(Object.keys(nls).sort(), used);
    for (const language of LANGUAGES) {
      const translated = readJson(`package.nls.${language}.json`);
      assert.deepEqual(Object.keys(translated).sort(), used, `package.nls.${language}.json`);
      for (const key of used) {
        const [english, text] = [String(nls[key]), translated[key]];
        assert.ok(typeof text === 'string' && text.trim() !== '', `${language}: ${key} is empty`);
        assert.deepEqual(commandLinks(text), commandLinks(english), `${language}: ${key} must keep its command links`);
      }
    }
  });

  it('l10n/bundle.l10n.json is exactly what npm run l10n extracts from src/ (run it after adding a message)', async () => {
    const built = await buildEnglishBundle(projectRoot);
    assert.deepEqual(readJson(ENGLISH_BUNDLE), built);
    assert.ok(Object.keys(built).length > 150);
    assert.equal(manifest.l10n, './l10n');
  });

  it('every word of the webview\'s table is used (a text nobody shows is not worth translating)', () => {
    const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []));
    const code = files(path.join(projectRoot, 'src'))
      .filter((file) => !file.endsWith(`${path.sep}webviewStrings.ts`) && !file.endsWith(`${path.sep}protocol.ts`))
      .map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    // t('key', …), strings.key / strings().key, a table of keys ({ stopped: 'stopped' }) or a choice (t(on ? 'a' : 'b')).
    const unused = Object.keys(WEBVIEW_STRINGS).filter((key) => !new RegExp(`\\bt\\(\\s*'${key}'|strings(\\(\\))?\\.${key}\\b|[:?]\\s*'${key}'`).test(code));
    assert.deepEqual(unused, []);
  });

  it('the packaged extension carries every translation (.vscodeignore)', async () => {
    const { listFiles, PackageManager } = await import('@vscode/vsce');
    const files = await listFiles({ cwd: projectRoot, packageManager: PackageManager.None });
    for (const file of ['package.nls.json', ENGLISH_BUNDLE.split(path.sep).join('/'), ...LANGUAGES.flatMap((language) => [`package.nls.${language}.json`, `l10n/bundle.l10n.${language}.json`])]) {
      assert.ok(files.includes(file), `${file} is left out of the .vsix`);
    }
  });

  for (const language of LANGUAGES) {
    it(`l10n/bundle.l10n.${language}.json translates every message, with the same placeholders`, () => {
      const english = readJson(ENGLISH_BUNDLE);
      const translated = readJson(`l10n/bundle.l10n.${language}.json`);
      assert.deepEqual(Object.keys(translated).sort(), Object.keys(english).sort());
      for (const [key, text] of Object.entries(translated)) {
        assert.ok(typeof text === 'string' && text.trim() !== '', `${language}: "${key}" is empty`);
        assert.deepEqual(placeholders(text), placeholders(key), `${language}: "${key}"`);
      }
    });

    it(`the webview's table is complete in ${language}`, () => {
      const translated = readJson(`l10n/bundle.l10n.${language}.json`);
      const missing = Object.entries(WEBVIEW_STRINGS).filter(([, text]) => typeof translated[text] !== 'string');
      assert.deepEqual(missing, []);
    });
  }

  describe('the German bundle through the extension\'s own lookup (useHostBundle, as activate calls it)', () => {
    before(() => useHostBundle(readJson('l10n/bundle.l10n.de.json') as Record<string, string>));
    after(() => useHostBundle({}));

    it('host messages of plain-Node modules come out in German, placeholders filled', () => {
      assert.equal(toErrorInfo(new Error('')).message, 'Die Anfrage ist fehlgeschlagen.');
      assert.equal(profileNameProblem('x'.repeat(41)), 'Ein Profilname hat höchstens 40 Zeichen.');
    });

    it('the webview gets its table in German', () => {
      const strings = localizedWebviewStrings();
      assert.equal(strings.send, 'Senden');
      assert.equal(strings.retryCountdown, 'Ratenlimit erreicht — neuer Versuch in {0} s');
      assert.deepEqual(Object.keys(strings).sort(), Object.keys(WEBVIEW_STRINGS).sort());
    });

    it('the Markdown export is written in German, with the chat view\'s words', async () => {
      const markdown = await transcriptToMarkdown({
        id: 'c', title: 'Frage', createdAt: 0, updatedAt: 0, messages: [
          { id: 'u', role: 'user', content: 'Hallo', status: 'done', createdAt: 0 },
          { id: 'a', role: 'assistant', content: 'Hallo', status: 'done', model: 'echo-1', finishReason: 'length', createdAt: 0 },
        ],
      }, new Date(0));
      for (const line of ['## Sie', '## Assistent (echo-1)', '- Begonnen: 1970-01-01T00:00:00.000Z', '- Modell: `echo-1`', '_[Abgeschnitten: Die Antwort hat das Limit für Ausgabetokens erreicht.]_']) {
        assert.ok(markdown.includes(line), `${line} in\n${markdown}`);
      }
    });
  });

  it('without a bundle (English) the lookup returns the English text with placeholders filled', () => {
    assert.equal(toErrorInfo(new Error('')).message, 'The request failed.');
    assert.equal(profileNameProblem('x'.repeat(41)), 'A profile name has at most 40 characters.');
    assert.deepEqual(localizedWebviewStrings(), WEBVIEW_STRINGS);
  });
});
