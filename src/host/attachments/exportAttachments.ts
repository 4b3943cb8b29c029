// Pure (no vscode): a user message's instructions and attachments in the Markdown export, each
// collapsed under a line naming it, with the exact text that was sent inside a fence that nothing in
// it can close (so the export shows it verbatim and a preview renders nothing of it as Markdown).
import * as l10n from '@vscode/l10n';
import type { TranscriptMessage } from '../../shared/protocol';
import { formatString, WEBVIEW_STRINGS, type WebviewStrings } from '../../shared/webviewStrings';
import { fenceFor } from '../chat/inertMarkdown';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function collapsed(summary: string, body: string): string {
  const fence = fenceFor(body);
  return `<details><summary>${escapeHtml(summary)}</summary>\n\n${fence}text\n${body}\n${fence}\n\n</details>`;
}

/**
 * The blocks that go before the user's text in the export (none for a message without them), in the
 * chat view's words (`strings`: its table in the display language).
 */
export function sentContextMarkdown(message: TranscriptMessage, strings: WebviewStrings = WEBVIEW_STRINGS): string[] {
  const parts: string[] = [];
  if (message.instructions) {
    parts.push(collapsed(formatString(strings.sentInstructions, message.instructions.paths.join(', '), message.instructions.tokens), message.instructions.text));
  }
  for (const attachment of message.attachments ?? []) {
    const what = attachment.kind === 'problems' ? formatString(strings.problemsIn, attachment.path) : attachment.path;
    if (attachment.refused) {
      parts.push(`_${formatString(strings.notSentAttachment, escapeHtml(what), escapeHtml(attachment.refused))}_`);
      continue;
    }
    parts.push(collapsed(attachment.cut
      ? l10n.t('Attached: {0} (~{1} tokens, cut)', what, attachment.tokens)
      : l10n.t('Attached: {0} (~{1} tokens)', what, attachment.tokens), attachment.text));
  }
  return parts;
}
