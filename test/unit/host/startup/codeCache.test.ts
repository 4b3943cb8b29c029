// The entry point's loader (src/host/startup/codeCache.ts), each load in a fresh Node process, as each start of
// the extension host is: V8 also keeps compiled code within a process, which would hide whether the cache was used.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CODE_CACHE_SUFFIX, codeCachePath } from '../../../../src/host/startup/codeCache';

const loaderModule = path.resolve(__dirname, '../../../../src/host/startup/codeCache.js');

interface Start {
  usedCodeCache: boolean;
  /** What the module exported: its answer, and what its own require found beside it. */
  answer: unknown;
  neighbour: unknown;
  filename: unknown;
}

/** Loads `file` in a fresh process, calls saveCodeCache(), and reports. */
function start(file: string): Start {
  const script = `
    const { loadWithCodeCache } = require(${JSON.stringify(loaderModule)});
    const { createRequire } = require('node:module');
    const loaded = loadWithCodeCache(${JSON.stringify(file)}, createRequire(${JSON.stringify(file)}));
    loaded.saveCodeCache();
    const { answer, neighbour, filename } = loaded.exports;
    process.stdout.write(JSON.stringify({ usedCodeCache: loaded.usedCodeCache, answer: answer(), neighbour, filename }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as Start;
}

/** A module with enough functions for a cache to matter, answering `answer`. */
function moduleCode(answer: number): string {
  const helpers = Array.from({ length: 200 }, (_, i) => `function helper${i}(x) { return [x, ${i}].map((y) => y * 2).join(','); }`).join('\n');
  return `'use strict';\n${helpers}\nexports.answer = () => ${answer};\nexports.neighbour = require('./neighbour.js');\nexports.filename = __filename;\n`;
}

const caches = (folder: string): string[] => fs.readdirSync(folder).filter((name) => name.endsWith(CODE_CACHE_SUFFIX)).sort();

describe('host/startup/codeCache: the extension loaded through V8\'s code cache', function () {
  // Fresh Node processes.
  this.timeout(30_000);
  let folder: string;
  let file: string;

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-code-cache-'));
    file = path.join(folder, 'body.js');
    fs.writeFileSync(path.join(folder, 'neighbour.js'), 'module.exports = "found beside it";\n');
    fs.writeFileSync(file, moduleCode(1));
  });

  afterEach(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('runs the module as require would on the first start, then writes its cache beside it, which the next start uses', () => {
    const first = start(file);
    assert.deepEqual(first, { usedCodeCache: false, answer: 1, neighbour: 'found beside it', filename: file });
    const [cache] = caches(folder);
    assert.ok(cache?.startsWith('body.js.'), `caches: ${caches(folder).join(', ')}`);
    assert.deepEqual(fs.readdirSync(folder).filter((name) => name.endsWith('.partial')), [], 'no partial file is left');

    const next = start(file);
    assert.deepEqual(next, { usedCodeCache: true, answer: 1, neighbour: 'found beside it', filename: file });
    assert.deepEqual(caches(folder), [cache], 'a used cache is not written again');
  });

  it('never runs an earlier build\'s cache: a rebuilt file of the same length runs its own code, and its cache replaces the old', () => {
    start(file);
    const [old] = caches(folder);
    const rebuilt = moduleCode(2);
    assert.equal(rebuilt.length, moduleCode(1).length, 'the same length, which is all V8 checks');
    fs.writeFileSync(file, rebuilt);
    // Another write time, as a build gives (the test may run within the file system's time resolution).
    const later = new Date(fs.statSync(file).mtimeMs + 2_000);
    fs.utimesSync(file, later, later);

    const next = start(file);
    assert.equal(next.answer, 2);
    assert.equal(next.usedCodeCache, false);
    const now = caches(folder);
    assert.equal(now.length, 1, `caches: ${now.join(', ')}`);
    assert.notEqual(now[0], old);
    assert.equal(start(file).usedCodeCache, true);
  });

  it('a damaged cache is refused by V8: the module runs all the same, and a good cache replaces it', () => {
    start(file);
    const [cache] = caches(folder);
    fs.writeFileSync(path.join(folder, cache), Buffer.from('not a code cache, but the right name'));
    const next = start(file);
    assert.deepEqual(next, { usedCodeCache: false, answer: 1, neighbour: 'found beside it', filename: file });
    assert.equal(start(file).usedCodeCache, true);
  });

  it('a cache that cannot be written costs nothing but the cache: no error, nothing left behind', () => {
    // A folder where the cache would go: the rename onto it fails (as root, a read-only folder would not).
    const stat = fs.statSync(file, { bigint: true });
    const target = codeCachePath(file, stat.size, stat.mtimeNs);
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'keep'), '');
    assert.deepEqual(start(file), { usedCodeCache: false, answer: 1, neighbour: 'found beside it', filename: file });
    assert.deepEqual(fs.readdirSync(folder).sort(), ['body.js', path.basename(target), 'neighbour.js']);
  });

  it('an error the module throws as it loads reaches the caller', () => {
    fs.writeFileSync(file, "throw new Error('broken build');\n");
    assert.throws(() => start(file), /broken build/);
  });
});
