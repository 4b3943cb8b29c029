// Pure Node (no vscode): after a certificate was refused, who issued it — read from a second,
// diagnostic-only TLS handshake (through the same proxy) that sends nothing and is closed at once.
import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type DetailedPeerCertificate, type PeerCertificate } from 'node:tls';
import type { ProxyServer } from './proxyConfig';

const PROBE_TIMEOUT_MS = 5000;

function describe(certificate: PeerCertificate | DetailedPeerCertificate): string | undefined {
  const issuer = certificate.issuer as Partial<Record<string, string>> | undefined;
  if (!issuer) return undefined;
  const parts = [issuer.CN, issuer.O].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** A socket tunnelled to host:port through the proxy, or undefined when the proxy refused. */
function tunnel(proxy: ProxyServer, proxyAuthorization: string | undefined, host: string, port: number, signal: AbortSignal): Promise<Socket | undefined> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${host}:${port}` };
    const fromUrl = proxy.url.username
      ? `Basic ${Buffer.from(`${decodeURIComponent(proxy.url.username)}:${decodeURIComponent(proxy.url.password)}`).toString('base64')}`
      : undefined;
    const authorization = proxyAuthorization ?? fromUrl;
    if (authorization) headers['proxy-authorization'] = authorization;
    const options = { host: proxy.url.hostname.replace(/^\[|\]$/g, ''), port: Number(proxy.url.port) || (proxy.url.protocol === 'https:' ? 443 : 80), method: 'CONNECT', path: `${host}:${port}`, headers, signal };
    const connect = proxy.url.protocol === 'https:' ? httpsRequest(options) : request(options);
    connect.once('connect', (reply, socket) => {
      if (reply.statusCode === 200) {
        resolve(socket);
      } else {
        socket.destroy();
        resolve(undefined);
      }
    });
    connect.once('error', reject);
    connect.end();
  });
}

/**
 * The issuer ("CN, O") of the certificate `url` presents. The handshake accepts any certificate
 * because it only reads it: no request is ever sent on it.
 */
export async function readCertificateIssuer(url: URL, proxy: ProxyServer | undefined, proxyAuthorization: string | undefined): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || 443;
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  const socket = proxy ? await tunnel(proxy, proxyAuthorization, host, port, signal) : undefined;
  if (proxy && !socket) return undefined;
  return new Promise((resolve) => {
    // SNI takes a host name only, never an IP address.
    const secure = tlsConnect({ host, port, socket, servername: isIP(host) ? undefined : host, rejectUnauthorized: false });
    const finish = (issuer: string | undefined): void => {
      secure.destroy();
      socket?.destroy();
      resolve(issuer);
    };
    secure.setTimeout(PROBE_TIMEOUT_MS, () => finish(undefined));
    secure.once('secureConnect', () => finish(describe(secure.getPeerCertificate())));
    secure.once('error', () => finish(undefined));
  });
}
