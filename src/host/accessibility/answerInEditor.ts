// Open Answer in Editor: an answer as plain Markdown in an untitled editor, where screen readers,
// search, selection and every editor feature work as usual (the webview's rendered text does not
// give a screen reader that). The message id comes from the webview and is checked against the
// open chat: nothing else can be opened through it.
import * as vscode from 'vscode';
import type { Transcript, TranscriptMessage } from '../../shared/protocol';

/**
 * The answer to open: the assistant message `messageId` of `chat`, or, with no id (the command),
 * the newest answer with text. Undefined for an unknown id, a user message or an empty answer.
 */
export function answerToOpen(chat: Transcript, messageId?: string): TranscriptMessage | undefined {
  const answers = chat.messages.filter((message) => message.role === 'assistant' && message.content.length > 0);
  return messageId === undefined ? answers.at(-1) : answers.find((message) => message.id === messageId);
}

/** Opens `markdown` in a new untitled editor with the Markdown language, not as a preview tab. */
export async function openMarkdownInEditor(markdown: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
  return vscode.window.showTextDocument(document, { preview: false });
}
