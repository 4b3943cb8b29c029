// Open Answer in Editor: an answer as plain Markdown in an untitled editor, where screen readers,
// search, selection and every editor feature work as usual (the webview's rendered text does not
// give a screen reader that). The message id comes from the webview and is checked against the
// open chat: nothing else can be opened through it.
import * as vscode from 'vscode';
import type { Transcript, TranscriptMessage } from '../../shared/protocol';
import { openUntitledWithText } from '../util/untitledDocument';

/**
 * The answer to open: the assistant message `messageId` of `chat`, or, with no id (the command),
 * the newest answer with text. Undefined for an unknown id, a user message or an empty answer.
 */
export function answerToOpen(chat: Transcript, messageId?: string): TranscriptMessage | undefined {
  const answers = chat.messages.filter((message) => message.role === 'assistant' && message.content.length > 0);
  return messageId === undefined ? answers.at(-1) : answers.find((message) => message.id === messageId);
}

/** Answers opened so far in this extension host: each gets a name of its own. */
let opened = 0;

/**
 * Opens `markdown` in a new untitled editor with the Markdown language, not as a preview tab, named `Answer N.md`: a
 * name never used before in this extension host, so no closed `Untitled-1` can come back with the answer before
 * (untitledDocument.ts); one still open (restored by a reload, whose extension host counts from 1 again) is skipped.
 */
export async function openMarkdownInEditor(markdown: string): Promise<vscode.TextEditor> {
  const inUse = new Set(vscode.workspace.textDocuments.map((document) => document.uri.toString()));
  let uri: vscode.Uri;
  do {
    uri = vscode.Uri.from({ scheme: 'untitled', path: vscode.l10n.t('Answer {0}.md', ++opened) });
  } while (inUse.has(uri.toString()));
  const document = await openUntitledWithText(uri, markdown, 'markdown');
  if (!document) throw new Error(vscode.l10n.t('Could not open the answer in an editor: {0} does not hold it.', uri.path));
  return vscode.window.showTextDocument(document, { preview: false });
}
