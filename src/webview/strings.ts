// The words the webview shows, in the display language: the table the host put into the page
// (src/shared/webviewStrings.ts), read once at start-up before anything is built. Every label in
// src/webview comes from `t`, so nothing here is English unless the table is.
import { formatString, WEBVIEW_STRINGS, webviewStringsFrom, type WebviewStringKey, type WebviewStrings } from '../shared/webviewStrings';

let current: WebviewStrings = { ...WEBVIEW_STRINGS };

/** Replaces the table (start-up, and tests); missing keys keep their English text. */
export function useStrings(strings: unknown): void {
  current = webviewStringsFrom(strings);
}

/** The text for `key` with its `{0}`… placeholders filled. */
export function t(key: WebviewStringKey, ...args: Array<string | number>): string {
  return formatString(current[key], ...args);
}

/** The whole table, for shared code that takes one (finishReasonNote). */
export function strings(): WebviewStrings {
  return current;
}
