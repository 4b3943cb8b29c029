import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ANSWER_LIMIT_RANGES, DEFAULT_ANSWER_LIMITS, parseAnswerLimits } from '../../../../src/host/config/answerLimits';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../../package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, { default?: unknown; minimum?: number; maximum?: number; scope?: string }> } };
};

describe('answer limits (settings)', () => {
  it('defaults when unset, seconds become milliseconds', () => {
    assert.deepEqual(parseAnswerLimits({}), { maxAnswerChars: 4_000_000, firstTokenTimeoutMs: 300_000, idleTimeoutMs: 120_000 });
    assert.deepEqual(parseAnswerLimits({ maxAnswerChars: 5000, firstTokenTimeoutSeconds: 2, idleTimeoutSeconds: 3 }),
      { maxAnswerChars: 5000, firstTokenTimeoutMs: 2000, idleTimeoutMs: 3000 });
  });

  it('a bad value never turns a guard off: it falls back to the default', () => {
    for (const bad of [0, -1, 1.5, '10', null, 1e12, Number.NaN]) {
      assert.deepEqual(parseAnswerLimits({ maxAnswerChars: bad, firstTokenTimeoutSeconds: bad, idleTimeoutSeconds: bad }), parseAnswerLimits({}));
    }
  });

  it('package.json declares the same defaults and ranges, in user (application) scope', () => {
    for (const name of Object.keys(DEFAULT_ANSWER_LIMITS) as (keyof typeof DEFAULT_ANSWER_LIMITS)[]) {
      const property = manifest.contributes.configuration.properties[`modelAccess.${name}`];
      assert.ok(property, name);
      assert.equal(property.default, DEFAULT_ANSWER_LIMITS[name], name);
      assert.equal(property.minimum, ANSWER_LIMIT_RANGES[name].min, name);
      assert.equal(property.maximum, ANSWER_LIMIT_RANGES[name].max, name);
      assert.equal(property.scope, 'application', name);
    }
  });
});
