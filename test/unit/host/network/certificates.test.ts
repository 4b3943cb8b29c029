import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tls from 'node:tls';
import { loadCaConfig } from '../../../../src/host/network/certificates';

describe('extra CA certificates', () => {
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'ca-test-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('nothing listed: Node keeps its own trust store', async () => {
    assert.deepEqual(await loadCaConfig(undefined, {}), { ca: undefined, files: [], problems: [] });
    assert.deepEqual(await loadCaConfig([], {}), { ca: undefined, files: [], problems: [] });
  });

  it('a readable PEM is added to the bundled roots, with its subject for the report', async () => {
    const file = join(dir, 'root.pem');
    writeFileSync(file, `junk before\n${tls.rootCertificates[0]}\n`);
    const config = await loadCaConfig([file], {});
    assert.equal(config.ca?.length, tls.rootCertificates.length + 1);
    assert.equal(config.files[0]?.path, file);
    assert.equal(config.files[0]?.subjects.length, 1);
  });

  it('unreadable, empty or malformed entries are reported, never thrown, and the rest still loads', async () => {
    const empty = join(dir, 'empty.pem');
    writeFileSync(empty, 'no certificate here');
    const good = join(dir, 'good.pem');
    writeFileSync(good, tls.rootCertificates[1] ?? '');
    const config = await loadCaConfig([join(dir, 'missing.pem'), empty, 42, good], { NODE_EXTRA_CA_CERTS: join(dir, 'gone.pem') });
    assert.equal(config.files.length, 1);
    assert.equal(config.problems.length, 4);
    assert.match(config.problems.join('\n'), /NODE_EXTRA_CA_CERTS: cannot read .*gone\.pem \(ENOENT\)/);
    assert.match(config.problems.join('\n'), /holds no PEM certificate/);
    assert.match((await loadCaConfig('one.pem', {})).problems[0] ?? '', /must be a list/);
  });
});
