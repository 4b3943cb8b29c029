// Pure Node (no vscode): the CA certificates requests trust — Node's bundled roots, plus the PEM
// files of NODE_EXTRA_CA_CERTS and of the modelAccess.network.caCertificates setting.
import * as l10n from '@vscode/l10n';
import { promises as fsPromises } from 'node:fs';

/** The setting listing extra CA files (read, like every modelAccess setting, from the user settings only). */
export const CA_CERTIFICATES_SETTING = 'modelAccess.network.caCertificates';

export interface LoadedCaFile {
  path: string;
  /** Where it was listed: CA_CERTIFICATES_SETTING or 'NODE_EXTRA_CA_CERTS'. */
  source: string;
  /** The subjects of the certificates it holds (for the report). */
  subjects: string[];
}

export interface CaConfig {
  /** The full CA list to pass to TLS, or undefined to keep Node's defaults (no extra file listed). */
  ca?: string[];
  files: LoadedCaFile[];
  /** Files that could not be used, each with the reason. */
  problems: string[];
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The setting's value: a list of absolute paths (anything else is reported and skipped). */
export function caFileList(value: unknown): { paths: string[]; problems: string[] } {
  if (value === undefined || value === null) return { paths: [], problems: [] };
  if (!Array.isArray(value)) return { paths: [], problems: [l10n.t('{0} must be a list of PEM file paths; it is ignored.', CA_CERTIFICATES_SETTING)] };
  const paths: string[] = [];
  const problems: string[] = [];
  for (const item of value) {
    if (typeof item === 'string' && item.trim() !== '') paths.push(item.trim());
    else problems.push(l10n.t('{0}: {1} is not a file path; it is ignored.', CA_CERTIFICATES_SETTING, JSON.stringify(item)));
  }
  return { paths, problems };
}

async function readPem(path: string, source: string): Promise<{ pems: string[]; file: LoadedCaFile } | string> {
  let text: string;
  try {
    text = await fsPromises.readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? l10n.t('{0}: cannot read {1} ({2}).', source, path, code) : l10n.t('{0}: cannot read {1}.', source, path);
  }
  const pems = text.match(PEM_BLOCK) ?? [];
  if (pems.length === 0) return l10n.t('{0}: {1} holds no PEM certificate (-----BEGIN CERTIFICATE-----).', source, path);
  const subjects: string[] = [];
  for (const pem of pems) {
    try {
      // (node:crypto on first use, not at activation: see newId in transcript.ts.)
      subjects.push(new (require('node:crypto') as typeof import('node:crypto')).X509Certificate(pem).subject.replace(/\n/g, ', '));
    } catch {
      return l10n.t('{0}: {1} holds a certificate that cannot be parsed.', source, path);
    }
  }
  return { pems, file: { path, source, subjects } };
}

/**
 * Reads the listed files. Passing `ca` to TLS replaces Node's trust store, so the result adds the
 * bundled roots and NODE_EXTRA_CA_CERTS (which Node applies only to its default store) to the files.
 */
export async function loadCaConfig(settingValue: unknown, env: Readonly<Record<string, string | undefined>>): Promise<CaConfig> {
  const { paths, problems } = caFileList(settingValue);
  const files: LoadedCaFile[] = [];
  const extra: string[] = [];
  const listed: { path: string; source: string }[] = paths.map((path) => ({ path, source: CA_CERTIFICATES_SETTING }));
  const envFile = env.NODE_EXTRA_CA_CERTS?.trim();
  if (envFile) listed.unshift({ path: envFile, source: 'NODE_EXTRA_CA_CERTS' });
  for (const { path, source } of listed) {
    const read = await readPem(path, source);
    if (typeof read === 'string') {
      problems.push(read);
    } else {
      files.push(read.file);
      extra.push(...read.pems);
    }
  }
  // node:tls is required only when a file is listed: loading it costs activation a few ms
  // (test/unit/build/activation.test.ts).
  const ca = extra.length > 0 ? [...(require('node:tls') as typeof import('node:tls')).rootCertificates, ...extra] : undefined;
  return { ca, files, problems };
}
