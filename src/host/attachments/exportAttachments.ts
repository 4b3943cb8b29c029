// Pure (no vscode): a user message's instructions and attachments in the Markdown export, each
// collapsed under a line naming it, with the exact text that was sent inside a fence that nothing in
// it can close (so the export shows it verbatim and a preview renders nothing of it as Markdown).
import type { TranscriptMessage } from '../../shared/protocol';
import { fenceFor } from '../chat/inertMarkdown';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function collapsed(summary: string, body: string): string {
  const fence = fenceFor(body);
  return `<details><summary>${escapeHtml(summary)}</summary>\n\n${fence}text\n${body}\n${fence}\n\n</details>`;
}

/** The blocks that go before the user's text in the export (none for a message without them). */
export function sentContextMarkdown(message: TranscriptMessage): string[] {
  const parts: string[] = [];
  if (message.instructions) {
    parts.push(collapsed(`System message: project instructions (${message.instructions.paths.join(', ')}, ~${message.instructions.tokens} tokens)`, message.instructions.text));
  }
  for (const attachment of message.attachments ?? []) {
    const what = attachment.kind === 'problems' ? `Problems in ${attachment.path}` : attachment.path;
    if (attachment.refused) {
      parts.push(`_Not sent: ${escapeHtml(what)} (${escapeHtml(attachment.refused)})_`);
      continue;
    }
    parts.push(collapsed(`Attached: ${what} (~${attachment.tokens} tokens${attachment.cut ? ', cut' : ''})`, attachment.text));
  }
  return parts;
}
