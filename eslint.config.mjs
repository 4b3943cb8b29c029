// Layers are kept apart here: the API client never sees `vscode`, and the webview
// shares nothing with the host but the protocol.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/api is Node-only: it must never import vscode.' }],
        patterns: [{ group: ['**/host/**', '**/webview/**', '**/shared/**', '**/extension'], message: 'src/api depends on nothing else in src.' }],
      }],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'The webview runs in a browser: it has no vscode module.' }],
        patterns: [{ group: ['**/host/**', '**/api/**', '**/extension'], message: 'The webview imports nothing from the host but ../shared/protocol.' }],
      }],
    },
  },
  {
    files: ['src/util/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/util is used by every layer, the webview too.' }],
        patterns: [{ group: ['**/host/**', '**/api/**', '**/shared/**', '**/webview/**', '**/extension', 'node:*'], message: 'src/util is a leaf: it imports nothing.' }],
      }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/shared is used by the webview too.' }],
        patterns: [{ group: ['**/host/**', '**/api/**', '**/webview/**', '**/extension'], message: 'src/shared depends on nothing else in src.' }],
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
