// Certificates made at test time with openssl: a CA and a server certificate it signs for
// 127.0.0.1 and localhost, written to a temporary folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCa {
  /** The CA's common name, as the client names the issuer. */
  caName: string;
  /** Path of the CA certificate (PEM). */
  caFile: string;
  key: string;
  cert: string;
  dispose(): void;
}

export function createTestCa(caName = 'Model Access Test CA'): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'model-access-ca-'));
  const path = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'pipe' });
  };
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${caName}/O=Model Access Tests`,
    '-keyout', path('ca.key'), '-out', path('ca.pem'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', path('server.key'), '-out', path('server.csr'));
  writeFileSync(path('ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n');
  openssl('x509', '-req', '-in', path('server.csr'), '-CA', path('ca.pem'), '-CAkey', path('ca.key'), '-CAcreateserial',
    '-days', '2', '-extfile', path('ext.cnf'), '-out', path('server.pem'));
  return {
    caName,
    caFile: path('ca.pem'),
    key: readFileSync(path('server.key'), 'utf8'),
    cert: readFileSync(path('server.pem'), 'utf8'),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
