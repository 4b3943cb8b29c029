// The chat webview's words in the display language. Their English texts live in one place,
// src/shared/webviewStrings.ts; each is also the key of its translation in the l10n bundles, so
// the lookup is the one every host message uses. (l10n-dev cannot see these calls, whose message
// is not a literal: `npm run l10n` adds the table's texts to l10n/bundle.l10n.json itself.)
import * as l10n from '@vscode/l10n';
import { WEBVIEW_STRINGS, type WebviewStringKey, type WebviewStrings } from '../../shared/webviewStrings';

export function localizedWebviewStrings(): WebviewStrings {
  const strings = {} as WebviewStrings;
  for (const key of Object.keys(WEBVIEW_STRINGS) as WebviewStringKey[]) {
    strings[key] = l10n.t(WEBVIEW_STRINGS[key]);
  }
  return strings;
}
