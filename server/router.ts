/**
 * Every HTTP request enters here: it is recorded, routed, and whatever goes wrong becomes an
 * error envelope. Routes: GET /v1/models, POST /v1/chat/completions, POST /v1/responses, and
 * the observation endpoints under /_admin (no auth, not recorded).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, presentedKey } from './auth';
import { contextWindowListing, type ServerConfig } from './config';
import { clip } from './clip';
import { HttpError } from './httpError';
import { newId } from './ids';
import { maskKey } from './keyHint';
import type { Limiter } from './limits';
import type { Meter, RequestRecord } from './meter';
import { handleModelCall } from './modelCall';
import { sendError, sendJson } from './replies';

export interface RouterDeps {
  config: ServerConfig;
  meter: Meter;
  limiter: Limiter;
  log: (line: string) => void;
  /** Aborts every call in progress when the server shuts down. */
  shutdown: AbortSignal;
  /** Clears records, usage and rate windows (POST /_admin/reset). */
  reset(): void;
}

const ROUTES: Record<string, string> = {
  '/v1/models': 'GET',
  '/v1/chat/completions': 'POST',
  '/v1/responses': 'POST',
};

export function createRouter(deps: RouterDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // Errors of a socket the client tore down are expected; they must not crash the server.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0];
    if (path.startsWith('/_admin/')) return serveAdmin(method, path, res, deps);

    const record = deps.meter.startRequest({
      id: newId('req_'), method, path, model: null, stream: null, maxTokens: null, roles: null, keyHint: null, status: null,
      outcome: 'in-progress', startedAt: Date.now(), endedAt: null,
    });
    res.setHeader('x-request-id', record.id);
    let failed = false;
    const clientGone = new AbortController();
    const onShutdown = (): void => clientGone.abort();
    deps.shutdown.addEventListener('abort', onShutdown, { once: true });
    res.once('close', () => {
      deps.shutdown.removeEventListener('abort', onShutdown);
      clientGone.abort();
      finishRecord(record, res, failed || deps.shutdown.aborted);
      deps.log(describe(record));
    });

    route(method, path, req, res, record, deps, {
      markFailed: () => { failed = true; },
      signal: clientGone.signal,
    }).catch((error: unknown) => {
      if (error instanceof HttpError) return sendError(res, error);
      // The client left while its body was arriving: its record already says client-closed, nothing failed here.
      if (clientGone.signal.aborted && (error as NodeJS.ErrnoException | null)?.code === 'ECONNRESET') return;
      failed = true;
      deps.log(`internal error on ${record.id}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) {
        sendError(res, new HttpError(500, 'server_error', 'internal_error', 'The server had an error while processing your request.'));
      } else {
        res.destroy();
      }
    });
  };
}

async function route(method: string, path: string, req: IncomingMessage, res: ServerResponse, record: RequestRecord,
  deps: RouterDeps, call: { markFailed(): void; signal: AbortSignal }): Promise<void> {
  const allowed = ROUTES[path];
  if (allowed === undefined) {
    throw new HttpError(404, 'invalid_request_error', 'unknown_url', `Invalid URL (${method} ${clip(path)}).`);
  }
  if (method !== allowed) {
    throw new HttpError(405, 'invalid_request_error', 'method_not_allowed',
      `Method ${clip(method)} is not allowed on ${path}; use ${allowed}.`, { Allow: allowed });
  }
  // Auth comes before the body is even read: a refused request reaches nothing and costs nothing.
  const header = req.headers.authorization;
  record.keyHint = header === undefined ? null : hintOf(header);
  const key = authenticate(header, deps.config.keys);
  const keyHint = maskKey(key.key);

  if (path === '/v1/models') {
    return sendJson(res, 200, {
      object: 'list',
      data: deps.config.models.filter((m) => m.listed !== false).map((m) => ({
        ...m.listing, ...contextWindowListing(m), id: m.id, object: 'model', created: 1_700_000_000, owned_by: m.ownedBy ?? 'reference-server',
      })),
    });
  }
  await handleModelCall(path === '/v1/chat/completions' ? 'chat' : 'responses', key, req, res, {
    config: deps.config,
    limiter: deps.limiter,
    noteModel: (model) => { record.model = clip(model); },
    noteRequest: (request) => {
      record.stream = request.stream;
      record.maxTokens = request.maxTokens ?? null;
      record.roles = request.roles.map((role) => clip(role));
    },
    bill: (delta) => deps.meter.bill(keyHint, delta),
    markFailed: call.markFailed,
    signal: call.signal,
  });
}

function serveAdmin(method: string, path: string, res: ServerResponse, deps: RouterDeps): void {
  if (method === 'GET' && path === '/_admin/requests') return sendJson(res, 200, deps.meter.requests());
  if (method === 'GET' && path === '/_admin/usage') return sendJson(res, 200, deps.meter.usage());
  if (method === 'POST' && path === '/_admin/reset') {
    deps.reset();
    return sendJson(res, 200, { ok: true });
  }
  sendError(res, new HttpError(404, 'invalid_request_error', 'unknown_url', `Invalid URL (${method} ${clip(path)}).`));
}

/** The masked key a header presents, or null when it presents none in the Bearer format. */
function hintOf(header: string): string | null {
  try {
    return maskKey(presentedKey(header));
  } catch {
    return null;
  }
}

function finishRecord(record: RequestRecord, res: ServerResponse, failed: boolean): void {
  record.endedAt = Date.now();
  record.status = res.headersSent ? res.statusCode : null;
  if (failed) record.outcome = 'error';
  else if (!res.writableFinished) record.outcome = 'client-closed';
  else record.outcome = res.statusCode >= 400 ? 'error' : 'completed';
}

function describe(r: RequestRecord): string {
  return `${r.method} ${r.path} model=${r.model ?? '-'} key=${r.keyHint ?? '-'} status=${r.status ?? '-'} `
    + `${r.outcome} ${(r.endedAt ?? Date.now()) - r.startedAt}ms ${r.id}`;
}
