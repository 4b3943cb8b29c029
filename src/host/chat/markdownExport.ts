import { finishReasonNote } from '../../shared/finishReason';
import { formatModelParameters } from '../../shared/modelParameters';
import type { TranscriptMessage, ErrorInfo, Transcript, Usage } from '../../shared/protocol';

/** A fence longer than any backtick run in `text`, so exported text can never close it early. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return '`'.repeat(longest + 1);
}

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

function formatError(error: ErrorInfo): string {
  const details = [
    error.status !== undefined ? `status ${error.status}` : 'no reply from the server',
    error.type ? `type \`${error.type}\`` : undefined,
    error.code ? `code \`${error.code}\`` : undefined,
  ].filter(Boolean);
  return quote(`**Error** (${details.join(', ')}): ${error.message}`);
}

function formatMessage(message: TranscriptMessage): string {
  const heading = message.role === 'user' ? '## You' : `## Assistant${message.model ? ` (${message.model})` : ''}`;
  const parts = [heading];
  if (message.reasoning) {
    const fence = fenceFor(message.reasoning);
    parts.push(`<details><summary>Reasoning</summary>\n\n${fence}text\n${message.reasoning}\n${fence}\n\n</details>`);
  }
  if (message.content) {
    parts.push(message.content);
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
    parts.push(formatError(message.error));
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
export function transcriptToMarkdown(transcript: Transcript, exportedAt: Date = new Date()): string {
  const models = [...new Set(transcript.messages.map((message) => message.role === 'assistant' ? message.model : undefined).filter(Boolean))];
  const header = [
    `# ${transcript.title.replace(/\s+/g, ' ').trim()}`,
    [
      `- Started: ${new Date(transcript.createdAt).toISOString()}`,
      `- Exported: ${exportedAt.toISOString()}`,
      `- Model${models.length === 1 ? '' : 's'}: ${models.length > 0 ? models.map((model) => `\`${model}\``).join(', ') : '(none)'}`,
    ].join('\n'),
  ];
  const body = transcript.messages.map(formatMessage);
  return `${[...header, ...body].join('\n\n')}\n`;
}

/** A file name for the export: the title reduced to safe characters. */
export function exportFileName(transcript: Transcript): string {
  const slug = transcript.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  return `${slug || 'chat'}.md`;
}
