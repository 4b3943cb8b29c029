// Pure (no vscode): where requests go — VS Code's http.* proxy settings, else the environment's
// HTTPS_PROXY / HTTP_PROXY / NO_PROXY — and the one rule deciding which URLs bypass the proxy.
import * as l10n from '@vscode/l10n';

/** The values as read (user settings and the process environment), untyped: settings.json can hold anything. */
export interface RawProxySettings {
  proxy?: unknown;
  proxyStrictSSL?: unknown;
  proxyAuthorization?: unknown;
  noProxy?: unknown;
  env: Readonly<Record<string, string | undefined>>;
}

export interface ProxyServer {
  /** The proxy's URL, credentials included when the user gave them (they go to the proxy only). */
  url: URL;
  /** Where it was set, for the report: 'http.proxy', 'HTTPS_PROXY', … */
  source: string;
}

export interface ProxyConfig {
  /** For http:// base URLs. */
  http?: ProxyServer;
  /** For https:// base URLs. */
  https?: ProxyServer;
  /** Host patterns that bypass the proxy, lower case ("example.com", ".example.com", "*.example.com", "host:8080", "*"). */
  noProxy: string[];
  noProxySource?: string;
  /** http.proxyAuthorization: a full Proxy-Authorization header value. */
  proxyAuthorization?: string;
  /** false only when http.proxyStrictSSL is false: certificates are then not verified at all. */
  strictSSL: boolean;
  /** Values that could not be used, each with the reason. */
  problems: string[];
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The first environment variable set, in the order given (lower case first, as curl does). */
function fromEnv(env: RawProxySettings['env'], names: string[]): { value: string; source: string } | undefined {
  for (const name of names) {
    const value = nonEmpty(env[name]);
    if (value !== undefined) return { value, source: name };
  }
  return undefined;
}

function parseProxyUrl(value: string, source: string, problems: string[]): ProxyServer | undefined {
  // Environment variables often omit the scheme ("proxy.corp:3128"): curl reads those as http.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    problems.push(l10n.t('{0} is not a valid proxy URL; it is ignored.', source));
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(l10n.t('{0} uses {1}//, which is not supported (use an http:// or https:// proxy); it is ignored.', source, url.protocol));
    return undefined;
  }
  return { url, source };
}

function noProxyList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,\s]+/) : [];
  return items.filter((item): item is string => typeof item === 'string').map((item) => item.trim().toLowerCase()).filter((item) => item !== '');
}

/** Settings win over the environment, each on its own: http.proxy over *_PROXY, http.noProxy over NO_PROXY. */
export function resolveProxyConfig(raw: RawProxySettings): ProxyConfig {
  const problems: string[] = [];
  const setting = nonEmpty(raw.proxy);
  let http: ProxyServer | undefined;
  let https: ProxyServer | undefined;
  if (setting !== undefined) {
    http = https = parseProxyUrl(setting, 'http.proxy', problems);
  } else {
    const httpEnv = fromEnv(raw.env, ['http_proxy', 'HTTP_PROXY']);
    const httpsEnv = fromEnv(raw.env, ['https_proxy', 'HTTPS_PROXY']);
    http = httpEnv && parseProxyUrl(httpEnv.value, httpEnv.source, problems);
    // As undici and curl do: without HTTPS_PROXY, https goes through HTTP_PROXY.
    https = httpsEnv ? parseProxyUrl(httpsEnv.value, httpsEnv.source, problems) : http;
  }
  const settingNoProxy = noProxyList(raw.noProxy);
  const envNoProxy = fromEnv(raw.env, ['no_proxy', 'NO_PROXY']);
  const noProxy = settingNoProxy.length > 0 ? settingNoProxy : noProxyList(envNoProxy?.value);
  return {
    http,
    https,
    noProxy,
    noProxySource: settingNoProxy.length > 0 ? 'http.noProxy' : envNoProxy?.source,
    proxyAuthorization: nonEmpty(raw.proxyAuthorization),
    strictSSL: raw.proxyStrictSSL !== false,
    problems,
  };
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Whether `url` bypasses the proxy: a NO_PROXY entry names its host, a parent domain, or "*"; an entry with a port matches only it. */
export function bypassesProxy(noProxy: readonly string[], url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  return noProxy.some((entry) => {
    if (entry === '*') return true;
    const match = /^(.+):(\d+)$/.exec(entry);
    if (match && !match[1]!.includes(':') && Number(match[2]) !== port) return false;
    const pattern = (match && !match[1]!.includes(':') ? match[1]! : entry).replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
    return host === pattern || host.endsWith(`.${pattern}`);
  });
}

/** The proxy a request to `url` goes through, or undefined for a direct connection. */
export function proxyFor(config: ProxyConfig, url: URL): ProxyServer | undefined {
  const proxy = url.protocol === 'https:' ? config.https : config.http;
  return proxy === undefined || bypassesProxy(config.noProxy, url) ? undefined : proxy;
}

/** A proxy URL fit for logs and reports: the password (and any user name) masked. */
export function displayProxy(url: URL): string {
  const shown = new URL(url.href);
  if (shown.username) shown.username = '***';
  if (shown.password) shown.password = '***';
  return shown.href.replace(/\/$/, '');
}
