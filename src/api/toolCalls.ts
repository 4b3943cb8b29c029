/**
 * Tool calling in OpenAI's chat wire shape. The spec does not list `tools` (its optional
 * parameters are "not shown"), so the client sends them only when a caller passes tools, and
 * reads tool calls tolerantly: streamed `delta.tool_calls` fragments are put together by their
 * `index` (the id and name come with the first fragment, the arguments in pieces), a whole
 * `message.tool_calls` array the same way.
 */
import { isRecord, nonEmptyString } from './json';
import type { WireMessage, ToolCall, ToolDefinition } from './types';

interface PartialCall {
  id?: string;
  name?: string;
  arguments: string;
  /** Order of first appearance, for fragments without an index. */
  order: number;
}

export class ToolCallAssembler {
  private readonly calls = new Map<number, PartialCall>();

  /** One `tool_calls` array (of a delta or a message); anything that is not an array is ignored. */
  add(fragments: unknown): void {
    if (!Array.isArray(fragments)) return;
    fragments.forEach((fragment, position) => {
      if (!isRecord(fragment)) return;
      const index = typeof fragment.index === 'number' && Number.isInteger(fragment.index) ? fragment.index : position;
      let call = this.calls.get(index);
      if (!call) {
        call = { arguments: '', order: this.calls.size };
        this.calls.set(index, call);
      }
      call.id ??= nonEmptyString(fragment.id);
      const fn = isRecord(fragment.function) ? fragment.function : {};
      call.name ??= nonEmptyString(fn.name);
      // Some servers send the arguments as an object instead of JSON text.
      if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
      else if (isRecord(fn.arguments)) call.arguments += JSON.stringify(fn.arguments);
    });
  }

  get size(): number {
    return this.calls.size;
  }

  /**
   * The complete calls in index order. A call without a name cannot be run and is dropped; one
   * without an id gets a generated one, so that its result can still be matched to it.
   */
  complete(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, call]) => call.name !== undefined)
      .map(([index, call]) => ({ id: call.id ?? `call_${index}`, name: call.name ?? '', arguments: call.arguments }));
  }
}

/** A message as OpenAI's chat wire shape has it: tool calls on assistant messages, `tool_call_id` on tool results. */
export function toWireMessage(message: WireMessage): Record<string, unknown> {
  const wire: Record<string, unknown> = { role: message.role, content: message.content };
  if (message.toolCalls && message.toolCalls.length > 0) {
    wire.tool_calls = message.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  if (message.toolCallId !== undefined) wire.tool_call_id = message.toolCallId;
  return wire;
}

export function toWireTools(tools: readonly ToolDefinition[]): unknown[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      // OpenAI requires an object schema; a tool without one takes no arguments.
      parameters: tool.parameters ?? { type: 'object', properties: {} },
    },
  }));
}
