// Shared by the chat view and the Markdown export, so both say the same about an answer that ended early.

/** The finish reason the chat records when it ended an answer itself at the size limit (`modelAccess.maxAnswerChars`). */
export const ANSWER_SIZE_LIMIT = 'answer_size_limit';

/** Why an answer ended early, in words (the finish reason as the server sent it otherwise). */
export function finishReasonNote(reason: string): string {
  switch (reason) {
    case 'length':
      return 'Cut off: the answer reached the output-token limit.';
    case ANSWER_SIZE_LIMIT:
      return 'Cut off: the answer reached the size limit (modelAccess.maxAnswerChars), so the connection was closed.';
    case 'content_filter':
      return 'Cut off by the service\'s content filter.';
    default:
      return `The model ended the answer early (${reason}).`;
  }
}
