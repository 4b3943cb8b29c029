// Localization: a user-facing message in host code goes through vscode.l10n.t (or @vscode/l10n's t
// in modules that run in plain Node), never as a bare string. These selectors refuse a string or
// template literal with words in it where VS Code shows text to the user; a template made only of
// translated parts (`${what} ${vscode.l10n.t('…')}`, `$(key) ${…}` with an icon), a URL placeholder
// and the product name pass.
// test/unit/build/l10nLint.test.ts proves each one bites.
const words = ':matches(Literal[value=/[A-Za-z]/][value!=/^https?:/][value!="Model Access"], TemplateLiteral:has(TemplateElement[value.cooked=/(^|[^(A-Za-z-])[A-Za-z]/]))';
// The same, or a choice between such texts: `a ? 'One' : 'Other'`, `title || 'Untitled'`.
const wordsOrChoice = `:matches(${words}, ConditionalExpression:has(> ${words}.consequent), ConditionalExpression:has(> ${words}.alternate), LogicalExpression:has(> ${words}.right))`;
const message = 'User-facing text must go through vscode.l10n.t(...) (or l10n.t from @vscode/l10n in plain-Node modules), so it can be translated.';

export const hostL10nRules = {
  files: ['src/host/**/*.ts', 'src/extension.ts'],
  rules: {
    'no-restricted-syntax': ['error',
      // window.showInformationMessage('…'), showWarningMessage, showErrorMessage, setStatusBarMessage; their buttons too.
      { selector: `CallExpression[callee.property.name=/^(show(Information|Warning|Error)Message|setStatusBarMessage)$/] > ${wordsOrChoice}.arguments`, message },
      // Titles, prompts and placeholders of input boxes, quick picks, progress and commands; tooltips.
      { selector: `Property[key.name=/^(title|prompt|placeHolder|placeholder|tooltip|saveLabel|label|description|openLabel)$/] > ${wordsOrChoice}.value`, message },
      { selector: `AssignmentExpression[left.property.name=/^(title|placeholder|tooltip|name|text|description)$/] > ${wordsOrChoice}.right`, message },
      // new vscode.TreeItem('…')
      { selector: `NewExpression[callee.property.name='TreeItem'] > ${wordsOrChoice}.arguments:first-child`, message },
      // Errors the user reads: configuration problems and secret-storage failures.
      { selector: `NewExpression[callee.name=/^(ConfigurationError|KeyStoreError)$/] > ${wordsOrChoice}.arguments:first-child`, message },
    ],
  },
};

const webviewMessage = 'The webview shows only words of its table: add the English text to src/shared/webviewStrings.ts and use t(key) from ./strings.';

/** The same for the chat webview, whose words come from the host (src/webview/strings.ts). */
export const webviewL10nRules = {
  files: ['src/webview/**/*.ts'],
  rules: {
    'no-restricted-syntax': ['error',
      // el(doc, 'p', { text: '…', attrs: { title: '…', 'aria-label': '…', placeholder: '…' } })
      { selector: `Property[key.name=/^(text|title|placeholder)$/] > ${wordsOrChoice}.value`, message: webviewMessage },
      { selector: `Property[key.value=/^(aria-label|title|placeholder|alt)$/] > ${wordsOrChoice}.value`, message: webviewMessage },
      // iconButton(doc, 'icon', 'label'), doc.createTextNode('…'), this.announce('…') for screen readers
      { selector: `CallExpression[callee.property.name=/^(announce|showNote)$/] > ${wordsOrChoice}.arguments`, message: webviewMessage },
      { selector: `CallExpression[callee.name='iconButton'] > ${wordsOrChoice}.arguments:nth-child(3)`, message: webviewMessage },
      { selector: `CallExpression[callee.property.name='createTextNode'] > ${wordsOrChoice}.arguments`, message: webviewMessage },
      { selector: `AssignmentExpression[left.property.name=/^(textContent|innerText|title|placeholder|ariaLabel)$/] > ${wordsOrChoice}.right`, message: webviewMessage },
      { selector: `CallExpression[callee.property.name='setAttribute'][arguments.0.value=/^(aria-label|title|placeholder|alt)$/] > ${wordsOrChoice}.arguments:nth-child(2)`, message: webviewMessage },
    ],
  },
};
