// The real-editor layers are judged by runMochaLayer: these run it on fixture layers in a child
// process (a mocha run inside this mocha run would share its globals) and check the verdicts.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import type { LayerCounts } from '../../harness/mochaLayer';

const fixtures = path.join(__dirname, 'fixtures');
const layerModule = path.join(__dirname, '..', '..', 'harness', 'mochaLayer.js');

function runLayer(files: string[], grep?: string): LayerCounts {
  const script = `require(${JSON.stringify(layerModule)}).runMochaLayer(${JSON.stringify({ files, grep, timeoutMs: 5000, retries: 1 })})`
    + `.then((counts) => process.stdout.write('\\n@@' + JSON.stringify(counts) + '\\n'))`;
  const output = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  const line = output.split('\n').find((text) => text.startsWith('@@'));
  assert.ok(line, `no result in:\n${output}`);
  return JSON.parse(line.slice(2)) as LayerCounts;
}

describe('harness: runMochaLayer judges a layer strictly', function () {
  this.timeout(30_000);

  it('a test that passes only on its retry counts as failed, and is named', () => {
    const counts = runLayer([path.join(fixtures, 'flaky.fixture.js')]);
    assert.equal(counts.passed, 1);
    assert.equal(counts.failed, 1);
    assert.deepEqual(counts.flaky, ['fixture: flaky passes only on its retry']);
    assert.match(counts.note ?? '', /passed only on retry/);
    // The summary says why the first attempt failed: often all a CI log keeps is its end.
    assert.match(counts.note ?? '', /passes only on its retry \[first attempt: first attempt fails\]/);
  });

  it('a layer that runs no test fails', () => {
    assert.equal(runLayer([path.join(fixtures, 'empty.fixture.js')]).failed, 1);
    assert.equal(runLayer([path.join(fixtures, 'steady.fixture.js')], 'matches nothing at all').failed, 1);
  });

  it('counts passes and failures of a steady layer', () => {
    const counts = runLayer([path.join(fixtures, 'steady.fixture.js')]);
    assert.deepEqual({ passed: counts.passed, failed: counts.failed, flaky: counts.flaky }, { passed: 2, failed: 1, flaky: [] });
    // Named with its error, for the summary printed at the very end of the run (runEditorTests.ts, runTests.ts).
    assert.deepEqual(counts.failures, ['fixture: broken fails every time: broken']);
  });
});
