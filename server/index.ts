/**
 * The reference server: a local, faithful implementation of the Model Access API spec
 * (/work/shared/model-access-api-spec.md) for tests, `npm start` and trying the extension
 * without an account. See server/README.md.
 */
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { defaultConfig, type ServerConfig } from './config';
import { maskKey } from './keyHint';
import { Limiter } from './limits';
import { Meter, type RequestRecord, type Usage } from './meter';
import { createRouter } from './router';

export interface ReferenceServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  config?: ServerConfig;
  /** One line per finished request (never a full key). Default: silent. */
  log?: (line: string) => void;
  /** The clock of the rate windows (epoch ms). Default Date.now; tests pass their own to be independent of load. */
  now?: () => number;
  /** Serve HTTPS with this PEM key and certificate (for tests of proxies and private CAs). Default: plain HTTP. */
  tls?: { key: string; cert: string };
}

export interface ReferenceServer {
  /** http://HOST:PORT/v1 (https:// with the tls option) */
  baseUrl: string;
  port: number;
  /** Every request so far (oldest first), including those still in progress. */
  requests(): RequestRecord[];
  /** Billed usage per masked key. */
  usage(): Record<string, Usage>;
  /** Forgets requests, usage and rate windows (as POST /_admin/reset does). */
  reset(): void;
  /** Stops listening and destroys open connections, streams in progress included. */
  close(): Promise<void>;
}

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const config = options.config ?? defaultConfig;
  const host = options.host ?? '127.0.0.1';
  const meter = new Meter(config.keys.map((k) => maskKey(k.key)));
  const limiter = new Limiter(options.now);
  const shutdown = new AbortController();
  const reset = (): void => {
    meter.reset();
    limiter.resetRates();
  };
  const router = createRouter({
    config, meter, limiter, shutdown: shutdown.signal, reset, log: options.log ?? (() => undefined),
  });
  const server = options.tls ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, router) : createServer(router);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    baseUrl: `${options.tls ? 'https' : 'http'}://${urlHost(host)}:${port}/v1`,
    port,
    requests: () => meter.requests(),
    usage: () => meter.usage(),
    reset,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        shutdown.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** The host as a URL names it: wildcard addresses become loopback, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

export { defaultConfig, parseServerConfig, ConfigError } from './config';
export type { ServerConfig, KeyConfig, ModelConfig, ModelBehavior, AccountState } from './config';
export type { RequestRecord, RequestOutcome, Usage } from './meter';
export { maskKey } from './keyHint';
export { splitIntoTokens } from './tokens';
