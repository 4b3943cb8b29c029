// The English message bundle (l10n/bundle.l10n.json): every vscode.l10n.t / @vscode/l10n t message
// of src/ as @vscode/l10n-dev extracts it, plus the webview's table (src/shared/webviewStrings.ts),
// whose messages the host looks up by value (l10n-dev sees only literal messages). `npm run l10n`
// writes it; test/unit/build/l10n.test.ts fails when the file is not what this builds.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getL10nJson, type l10nJsonFormat } from '@vscode/l10n-dev';
import { WEBVIEW_STRINGS } from '../../src/shared/webviewStrings';

function typeScriptFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Messages → English text, keys sorted (a stable file, small diffs). */
export async function buildEnglishBundle(projectRoot: string): Promise<Record<string, string>> {
  const files = typeScriptFiles(path.join(projectRoot, 'src')).map((file) => ({ contents: fs.readFileSync(file, 'utf8'), extension: '.ts' }));
  const extracted: l10nJsonFormat = await getL10nJson(files);
  const all: Record<string, string> = {};
  for (const [key, value] of Object.entries(extracted)) {
    all[key] = typeof value === 'string' ? value : value.message;
  }
  for (const text of Object.values(WEBVIEW_STRINGS)) {
    all[text] = text;
  }
  return Object.fromEntries(Object.keys(all).sort().map((key) => [key, all[key]]));
}

export const BUNDLE_DIR = 'l10n';
export const ENGLISH_BUNDLE = path.join(BUNDLE_DIR, 'bundle.l10n.json');

if (require.main === module) {
  const root = path.resolve(__dirname, '..', '..', '..');
  void buildEnglishBundle(root).then((bundle) => {
    fs.mkdirSync(path.join(root, BUNDLE_DIR), { recursive: true });
    fs.writeFileSync(path.join(root, ENGLISH_BUNDLE), `${JSON.stringify(bundle, null, 2)}\n`);
    console.log(`${ENGLISH_BUNDLE}: ${Object.keys(bundle).length} messages`);
  });
}
