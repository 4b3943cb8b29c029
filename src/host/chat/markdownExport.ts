import * as l10n from '@vscode/l10n';
import { cutMarkerText } from '../../shared/contextCutText';
import { finishReasonNote } from '../../shared/finishReason';
import { formatModelParameters } from '../../shared/modelParameters';
import type { TranscriptMessage, ErrorInfo, Transcript, Usage } from '../../shared/protocol';
import { formatString, type WebviewStrings } from '../../shared/webviewStrings';
import type MarkdownIt from 'markdown-it';
import { fenceFor, inertMarkdown, loadPreviewParser } from './inertMarkdown';
import { localizedWebviewStrings } from '../l10n/webviewStrings';
import { sentContextMarkdown } from '../attachments/exportAttachments';

function quote(text: string): string {
  return text.split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');
}

function formatUsage(usage: Usage): string | undefined {
  const parts: string[] = [];
  if (usage.inputTokens !== undefined) parts.push(l10n.t('{0} input', usage.inputTokens));
  if (usage.outputTokens !== undefined) parts.push(l10n.t('{0} output', usage.outputTokens));
  if (usage.totalTokens !== undefined) parts.push(l10n.t('{0} total', usage.totalTokens));
  return parts.length > 0 ? `_${l10n.t('Tokens: {0}', parts.join(', '))}_` : undefined;
}

function formatError(error: ErrorInfo, parser: MarkdownIt): string {
  const details = [
    error.status !== undefined ? l10n.t('status {0}', error.status) : l10n.t('no reply from the server'),
    error.type ? l10n.t('type {0}', `\`${error.type}\``) : undefined,
    error.code ? l10n.t('code {0}', `\`${error.code}\``) : undefined,
  ].filter(Boolean);
  // Made inert as quoted: the quote is the structure a preview parses.
  return inertMarkdown(quote(`**${l10n.t('Error')}** (${details.join(', ')}): ${error.message}`), parser);
}

function formatMessage(message: TranscriptMessage, parser: MarkdownIt, strings: WebviewStrings): string {
  const heading = message.role === 'user'
    ? `## ${strings.you}`
    : inertMarkdown(`## ${strings.assistant}${message.model ? ` (${message.model})` : ''}`, parser);
  const parts = [heading, ...sentContextMarkdown(message, strings)];
  if (message.contextCut) {
    parts.push(`_[${l10n.t('{0} with this request: left out to fit the context window.', cutMarkerText(message.contextCut.omitted, strings))}]_`);
  }
  if (message.reasoning) {
    const fence = fenceFor(message.reasoning);
    parts.push(`<details><summary>${strings.reasoning}</summary>\n\n${fence}text\n${message.reasoning}\n${fence}\n\n</details>`);
  }
  if (message.content) {
    // As the chat shows it: images as links, HTML as text, so a preview of the file loads nothing.
    parts.push(inertMarkdown(message.content, parser));
  } else if (message.role === 'assistant' && message.status !== 'error') {
    parts.push(`_${l10n.t('(no text)')}_`);
  }
  if (message.status === 'stopped') {
    parts.push(`_[${l10n.t('Stopped: the answer was interrupted before it finished.')}]_`);
  }
  if (message.finishReason) {
    parts.push(`_[${finishReasonNote(message.finishReason, strings)}]_`);
  }
  if (message.status === 'streaming') {
    parts.push(`_[${l10n.t('Incomplete: the answer was still streaming when this was exported.')}]_`);
  }
  if (message.error) {
    parts.push(formatError(message.error, parser));
  }
  const usage = message.usage && formatUsage(message.usage);
  if (usage) {
    parts.push(usage);
  }
  const parameters = formatModelParameters(message.parameters, strings);
  if (parameters) {
    parts.push(`_${formatString(strings.parameters, parameters)}_`);
  }
  return parts.join('\n\n');
}

/**
 * The chat as a Markdown document: title, when it was held, the models that answered, then every
 * message with its errors, stop markers and token usage. Built only from the transcript, which
 * never holds the API key.
 */
export async function transcriptToMarkdown(transcript: Transcript, exportedAt: Date = new Date()): Promise<string> {
  const parser = await loadPreviewParser();
  // The export's words are the chat view's where they are the same (You, Assistant, Reasoning, why an answer ended, an untitled chat).
  const strings = localizedWebviewStrings();
  const models = [...new Set(transcript.messages.map((message) => message.role === 'assistant' ? message.model : undefined).filter(Boolean))];
  const header = [
    inertMarkdown(`# ${transcript.title.replace(/\s+/g, ' ').trim() || strings.untitledChat}`, parser),
    inertMarkdown([
      `- ${l10n.t('Started: {0}', new Date(transcript.createdAt).toISOString())}`,
      `- ${l10n.t('Exported: {0}', exportedAt.toISOString())}`,
      `- ${models.length === 1 ? l10n.t('Model: {0}', `\`${models[0]}\``)
        : models.length > 1 ? l10n.t('Models: {0}', models.map((model) => `\`${model}\``).join(', ')) : l10n.t('Models: (none)')}`,
    ].join('\n'), parser),
  ];
  if (transcript.summary) {
    header.push(inertMarkdown(quote(`**${l10n.t('Started from a summary of an earlier chat:')}**\n\n${transcript.summary}`), parser));
  }
  const body = transcript.messages.map((message) => formatMessage(message, parser, strings));
  return `${[...header, ...body].join('\n\n')}\n`;
}

/** A file name for the export: the title reduced to safe characters. */
export function exportFileName(transcript: Transcript): string {
  const slug = transcript.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  return `${slug || 'chat'}.md`;
}
