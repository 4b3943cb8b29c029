// What a user message carried besides its text: the project instructions (a system message) and the
// attached files, each collapsed under its name and size, expandable to the exact text that was sent.
import type { TranscriptMessage } from '../../shared/protocol';
import { el, icon } from '../dom';
import { t } from '../strings';

function collapsed(doc: Document, className: string, iconName: string, summary: string, text: string): HTMLElement {
  return el(doc, 'details', { className },
    el(doc, 'summary', {}, icon(doc, iconName), el(doc, 'span', { text: summary })),
    el(doc, 'pre', { className: 'sent-text', text }));
}

/** The blocks shown above a user message's text; undefined when it carried nothing. */
export function renderSentContext(doc: Document, message: TranscriptMessage): HTMLElement | undefined {
  const parts: HTMLElement[] = [];
  const { instructions } = message;
  if (instructions && typeof instructions.text === 'string') {
    parts.push(collapsed(doc, 'sent-instructions', 'book', t('sentInstructions', (instructions.paths ?? []).join(', '), instructions.tokens), instructions.text));
  }
  for (const attachment of Array.isArray(message.attachments) ? message.attachments : []) {
    const name = attachment.kind === 'problems' ? t('problemsIn', attachment.path) : attachment.path;
    if (attachment.refused) {
      parts.push(el(doc, 'div', { className: 'sent-attachment refused', text: t('notSentAttachment', name, attachment.refused) }));
      continue;
    }
    const details = collapsed(doc, 'sent-attachment', attachment.kind === 'problems' ? 'warning' : 'file',
      attachment.cut ? t('sentAttachmentCut', name, attachment.tokens) : t('sentAttachment', name, attachment.tokens), attachment.text);
    details.classList.toggle('cut', attachment.cut !== undefined);
    parts.push(details);
  }
  return parts.length > 0 ? el(doc, 'div', { className: 'sent-context' }, ...parts) : undefined;
}
