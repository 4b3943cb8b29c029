/**
 * What the reference server serves: its keys and models. The default below is what
 * `npm run server` uses; `--config FILE` replaces it with a JSON file of the same shape
 * (documented in server/README.md, which a test keeps in step with `defaultConfig`).
 */

/** What a model does when called. */
export type ModelBehavior =
  /** Replies with the text of the last user message (or the `input` string). */
  | 'echo'
  /**
   * Chat only. With `tools` in the request, calls the first tool (its first string parameter gets
   * the last user text); after a `tool` result message, answers with that result; otherwise echoes.
   */
  | 'tools'
  /** Streams reasoning text first, then the echo answer. */
  | 'reasoning-echo'
  /** A fixed markdown answer: headings, a list, a table, a link, fenced code in two languages. */
  | 'showcase'
  /** Endless filler words, cut at max_tokens (or the model's defaultMaxTokens). */
  | 'lorem'
  /** Streams the echo text, then an error object inside the 200 stream. */
  | 'fault-midstream-error'
  /** Streams the echo text, then destroys the socket (no finish reason, no [DONE]). */
  | 'fault-drop'
  /** Streams the echo text and a finish reason, then ends the body without [DONE]. */
  | 'fault-no-done'
  /** Answers 500 with a JSON error envelope. */
  | 'fault-500'
  /** Answers 503 with a JSON error envelope. */
  | 'fault-503'
  /** Answers 502 with an HTML page, as a misbehaving proxy would. */
  | 'fault-502-html'
  /** Opens the stream, then sends only SSE comments (`: ping`), never data, until the client leaves. */
  | 'fault-keepalive-only'
  /** Streams the echo text, then only SSE comments, never a finish reason, until the client leaves. */
  | 'fault-stall';

export const MODEL_BEHAVIORS: readonly ModelBehavior[] = [
  'echo', 'tools', 'reasoning-echo', 'showcase', 'lorem',
  'fault-midstream-error', 'fault-drop', 'fault-no-done', 'fault-500', 'fault-503', 'fault-502-html',
  'fault-keepalive-only', 'fault-stall',
];

export interface ModelConfig {
  id: string;
  behavior: ModelBehavior;
  /** Whether GET /models shows it (default true). Unlisted models can still be called. */
  listed?: boolean;
  /** Refuse requests without `stream: true` with 400 `stream_required` (default false). */
  streamOnly?: boolean;
  /** Pause before each streamed token, in milliseconds (default 0: as fast as the socket takes it). */
  tokenIntervalMs?: number;
  /**
   * Stream at this pace, in tokens per second, the way real servers send them (default: no pace).
   * For rates above 1,000 several tokens go out per millisecond; the pace holds on average.
   */
  tokensPerSecond?: number;
  /** Output tokens when the request sets no max_tokens / max_output_tokens (default: no bound). */
  defaultMaxTokens?: number;
  /** `owned_by` in the model list (default "reference-server"). */
  ownedBy?: string;
  /**
   * More fields of the model's record in GET /models, as real servers add them (context sizes
   * under their various names, capabilities). The server itself does not act on them.
   */
  listing?: Record<string, unknown>;
  /**
   * The model's context window, enforced: a request whose prompt tokens plus its max_tokens /
   * max_output_tokens exceed `tokens` gets 400 `context_length_exceeded`. `field` is the (dotted)
   * path under which GET /models lists the size, as real servers name it differently; without it
   * the size is not listed, like servers that do not say.
   */
  contextWindow?: { tokens: number; field?: string };
}

/** Account state of a key; anything but 'active' refuses model calls (listing models still works). */
export type AccountState =
  | 'active'
  /** 403 `insufficient_balance`. */
  | 'insufficient_balance'
  /** 429 `insufficient_quota`, without Retry-After: waiting will not help. */
  | 'insufficient_quota';

export const ACCOUNT_STATES: readonly AccountState[] = ['active', 'insufficient_balance', 'insufficient_quota'];

export interface KeyConfig {
  key: string;
  /** Account state (default 'active'). */
  account?: AccountState;
  /** Only these models may be called (default: every model). */
  allowModels?: string[];
  /** These models answer 403 `model_not_permitted` (default: none). */
  denyModels?: string[];
  /** Model calls in flight at once; one more gets 429 `rate_limit_exceeded` (default: no limit). */
  maxConcurrent?: number;
  /** Model calls admitted per sliding second; one more gets 429 `rate_limit_exceeded` (default: no limit). */
  requestsPerSecond?: number;
}

export interface ServerConfig {
  keys: KeyConfig[];
  models: ModelConfig[];
}

export const defaultConfig: ServerConfig = {
  keys: [
    { key: 'demo-key', denyModels: ['restricted-1'] },
    { key: 'limited-key', denyModels: ['restricted-1'], maxConcurrent: 1, requestsPerSecond: 2 },
    { key: 'empty-key', account: 'insufficient_balance', denyModels: ['restricted-1'] },
    { key: 'quota-key', account: 'insufficient_quota', denyModels: ['restricted-1'] },
  ],
  models: [
    { id: 'echo-1', behavior: 'echo', contextWindow: { tokens: 32768, field: 'context_length' } },
    { id: 'stream-only-1', behavior: 'echo', streamOnly: true },
    { id: 'showcase-1', behavior: 'showcase', contextWindow: { tokens: 8192, field: 'n_ctx' } },
    { id: 'firehose-1', behavior: 'lorem', defaultMaxTokens: 2000 },
    // Large: VS Code's own chat sends slow-1 its whole agent prompt (the Stop test there).
    { id: 'slow-1', behavior: 'lorem', tokenIntervalMs: 100, defaultMaxTokens: 300, contextWindow: { tokens: 131072, field: 'top_provider.context_length' } },
    { id: 'restricted-1', behavior: 'echo' },
    { id: 'reasoning-1', behavior: 'reasoning-echo', listing: { max_output_tokens: 8192 }, contextWindow: { tokens: 65536, field: 'context_window' } },
    { id: 'tools-1', behavior: 'tools', listing: { supported_parameters: ['tools', 'tool_choice'] }, contextWindow: { tokens: 16384, field: 'max_model_len' } },
    // Small windows, for the client's context-window handling: one listed, one the server keeps to itself.
    { id: 'small-context-1', behavior: 'echo', contextWindow: { tokens: 400, field: 'max_context_length' } },
    { id: 'hidden-context-1', behavior: 'echo', contextWindow: { tokens: 400 } },
    { id: 'fault-midstream-error', behavior: 'fault-midstream-error', listed: false },
    { id: 'fault-drop', behavior: 'fault-drop', listed: false },
    { id: 'fault-no-done', behavior: 'fault-no-done', listed: false },
    { id: 'fault-500', behavior: 'fault-500', listed: false },
    { id: 'fault-503', behavior: 'fault-503', listed: false },
    { id: 'fault-502-html', behavior: 'fault-502-html', listed: false },
    { id: 'fault-keepalive-only', behavior: 'fault-keepalive-only', listed: false, streamOnly: true },
    { id: 'fault-stall', behavior: 'fault-stall', listed: false, streamOnly: true },
  ],
};

/** Behaviours that repeat the caller's text: the ones `withPace` paces. */
const ECHO_BEHAVIORS: readonly ModelBehavior[] = ['echo', 'reasoning-echo'];

/** `config` with every echo model streaming at `tokensPerSecond` (`--pace N`; benchmarks of paced answers). */
export function withPace(config: ServerConfig, tokensPerSecond: number): ServerConfig {
  if (!Number.isSafeInteger(tokensPerSecond) || tokensPerSecond < 1) {
    throw new ConfigError('the pace must be a whole number of tokens per second, 1 or more');
  }
  return {
    keys: config.keys,
    models: config.models.map((model) => (ECHO_BEHAVIORS.includes(model.behavior) ? { ...model, tokensPerSecond } : model)),
  };
}

/** Thrown for a configuration that does not have the documented shape. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Checks an untrusted value (parsed JSON) against the documented shape and returns it typed. */
export function parseServerConfig(value: unknown): ServerConfig {
  const root = asObject(value, 'the configuration');
  allowOnly(root, ['keys', 'models'], 'the configuration');
  const keys = asArray(root.keys, '"keys"').map((item, i) => parseKey(item, `keys[${i}]`));
  const models = asArray(root.models, '"models"').map((item, i) => parseModel(item, `models[${i}]`));
  rejectDuplicates(keys.map((k) => k.key), 'key');
  rejectDuplicates(models.map((m) => m.id), 'model id');
  return { keys, models };
}

function parseKey(value: unknown, where: string): KeyConfig {
  const o = asObject(value, where);
  allowOnly(o, ['key', 'account', 'allowModels', 'denyModels', 'maxConcurrent', 'requestsPerSecond'], where);
  const key = asString(o.key, `${where}.key`);
  if (key === '' || /[\s\p{Cc}]/u.test(key)) {
    throw new ConfigError(`${where}.key must be non-empty and contain no whitespace or control characters`);
  }
  const parsed: KeyConfig = { key };
  if (o.account !== undefined) {
    if (!ACCOUNT_STATES.includes(o.account as AccountState)) {
      throw new ConfigError(`${where}.account must be one of ${ACCOUNT_STATES.join(', ')}`);
    }
    parsed.account = o.account as AccountState;
  }
  if (o.allowModels !== undefined) parsed.allowModels = asStringArray(o.allowModels, `${where}.allowModels`);
  if (o.denyModels !== undefined) parsed.denyModels = asStringArray(o.denyModels, `${where}.denyModels`);
  if (o.maxConcurrent !== undefined) parsed.maxConcurrent = asPositiveInteger(o.maxConcurrent, `${where}.maxConcurrent`);
  if (o.requestsPerSecond !== undefined) {
    parsed.requestsPerSecond = asPositiveInteger(o.requestsPerSecond, `${where}.requestsPerSecond`);
  }
  return parsed;
}

function parseModel(value: unknown, where: string): ModelConfig {
  const o = asObject(value, where);
  allowOnly(o, ['id', 'behavior', 'listed', 'streamOnly', 'tokenIntervalMs', 'tokensPerSecond', 'defaultMaxTokens', 'ownedBy', 'listing', 'contextWindow'], where);
  const id = asString(o.id, `${where}.id`);
  if (id === '') throw new ConfigError(`${where}.id must not be empty`);
  if (!MODEL_BEHAVIORS.includes(o.behavior as ModelBehavior)) {
    throw new ConfigError(`${where}.behavior must be one of ${MODEL_BEHAVIORS.join(', ')}`);
  }
  const parsed: ModelConfig = { id, behavior: o.behavior as ModelBehavior };
  if (o.listed !== undefined) parsed.listed = asBoolean(o.listed, `${where}.listed`);
  if (o.streamOnly !== undefined) parsed.streamOnly = asBoolean(o.streamOnly, `${where}.streamOnly`);
  if (o.tokenIntervalMs !== undefined) {
    parsed.tokenIntervalMs = asNonNegativeInteger(o.tokenIntervalMs, `${where}.tokenIntervalMs`);
  }
  if (o.tokensPerSecond !== undefined) {
    parsed.tokensPerSecond = asPositiveInteger(o.tokensPerSecond, `${where}.tokensPerSecond`);
  }
  if (o.defaultMaxTokens !== undefined) {
    parsed.defaultMaxTokens = asPositiveInteger(o.defaultMaxTokens, `${where}.defaultMaxTokens`);
  }
  if (o.ownedBy !== undefined) parsed.ownedBy = asString(o.ownedBy, `${where}.ownedBy`);
  if (o.listing !== undefined) {
    const listing = asObject(o.listing, `${where}.listing`);
    // The record's own fields stay the server's: a listing cannot rename or hide a model.
    const reserved = Object.keys(listing).filter((k) => ['id', 'object', 'created', 'owned_by'].includes(k));
    if (reserved.length > 0) throw new ConfigError(`${where}.listing must not set ${reserved.join(', ')}`);
    parsed.listing = listing;
  }
  if (o.contextWindow !== undefined) {
    const window = asObject(o.contextWindow, `${where}.contextWindow`);
    allowOnly(window, ['tokens', 'field'], `${where}.contextWindow`);
    const tokens = asPositiveInteger(window.tokens, `${where}.contextWindow.tokens`);
    if (window.field === undefined) {
      parsed.contextWindow = { tokens };
    } else {
      const field = asString(window.field, `${where}.contextWindow.field`);
      if (!/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/.test(field) || ['id', 'object', 'created', 'owned_by'].includes(field.split('.')[0])) {
        throw new ConfigError(`${where}.contextWindow.field must be a dotted field name other than id, object, created or owned_by`);
      }
      parsed.contextWindow = { tokens, field };
    }
  }
  return parsed;
}

/** The model's record fields that list its context window (none when it keeps it to itself). */
export function contextWindowListing(model: ModelConfig): Record<string, unknown> {
  const field = model.contextWindow?.field;
  if (model.contextWindow === undefined || field === undefined) return {};
  const parts = field.split('.');
  let value: unknown = model.contextWindow.tokens;
  for (const part of parts.reverse()) value = { [part]: value };
  return value as Record<string, unknown>;
}

function asObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${where} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

function allowOnly(o: Record<string, unknown>, allowed: string[], where: string): void {
  const unknown = Object.keys(o).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) throw new ConfigError(`${where} has unknown field(s): ${unknown.join(', ')}`);
}

function asArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new ConfigError(`${where} must be an array`);
  return value;
}

function asString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ConfigError(`${where} must be a string`);
  return value;
}

function asStringArray(value: unknown, where: string): string[] {
  return asArray(value, where).map((item, i) => asString(item, `${where}[${i}]`));
}

function asBoolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw new ConfigError(`${where} must be true or false`);
  return value;
}

function asNonNegativeInteger(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ConfigError(`${where} must be a whole number, 0 or more`);
  }
  return value;
}

function asPositiveInteger(value: unknown, where: string): number {
  if (asNonNegativeInteger(value, where) === 0) throw new ConfigError(`${where} must be 1 or more`);
  return value as number;
}

function rejectDuplicates(values: string[], what: string): void {
  const seen = new Set<string>();
  for (const v of values) {
    // A duplicate key is reported without the key itself: config errors may end up in logs.
    if (seen.has(v)) throw new ConfigError(what === 'key' ? 'a key appears twice' : `${what} "${v}" appears twice`);
    seen.add(v);
  }
}
