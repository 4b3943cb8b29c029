import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_TYPES, tidyMessage } from './errors';
import type { NetworkHintKind, NetworkOptions } from './types';

/** Node's codes for a chain that does not end in a trusted CA (a TLS-inspecting firewall, a private CA). */
const UNTRUSTED_CERTIFICATE_CODES = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
/** Trusted chain, wrong certificate: adding a CA does not help. */
const INVALID_CERTIFICATE_CODES = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_REVOKED']);
/** Failures to open a connection: with a proxy, they concern the proxy (it opens the one to the server). */
const CONNECT_FAILURE_CODES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'its host name was not found',
  EAI_AGAIN: 'its host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'its host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
};

/**
 * The status of a proxy's refusal to open a tunnel. undici reports it only in the message of its
 * error ("Proxy response (407) !== 200 when HTTP Tunneling", "Proxy Authentication Required (407)"),
 * so this is the one place that reads it.
 */
export function proxyReplyStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^Proxy (?:response \((\d{3})\)|Authentication Required \((\d{3})\))/.exec(error.message);
  return match ? Number(match[1] ?? match[2]) : undefined;
}

/**
 * The ApiError for a failure that the route explains (the proxy, the certificate), or undefined
 * when it is an ordinary network failure. `code` is the failure's code as the transport read it.
 */
export async function routeError(error: unknown, code: string | undefined, url: URL, network: NetworkOptions | undefined): Promise<ApiError | undefined> {
  const proxy = network?.route?.(url).proxy;
  const hint = (kind: NetworkHintKind): string => {
    const text = network?.hints?.[kind];
    return text ? ` ${text}` : '';
  };
  const theProxy = proxy === undefined ? 'The proxy' : `The proxy ${proxy}`;
  const status = proxyReplyStatus(error);
  if (status === 407) {
    return new ApiError(`${theProxy} requires authentication (HTTP 407 Proxy Authentication Required).${hint('proxyAuth')}`, {
      type: CLIENT_ERROR_TYPES.network,
      code: CLIENT_ERROR_CODES.proxyAuthRequired,
    });
  }
  if (status !== undefined) {
    return new ApiError(`${theProxy} did not open a connection to ${url.host} (it replied HTTP ${status}).${hint('proxy')}`, {
      type: CLIENT_ERROR_TYPES.network,
      code: CLIENT_ERROR_CODES.proxyRefused,
    });
  }
  if (code !== undefined && UNTRUSTED_CERTIFICATE_CODES.has(code)) {
    const issuer = await network?.certificateIssuer?.(url).catch(() => undefined);
    const by = issuer ? `, issued by "${tidyMessage(issuer, 200)}",` : '';
    return new ApiError(`The certificate of ${url.host}${by} is not trusted (${code}).${hint('certificate')}`, {
      type: CLIENT_ERROR_TYPES.network,
      code: CLIENT_ERROR_CODES.certificateUntrusted,
    });
  }
  if (code !== undefined && INVALID_CERTIFICATE_CODES.has(code)) {
    const reason = error instanceof Error ? tidyMessage(error.message, 200) : code;
    return new ApiError(`The certificate of ${url.host} is not valid: ${reason} (${code}).`, {
      type: CLIENT_ERROR_TYPES.network,
      code: CLIENT_ERROR_CODES.certificateInvalid,
    });
  }
  if (proxy !== undefined && code !== undefined && code in CONNECT_FAILURE_CODES) {
    return new ApiError(`Could not reach the proxy ${proxy}: ${CONNECT_FAILURE_CODES[code]}.${hint('proxy')}`, {
      type: CLIENT_ERROR_TYPES.network,
      code: CLIENT_ERROR_CODES.proxyUnreachable,
    });
  }
  return undefined;
}
