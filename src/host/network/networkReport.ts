// Pure (no vscode): the network configuration in words, for Test Connection and the log
// (proxy credentials masked), and the warnings a user must see once per session.
import * as l10n from '@vscode/l10n';
import { CA_CERTIFICATES_SETTING, type CaConfig } from './certificates';
import { displayProxy, proxyFor, type ProxyConfig } from './proxyConfig';

export function describeProxy(proxies: ProxyConfig, baseUrl: URL | undefined): string {
  const used = baseUrl ? proxyFor(proxies, baseUrl) : proxies.https;
  const configured = proxies.https ?? proxies.http;
  const auth = proxies.proxyAuthorization ? ', with http.proxyAuthorization (masked)' : '';
  const bypass = proxies.noProxy.length > 0 ? `; no proxy for ${proxies.noProxy.join(', ')} (from ${proxies.noProxySource ?? 'settings'})` : '';
  if (used) return `${displayProxy(used.url)} (from ${used.source}${auth}), CONNECT tunnel${bypass}`;
  if (configured) return `direct: ${baseUrl?.host ?? 'the base URL'} bypasses ${displayProxy(configured.url)} (from ${configured.source})${bypass}`;
  return 'none (direct connection)';
}

const SUBJECTS_SHOWN = 3;

export function describeCertificates(proxies: ProxyConfig, cas: CaConfig): string {
  if (!proxies.strictSSL) return 'verification OFF (http.proxyStrictSSL is false)';
  const files = cas.files.map((file) => {
    // A firewall's CA is one or two certificates worth naming; a whole system bundle is only counted.
    const named = file.subjects.slice(0, SUBJECTS_SHOWN).join('; ');
    const more = file.subjects.length > SUBJECTS_SHOWN ? ` and ${file.subjects.length - SUBJECTS_SHOWN} more` : '';
    return `${file.path} from ${file.source}: ${named}${more}`;
  });
  return files.length > 0 ? `Node's bundled CAs + ${files.join(' | ')}` : "Node's bundled CAs";
}

/** Everything that is wrong or unsafe about the configuration, for a warning and the report. */
export function networkWarnings(proxies: ProxyConfig, cas: CaConfig, baseUrl: URL | undefined): string[] {
  const warnings = [...proxies.problems, ...cas.problems];
  if (!proxies.strictSSL) {
    warnings.push(l10n.t('TLS certificate verification is OFF because http.proxyStrictSSL is false: anyone on the network path can read your API key and answers. Turn it back on and add your CA with {0} instead.', CA_CERTIFICATES_SETTING));
  }
  const proxy = baseUrl ? proxyFor(proxies, baseUrl) : undefined;
  if (proxy && baseUrl?.protocol === 'http:') {
    warnings.push(l10n.t('The base URL uses http:// and goes through the proxy {0}: the proxy can read the API key in clear. Use https://.', displayProxy(proxy.url)));
  }
  return warnings;
}
