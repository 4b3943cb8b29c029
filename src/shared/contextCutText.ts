// The words of the "not sent" marker, one source for the chat view and the Markdown export.
import { formatString, WEBVIEW_STRINGS, type WebviewStrings } from './webviewStrings';

/** In the words of `strings` (the webview's table in the display language; English by default). */
export function cutMarkerText(omitted: number, strings: WebviewStrings = WEBVIEW_STRINGS): string {
  return omitted === 1 ? strings.cutMarkerOne : formatString(strings.cutMarkerMany, omitted);
}
