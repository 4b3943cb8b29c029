/**
 * Request body rules of /chat/completions and /responses (spec sections 2 and 4): a body that
 * breaks them gets 400. Besides the spec's own fields, a few harmless OpenAI optional
 * parameters are tolerated (and ignored) because common clients send them; anything else is
 * "a parameter not accepted by the endpoint".
 */
import { invalidRequest } from './httpError';
import { clip } from './clip';

export type Endpoint = 'chat' | 'responses';

/** A valid model call, reduced to what the server acts on. */
export interface ModelCallRequest {
  endpoint: Endpoint;
  model: string;
  stream: boolean;
  /** max_tokens or max_output_tokens, when given. */
  maxTokens?: number;
  /** Chat streams end with a usage chunk unless stream_options.include_usage is false. */
  includeUsage: boolean;
  /** The roles of the messages or input items, in order (`instructions` count as 'system'). */
  roles: string[];
  /** All the text the model reads, for metering input tokens. */
  promptText: string;
  /** The text of the last user turn (or the input string), which echo models repeat. */
  lastUserText: string;
  /** Function tools offered (chat only; empty when none). */
  tools: ToolSpec[];
  /** The content of the last message when it is a `tool` result (chat only). */
  lastToolResult?: string;
}

export interface ToolSpec {
  name: string;
  /** The JSON schema of the arguments, when given. */
  parameters?: Record<string, unknown>;
}

/** Upper bound on max_tokens / max_output_tokens, standing in for a context limit. */
export const MAX_OUTPUT_TOKENS_LIMIT = 1_000_000;

const TOLERATED_COMMON = ['temperature', 'top_p', 'user', 'metadata', 'seed'];
const CHAT_FIELDS = ['model', 'messages', 'stream', 'max_tokens', 'stream_options', 'presence_penalty',
  'frequency_penalty', 'stop', 'n', 'tools', 'tool_choice', 'parallel_tool_calls', ...TOLERATED_COMMON];
const RESPONSES_FIELDS = ['model', 'input', 'stream', 'max_output_tokens', 'instructions', 'store', ...TOLERATED_COMMON];
const MESSAGE_ROLES = ['system', 'developer', 'user', 'assistant'];
/** Chat messages may also be tool results (OpenAI's wire shape); Responses input items may not. */
const CHAT_MESSAGE_ROLES = [...MESSAGE_ROLES, 'tool'];
/** OpenAI's rule for function names. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

type Json = Record<string, unknown>;

export function validateChatRequest(body: unknown): ModelCallRequest {
  const o = requireObject(body);
  rejectUnknown(o, CHAT_FIELDS, '/chat/completions');
  const model = requireModel(o);
  if (o.messages === undefined) throw invalidRequest('missing_required_parameter', "Missing required parameter: 'messages'.");
  if (!Array.isArray(o.messages) || o.messages.length === 0) {
    throw invalidRequest('invalid_type', "'messages' must be a non-empty array of message objects.");
  }
  const messages = o.messages.map((m, i) => requireMessage(m, `messages[${i}]`));
  const tools = parseTools(o);
  const stream = optionalBoolean(o, 'stream') ?? false;
  const maxTokens = optionalMaxTokens(o, 'max_tokens');
  checkCommonOptions(o);
  checkNumberInRange(o, 'presence_penalty', -2, 2);
  checkNumberInRange(o, 'frequency_penalty', -2, 2);
  if (o.stop !== undefined && o.stop !== null && typeof o.stop !== 'string'
    && !(Array.isArray(o.stop) && o.stop.every((s) => typeof s === 'string'))) {
    throw invalidRequest('invalid_type', "'stop' must be a string or an array of strings.");
  }
  if (o.n !== undefined && o.n !== null && o.n !== 1) {
    throw invalidRequest('unsupported_value', "Only 'n' = 1 is supported.");
  }
  let includeUsage = true;
  if (o.stream_options !== undefined && o.stream_options !== null) {
    if (!stream) throw invalidRequest('invalid_value', "'stream_options' is only allowed when 'stream' is true.");
    const options = o.stream_options;
    if (typeof options !== 'object' || Array.isArray(options)) {
      throw invalidRequest('invalid_type', "'stream_options' must be an object.");
    }
    rejectUnknown(options as Json, ['include_usage'], 'stream_options');
    const include = (options as Json).include_usage;
    if (include !== undefined && typeof include !== 'boolean') {
      throw invalidRequest('invalid_type', "'stream_options.include_usage' must be a boolean.");
    }
    includeUsage = include !== false;
  }
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const last = messages[messages.length - 1];
  return {
    endpoint: 'chat',
    model,
    stream,
    maxTokens,
    roles: messages.map((m) => m.role),
    includeUsage,
    promptText: messages.map((m) => m.content).join('\n'),
    lastUserText: lastUser?.content ?? '',
    tools,
    ...(last.role === 'tool' ? { lastToolResult: last.content } : {}),
  };
}

export function validateResponsesRequest(body: unknown): ModelCallRequest {
  const o = requireObject(body);
  rejectUnknown(o, RESPONSES_FIELDS, '/responses');
  const model = requireModel(o);
  if (o.input === undefined) throw invalidRequest('missing_required_parameter', "Missing required parameter: 'input'.");
  const items = parseInput(o.input);
  const stream = optionalBoolean(o, 'stream') ?? false;
  const maxTokens = optionalMaxTokens(o, 'max_output_tokens');
  checkCommonOptions(o);
  optionalBoolean(o, 'store');
  if (o.instructions !== undefined && o.instructions !== null && typeof o.instructions !== 'string') {
    throw invalidRequest('invalid_type', "'instructions' must be a string.");
  }
  const instructions = typeof o.instructions === 'string' ? [o.instructions] : [];
  const lastUser = [...items].reverse().find((m) => m.role === 'user');
  return {
    endpoint: 'responses',
    model,
    stream,
    maxTokens,
    roles: [...instructions.map(() => 'system'), ...items.map((m) => m.role)],
    includeUsage: true,
    promptText: [...instructions, ...items.map((m) => m.content)].join('\n'),
    lastUserText: lastUser?.content ?? '',
    tools: [],
  };
}

/** `input`: a string, or a non-empty array of {role, content} items whose content is a string or input_text parts. */
function parseInput(input: unknown): { role: string; content: string }[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  if (!Array.isArray(input) || input.length === 0) {
    throw invalidRequest('invalid_type', "'input' must be a string or a non-empty array of input items.");
  }
  return input.map((item, i) => {
    const where = `input[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw invalidRequest('invalid_type', `'${where}' must be an object with 'role' and 'content'.`);
    }
    const o = item as Json;
    rejectUnknown(o, ['type', 'role', 'content'], where);
    if (o.type !== undefined && o.type !== 'message') {
      throw invalidRequest('invalid_value', `'${where}.type' must be 'message'.`);
    }
    const role = requireRole(o.role, where, MESSAGE_ROLES);
    if (typeof o.content === 'string') return { role, content: o.content };
    if (!Array.isArray(o.content)) {
      throw invalidRequest('invalid_type', `'${where}.content' must be a string or an array of input_text parts.`);
    }
    const texts = o.content.map((part, j) => {
      const partWhere = `${where}.content[${j}]`;
      if (typeof part !== 'object' || part === null || Array.isArray(part)) {
        throw invalidRequest('invalid_type', `'${partWhere}' must be an input_text part.`);
      }
      const p = part as Json;
      rejectUnknown(p, ['type', 'text'], partWhere);
      if (p.type !== 'input_text' || typeof p.text !== 'string') {
        throw invalidRequest('invalid_value', `'${partWhere}' must be {"type":"input_text","text":"..."}.`);
      }
      return p.text;
    });
    return { role, content: texts.join('') };
  });
}

function requireObject(body: unknown): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('invalid_type', 'The request body must be a JSON object.');
  }
  return body as Json;
}

function rejectUnknown(o: Json, allowed: string[], where: string): void {
  const unknown = Object.keys(o).find((k) => !allowed.includes(k));
  if (unknown !== undefined) {
    throw invalidRequest('unknown_parameter', `Unrecognized request argument supplied to ${where}: '${clip(unknown)}'.`);
  }
}

function requireModel(o: Json): string {
  if (o.model === undefined) throw invalidRequest('missing_required_parameter', "Missing required parameter: 'model'.");
  if (typeof o.model !== 'string' || o.model === '') {
    throw invalidRequest('invalid_type', "'model' must be a non-empty string.");
  }
  return o.model;
}

function requireMessage(value: unknown, where: string): { role: string; content: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidRequest('invalid_type', `'${where}' must be an object with 'role' and 'content'.`);
  }
  const o = value as Json;
  // `refusal` is tolerated: OpenAI's SDKs send assistant messages back as they received them.
  rejectUnknown(o, ['role', 'content', 'name', 'tool_calls', 'tool_call_id', 'refusal'], where);
  const role = requireRole(o.role, where, CHAT_MESSAGE_ROLES);
  const toolCalls = role === 'assistant' && o.tool_calls !== undefined && o.tool_calls !== null
    ? requireToolCalls(o.tool_calls, `${where}.tool_calls`)
    : undefined;
  if (o.tool_calls !== undefined && o.tool_calls !== null && role !== 'assistant') {
    throw invalidRequest('invalid_value', `'${where}.tool_calls' is only allowed on assistant messages.`);
  }
  // An assistant message that only calls tools may have null content, as OpenAI's do.
  const content = o.content === null && toolCalls !== undefined ? '' : o.content;
  if (typeof content !== 'string') throw invalidRequest('invalid_type', `'${where}.content' must be a string.`);
  if (o.name !== undefined && typeof o.name !== 'string') {
    throw invalidRequest('invalid_type', `'${where}.name' must be a string.`);
  }
  if (role === 'tool') {
    if (typeof o.tool_call_id !== 'string' || o.tool_call_id === '') {
      throw invalidRequest('missing_required_parameter', `'${where}.tool_call_id' is required on tool messages.`);
    }
  } else if (o.tool_call_id !== undefined) {
    throw invalidRequest('invalid_value', `'${where}.tool_call_id' is only allowed on tool messages.`);
  }
  return { role, content };
}

function requireToolCalls(value: unknown, where: string): Json[] {
  if (!Array.isArray(value) || value.length === 0) throw invalidRequest('invalid_type', `'${where}' must be a non-empty array.`);
  return value.map((call, i) => {
    const at = `${where}[${i}]`;
    if (typeof call !== 'object' || call === null || Array.isArray(call)) throw invalidRequest('invalid_type', `'${at}' must be an object.`);
    const c = call as Json;
    rejectUnknown(c, ['id', 'type', 'function'], at);
    const fn = c.function as Json | undefined;
    if (typeof c.id !== 'string' || c.type !== 'function' || typeof fn !== 'object' || fn === null
      || typeof fn.name !== 'string' || typeof fn.arguments !== 'string') {
      throw invalidRequest('invalid_value',
        `'${at}' must be {"id":"...","type":"function","function":{"name":"...","arguments":"..."}}.`);
    }
    return c;
  });
}

/** `tools`: OpenAI function tools; `tool_choice` and `parallel_tool_calls` are accepted as they are. */
function parseTools(o: Json): ToolSpec[] {
  if (o.tools === undefined || o.tools === null) {
    if (o.tool_choice !== undefined && o.tool_choice !== null) {
      throw invalidRequest('invalid_value', "'tool_choice' is only allowed when 'tools' are given.");
    }
    return [];
  }
  if (!Array.isArray(o.tools)) throw invalidRequest('invalid_type', "'tools' must be an array of function tools.");
  if (o.tool_choice !== undefined && o.tool_choice !== null && !['none', 'auto', 'required'].includes(o.tool_choice as string)
    && !(typeof o.tool_choice === 'object' && !Array.isArray(o.tool_choice))) {
    throw invalidRequest('invalid_value', "'tool_choice' must be 'none', 'auto', 'required' or a named function.");
  }
  optionalBoolean(o, 'parallel_tool_calls');
  return o.tools.map((tool, i) => {
    const where = `tools[${i}]`;
    if (typeof tool !== 'object' || tool === null || Array.isArray(tool)) throw invalidRequest('invalid_type', `'${where}' must be an object.`);
    const t = tool as Json;
    rejectUnknown(t, ['type', 'function'], where);
    const fn = t.function as Json | undefined;
    if (t.type !== 'function' || typeof fn !== 'object' || fn === null || Array.isArray(fn)) {
      throw invalidRequest('invalid_value', `'${where}' must be {"type":"function","function":{...}}.`);
    }
    rejectUnknown(fn, ['name', 'description', 'parameters', 'strict'], `${where}.function`);
    if (typeof fn.name !== 'string' || !TOOL_NAME.test(fn.name)) {
      throw invalidRequest('invalid_value', `'${where}.function.name' must be 1 to 64 letters, digits, '_' or '-'.`);
    }
    if (fn.description !== undefined && typeof fn.description !== 'string') {
      throw invalidRequest('invalid_type', `'${where}.function.description' must be a string.`);
    }
    const parameters = fn.parameters;
    if (parameters !== undefined && (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))) {
      throw invalidRequest('invalid_type', `'${where}.function.parameters' must be a JSON schema object.`);
    }
    return { name: fn.name, ...(parameters ? { parameters: parameters as Json } : {}) };
  });
}

function requireRole(role: unknown, where: string, roles: readonly string[]): string {
  if (typeof role !== 'string') throw invalidRequest('invalid_type', `'${where}.role' must be a string.`);
  if (!roles.includes(role)) {
    throw invalidRequest('invalid_value', `'${where}.role' must be one of ${roles.join(', ')}.`);
  }
  return role;
}

function optionalBoolean(o: Json, field: string): boolean | undefined {
  const value = o[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidRequest('invalid_type', `'${field}' must be a boolean.`);
  return value;
}

function optionalMaxTokens(o: Json, field: string): number | undefined {
  const value = o[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalidRequest('invalid_type', `'${field}' must be an integer.`);
  }
  if (value < 1 || value > MAX_OUTPUT_TOKENS_LIMIT) {
    throw invalidRequest('invalid_value', `'${field}' must be between 1 and ${MAX_OUTPUT_TOKENS_LIMIT}.`);
  }
  return value;
}

function checkCommonOptions(o: Json): void {
  checkNumberInRange(o, 'temperature', 0, 2);
  checkNumberInRange(o, 'top_p', 0, 1);
  if (o.user !== undefined && o.user !== null && typeof o.user !== 'string') {
    throw invalidRequest('invalid_type', "'user' must be a string.");
  }
  if (o.seed !== undefined && o.seed !== null && !Number.isInteger(o.seed)) {
    throw invalidRequest('invalid_type', "'seed' must be an integer.");
  }
  const metadata = o.metadata;
  if (metadata !== undefined && metadata !== null
    && (typeof metadata !== 'object' || Array.isArray(metadata)
      || !Object.values(metadata).every((v) => typeof v === 'string'))) {
    throw invalidRequest('invalid_type', "'metadata' must be an object of strings.");
  }
}

function checkNumberInRange(o: Json, field: string, min: number, max: number): void {
  const value = o[field];
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw invalidRequest('invalid_value', `'${field}' must be a number between ${min} and ${max}.`);
  }
}
