// VS Code's chat request messages → the API's chat messages. Pure and structural (no vscode
// import): parts are recognised by their fields, as the classes' instances cross the extension
// host boundary and as plain Node tests build them.
import type { ToolCall, WireMessage } from '../../api';
import { isRecord } from '../../util/isRecord';
import { estimateTokens as estimateTextTokens } from '../../shared/estimateTokens';

/** vscode.LanguageModelChatMessageRole: User = 1, Assistant = 2, System = 3 (newer editors). */
const ROLE_NAMES: Readonly<Record<number, string>> = { 1: 'user', 2: 'assistant', 3: 'system' };

export interface RequestMessageLike {
  readonly role: number;
  readonly content: ReadonlyArray<unknown>;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

function isToolCallPart(part: unknown): part is { callId: string; name: string; input: unknown } {
  const p = record(part);
  return p !== undefined && typeof p.callId === 'string' && typeof p.name === 'string' && 'input' in p;
}

function isToolResultPart(part: unknown): part is { callId: string; content: ReadonlyArray<unknown> } {
  const p = record(part);
  return p !== undefined && typeof p.callId === 'string' && Array.isArray(p.content);
}

function textOf(part: unknown): string | undefined {
  const p = record(part);
  return p !== undefined && typeof p.value === 'string' && !('callId' in p) ? p.value : undefined;
}

/** A tool result's text: its text parts joined; other parts (images, prompt-tsx pieces) are described as JSON when they are plain data. */
function toolResultText(content: ReadonlyArray<unknown>): string {
  return content
    .map((part) => {
      const text = textOf(part);
      if (text !== undefined) return text;
      const p = record(part);
      // A LanguageModelDataPart: its bytes are not text the model can read here.
      if (p && p.data instanceof Uint8Array) return `[${typeof p.mimeType === 'string' ? p.mimeType : 'binary'} data omitted]`;
      return '';
    })
    .join('');
}

/**
 * One VS Code message can turn into several API messages: tool results become `tool` messages,
 * which must come right after the assistant message that called the tools (OpenAI's rule), so
 * they go first, before any text of the same message. Parts the API cannot carry (images,
 * thinking) are left out.
 */
export function toApiMessages(messages: readonly RequestMessageLike[]): WireMessage[] {
  const out: WireMessage[] = [];
  for (const message of messages) {
    const role = ROLE_NAMES[message.role] ?? 'user';
    let text = '';
    const toolCalls: ToolCall[] = [];
    for (const part of message.content) {
      if (isToolCallPart(part)) {
        toolCalls.push({ id: part.callId, name: part.name, arguments: JSON.stringify(part.input ?? {}) });
      } else if (isToolResultPart(part)) {
        out.push({ role: 'tool', toolCallId: part.callId, content: toolResultText(part.content) });
      } else {
        text += textOf(part) ?? '';
      }
    }
    if (role === 'assistant' && toolCalls.length > 0) {
      out.push({ role, content: text, toolCalls });
    } else if (text !== '') {
      out.push({ role, content: text });
    }
  }
  return out;
}

/** An estimate through the extension's one estimator (the service's tokenizer is not known here). */
export function estimateTokens(input: string | RequestMessageLike): number {
  const text = typeof input === 'string'
    ? input
    : input.content.map((part) => textOf(part) ?? (isToolCallPart(part) ? JSON.stringify(part.input) : isToolResultPart(part) ? toolResultText(part.content) : '')).join('');
  return estimateTextTokens(text);
}
