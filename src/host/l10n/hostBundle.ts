// Two lookups, one bundle. Host code that imports vscode translates with vscode.l10n.t; host code
// that must also run in plain Node (the unit tests load no vscode) translates with @vscode/l10n's t,
// which reads the same messages once the extension hands it the bundle VS Code loaded for the
// display language (l10n/bundle.l10n.<language>.json). Without a bundle (English) both return the
// English message with its {0} placeholders filled. `npm run l10n` extracts both kinds of call.
import * as l10n from '@vscode/l10n';

/** Called first in activate: @vscode/l10n answers from `bundle` from now on (nothing to do in English). */
export function useHostBundle(bundle: l10n.l10nJsonFormat | undefined): void {
  if (bundle !== undefined) {
    l10n.config({ contents: bundle });
  }
}
