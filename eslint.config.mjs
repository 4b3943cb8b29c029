// Layers are kept apart here: the API client never sees `vscode`, the webview and the host share
// nothing but the protocol, and the shipped code (src/) and the reference server (server/) never
// import each other (the server is a stand-in for someone else's service, so sharing code with the
// client would let one bug hide in both). Each environment is also type-checked against its own
// globals (tsconfig.*.json); the rules here are about imports and promises.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { hostL10nRules, webviewL10nRules } from './eslint.l10n.mjs';

const nodeNamespaceImport = {
  selector: 'ImportDeclaration[source.value=/^node:/] > ImportNamespaceSpecifier',
  message: 'Import what you use from a Node module by name: a namespace import is a copy of all of it in the bundle, made at activation.',
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.cache/**', 'test-results/**', '.vscode-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Typed rules: a promise nobody awaits loses its error (an unhandled rejection in the extension
    // host, or a test that passes before its assertion ran); a promise where a void callback is
    // expected (an event listener) does the same.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/host/**/*.ts', 'src/extension.ts', 'src/main.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/webview/**', '**/webview'], message: 'The host talks to the webview only through src/shared/protocol.' },
          { group: ['**/server/**', '**/server'], message: 'src/ never imports the reference server.' },
        ],
      }],
    },
  },
  hostL10nRules,
  webviewL10nRules,
  {
    // The bundle (esbuild) turns `import * as fs from 'node:fs'` into a copy of every export of the
    // module, made as the extension loads (node:fs has about 100); named imports read them where used.
    // Added to the host's l10n selectors: a later no-restricted-syntax would replace them.
    files: ['src/host/**/*.ts', 'src/extension.ts', 'src/main.ts'],
    rules: { 'no-restricted-syntax': [...hostL10nRules.rules['no-restricted-syntax'], nodeNamespaceImport] },
  },
  {
    files: ['src/api/**/*.ts', 'src/shared/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', nodeNamespaceImport] },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/src/**', '**/src'], message: 'The reference server is independent of the client: it never imports src/.' }],
      }],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/api is Node-only: it must never import vscode.' }],
        patterns: [
          { group: ['**/host/**', '**/host', '**/webview/**', '**/webview', '**/shared/**', '**/shared', '**/extension'], message: 'src/api depends on nothing else in src.' },
          { group: ['**/server/**', '**/server'], message: 'src/ never imports the reference server.' },
        ],
      }],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'The webview runs in a browser: it has no vscode module.' }],
        patterns: [
          { group: ['**/host/**', '**/host', '**/api/**', '**/api', '**/extension'], message: 'The webview imports nothing from the host but ../shared/protocol.' },
          { group: ['**/server/**', '**/server'], message: 'src/ never imports the reference server.' },
        ],
      }],
    },
  },
  {
    files: ['src/util/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/util is used by every layer, the webview too.' }],
        patterns: [{ group: ['**/host/**', '**/host', '**/api/**', '**/api', '**/shared/**', '**/shared', '**/webview/**', '**/webview', '**/extension', 'node:*'], message: 'src/util is a leaf: it imports nothing.' }],
      }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/shared is used by the webview too.' }],
        patterns: [
          { group: ['**/host/**', '**/host', '**/api/**', '**/api', '**/webview/**', '**/webview', '**/extension'], message: 'src/shared depends on nothing else in src.' },
          { group: ['**/server/**', '**/server'], message: 'src/ never imports the reference server.' },
        ],
      }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
);
