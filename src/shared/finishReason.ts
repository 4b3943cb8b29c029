// Shared by the chat view and the Markdown export, so both say the same about an answer that ended early.
import { formatString, WEBVIEW_STRINGS, type WebviewStrings } from './webviewStrings';

/** The finish reason the chat records when it ended an answer itself at the size limit (`modelAccess.maxAnswerChars`). */
export const ANSWER_SIZE_LIMIT = 'answer_size_limit';

/**
 * Why an answer ended early, in words (the finish reason as the server sent it otherwise), from
 * `strings` (the webview's table in the display language; English by default).
 */
export function finishReasonNote(reason: string, strings: WebviewStrings = WEBVIEW_STRINGS): string {
  switch (reason) {
    case 'length':
      return strings.finishLength;
    case ANSWER_SIZE_LIMIT:
      return strings.finishSizeLimit;
    case 'content_filter':
      return strings.finishContentFilter;
    default:
      return formatString(strings.finishOther, reason);
  }
}
