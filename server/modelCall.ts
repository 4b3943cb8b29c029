/**
 * POST /chat/completions and POST /responses, after authentication: parse and validate the body,
 * check the model and the key's rights and limits, bill, then hand over to the reply writer.
 * The order of the checks is the contract: a request refused before billing costs nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallContext } from './callContext';
import { clip } from './clip';
import { replyChat } from './chatReply';
import type { KeyConfig, ModelConfig, ServerConfig } from './config';
import { HttpError, invalidRequest } from './httpError';
import type { Limiter } from './limits';
import { planOutput } from './output';
import { replyResponses } from './responsesReply';
import { countTokens } from './tokens';
import { validateChatRequest, validateResponsesRequest, type Endpoint, type ModelCallRequest } from './validation';

/** Larger bodies get 413: the reference server has no use for megabytes of prompt. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface ModelCallDeps {
  config: ServerConfig;
  limiter: Limiter;
  /** Called as soon as the body names a model, for the request record. */
  noteModel(model: string): void;
  /** Called once the body is valid: what the call asked for, for the request record. */
  noteRequest(request: ModelCallRequest): void;
  bill(delta: { requests?: number; inputTokens?: number; outputTokens?: number }): void;
  markFailed(): void;
  signal: AbortSignal;
}

export async function handleModelCall(endpoint: Endpoint, key: KeyConfig, req: IncomingMessage, res: ServerResponse,
  deps: ModelCallDeps): Promise<void> {
  const body = await readJsonBody(req);
  if (isObject(body) && typeof body.model === 'string') deps.noteModel(body.model);
  const request = endpoint === 'chat' ? validateChatRequest(body) : validateResponsesRequest(body);
  deps.noteRequest(request);

  const model = deps.config.models.find((m) => m.id === request.model);
  if (model === undefined) {
    throw new HttpError(404, 'invalid_request_error', 'model_not_found',
      `The model '${clip(request.model)}' does not exist or you do not have access to it.`);
  }
  checkModelPermitted(key, model);
  if (model.streamOnly === true && !request.stream) {
    throw invalidRequest('stream_required',
      `The model '${model.id}' answers only in streaming form: send "stream": true.`);
  }
  const inputTokens = countTokens(request.promptText);
  checkContextWindow(model, inputTokens, request.maxTokens);
  checkAccount(key);
  const release = deps.limiter.admit(key);
  res.once('close', release);

  if (answeredWithFault(model, res)) return;

  // Model processing starts here, and with it billing.
  deps.bill({ requests: 1, inputTokens });
  const ctx: CallContext = {
    res,
    request,
    model,
    inputTokens,
    signal: deps.signal,
    billOutput: (tokens) => deps.bill({ outputTokens: tokens }),
    markFailed: deps.markFailed,
  };
  const plan = planOutput(model, request);
  await (endpoint === 'chat' ? replyChat(ctx, plan) : replyResponses(ctx, plan));
}

function checkModelPermitted(key: KeyConfig, model: ModelConfig): void {
  const allowed = (key.allowModels === undefined || key.allowModels.includes(model.id))
    && !(key.denyModels ?? []).includes(model.id);
  if (!allowed) {
    throw new HttpError(403, 'permission_error', 'model_not_permitted',
      `This key is not permitted to use the model '${model.id}'.`);
  }
}

/**
 * Prompt plus requested output must fit the model's window. The reply is OpenAI's and vLLM's
 * (400, code `context_length_exceeded`, the limit and the count in the message): the spec shows no
 * shape for it, and this is the one most clients know.
 */
function checkContextWindow(model: ModelConfig, inputTokens: number, maxTokens: number | undefined): void {
  const limit = model.contextWindow?.tokens;
  if (limit === undefined || inputTokens + (maxTokens ?? 0) <= limit) return;
  const asked = maxTokens === undefined
    ? `However, your messages resulted in ${inputTokens} tokens. Please reduce the length of the messages.`
    : `However, you requested ${inputTokens + maxTokens} tokens (${inputTokens} in the messages, ${maxTokens} in the completion). `
      + 'Please reduce the length of the messages or completion.';
  throw invalidRequest('context_length_exceeded', `This model's maximum context length is ${limit} tokens. ${asked}`);
}

function checkAccount(key: KeyConfig): void {
  switch (key.account ?? 'active') {
    case 'active':
      return;
    case 'insufficient_balance':
      throw new HttpError(403, 'permission_error', 'insufficient_balance',
        'The account balance is exhausted. Top it up in the control panel.');
    case 'insufficient_quota':
      throw new HttpError(429, 'insufficient_quota', 'insufficient_quota',
        'You exceeded your current quota. Check your plan and billing details in the control panel.');
  }
}

/** The 5xx fault models fail before the model runs, so they are not billed. True when the reply was sent. */
function answeredWithFault(model: ModelConfig, res: ServerResponse): boolean {
  switch (model.behavior) {
    case 'fault-500':
      throw new HttpError(500, 'server_error', 'internal_error', 'The server had an error while processing your request.');
    case 'fault-503':
      throw new HttpError(503, 'server_error', 'service_unavailable', 'The service is temporarily overloaded. Retry later.');
    case 'fault-502-html': {
      const page = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n'
        + '<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n';
      res.writeHead(502, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(page) });
      res.end(page);
      return true;
    }
    default:
      return false;
  }
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, 'invalid_request_error', 'request_too_large',
        `The request body is larger than ${MAX_BODY_BYTES} bytes.`, { Connection: 'close' });
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidRequest('invalid_json', 'The request body is not valid JSON.');
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
