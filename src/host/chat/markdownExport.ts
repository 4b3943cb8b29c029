import { cutMarkerText } from '../../shared/contextCutText';
import { finishReasonNote } from '../../shared/finishReason';
import { formatModelParameters } from '../../shared/modelParameters';
import type { TranscriptMessage, ErrorInfo, Transcript, Usage } from '../../shared/protocol';
import type MarkdownIt from 'markdown-it';
import { fenceFor, inertMarkdown, loadPreviewParser } from './inertMarkdown';
import { sentContextMarkdown } from '../attachments/exportAttachments';

function quote(text: string): string {
  return text.split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');
}

function formatUsage(usage: Usage): string | undefined {
  const parts: string[] = [];
  if (usage.inputTokens !== undefined) parts.push(`${usage.inputTokens} input`);
  if (usage.outputTokens !== undefined) parts.push(`${usage.outputTokens} output`);
  if (usage.totalTokens !== undefined) parts.push(`${usage.totalTokens} total`);
  return parts.length > 0 ? `_Tokens: ${parts.join(', ')}_` : undefined;
}

function formatError(error: ErrorInfo, parser: MarkdownIt): string {
  const details = [
    error.status !== undefined ? `status ${error.status}` : 'no reply from the server',
    error.type ? `type \`${error.type}\`` : undefined,
    error.code ? `code \`${error.code}\`` : undefined,
  ].filter(Boolean);
  // Made inert as quoted: the quote is the structure a preview parses.
  return inertMarkdown(quote(`**Error** (${details.join(', ')}): ${error.message}`), parser);
}

function formatMessage(message: TranscriptMessage, parser: MarkdownIt): string {
  const heading = message.role === 'user' ? '## You' : inertMarkdown(`## Assistant${message.model ? ` (${message.model})` : ''}`, parser);
  const parts = [heading, ...sentContextMarkdown(message)];
  if (message.contextCut) {
    parts.push(`_[${cutMarkerText(message.contextCut.omitted)} with this request: left out to fit the context window.]_`);
  }
  if (message.reasoning) {
    const fence = fenceFor(message.reasoning);
    parts.push(`<details><summary>Reasoning</summary>\n\n${fence}text\n${message.reasoning}\n${fence}\n\n</details>`);
  }
  if (message.content) {
    // As the chat shows it: images as links, HTML as text, so a preview of the file loads nothing.
    parts.push(inertMarkdown(message.content, parser));
  } else if (message.role === 'assistant' && message.status !== 'error') {
    parts.push('_(no text)_');
  }
  if (message.status === 'stopped') {
    parts.push('_[Stopped: the answer was interrupted before it finished.]_');
  }
  if (message.finishReason) {
    parts.push(`_[${finishReasonNote(message.finishReason)}]_`);
  }
  if (message.status === 'streaming') {
    parts.push('_[Incomplete: the answer was still streaming when this was exported.]_');
  }
  if (message.error) {
    parts.push(formatError(message.error, parser));
  }
  const usage = message.usage && formatUsage(message.usage);
  if (usage) {
    parts.push(usage);
  }
  const parameters = formatModelParameters(message.parameters);
  if (parameters) {
    parts.push(`_Parameters: ${parameters}_`);
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
  const models = [...new Set(transcript.messages.map((message) => message.role === 'assistant' ? message.model : undefined).filter(Boolean))];
  const header = [
    inertMarkdown(`# ${transcript.title.replace(/\s+/g, ' ').trim()}`, parser),
    inertMarkdown([
      `- Started: ${new Date(transcript.createdAt).toISOString()}`,
      `- Exported: ${exportedAt.toISOString()}`,
      `- Model${models.length === 1 ? '' : 's'}: ${models.length > 0 ? models.map((model) => `\`${model}\``).join(', ') : '(none)'}`,
    ].join('\n'), parser),
  ];
  if (transcript.summary) {
    header.push(inertMarkdown(quote(`**Started from a summary of an earlier chat:**\n\n${transcript.summary}`), parser));
  }
  const body = transcript.messages.map((message) => formatMessage(message, parser));
  return `${[...header, ...body].join('\n\n')}\n`;
}

/** A file name for the export: the title reduced to safe characters. */
export function exportFileName(transcript: Transcript): string {
  const slug = transcript.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  return `${slug || 'chat'}.md`;
}
