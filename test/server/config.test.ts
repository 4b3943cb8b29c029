import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, defaultConfig, parseServerConfig } from '../../server/config';

/** The repository root, from out/test/server/. */
const ROOT = join(__dirname, '..', '..', '..');

describe('reference server configuration', () => {
  it('server/README.md documents exactly the default configuration', () => {
    const readme = readFileSync(join(ROOT, 'server', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Default configuration'));
    const block = /```json\n([\s\S]*?)```/.exec(section);
    assert.ok(block !== null, 'a json block under "## Default configuration"');
    assert.deepEqual(JSON.parse(block[1]), defaultConfig);
  });

  it('accepts the default configuration as a config file', () => {
    assert.deepEqual(parseServerConfig(JSON.parse(JSON.stringify(defaultConfig))), defaultConfig);
  });

  const invalid: [string, unknown, RegExp][] = [
    ['not an object', [], /the configuration must be a JSON object/],
    ['an unknown top-level field', { keys: [], models: [], extra: 1 }, /unknown field\(s\): extra/],
    ['keys missing', { models: [] }, /"keys" must be an array/],
    ['a key with whitespace', { keys: [{ key: 'a b' }], models: [] }, /keys\[0\]\.key/],
    ['an empty key', { keys: [{ key: '' }], models: [] }, /keys\[0\]\.key/],
    ['an unknown account state', { keys: [{ key: 'k', account: 'broke' }], models: [] }, /keys\[0\]\.account/],
    ['a misspelt key field', { keys: [{ key: 'k', maxConcurent: 1 }], models: [] }, /maxConcurent/],
    ['a zero limit', { keys: [{ key: 'k', requestsPerSecond: 0 }], models: [] }, /requestsPerSecond must be 1 or more/],
    ['a fractional limit', { keys: [{ key: 'k', maxConcurrent: 1.5 }], models: [] }, /maxConcurrent must be a whole number/],
    ['an unknown behavior', { keys: [], models: [{ id: 'm', behavior: 'sing' }] }, /models\[0\]\.behavior/],
    ['a negative interval', { keys: [], models: [{ id: 'm', behavior: 'echo', tokenIntervalMs: -1 }] }, /tokenIntervalMs/],
    ['listed not a boolean', { keys: [], models: [{ id: 'm', behavior: 'echo', listed: 'yes' }] }, /listed must be true or false/],
    ['a duplicate model', { keys: [], models: [{ id: 'm', behavior: 'echo' }, { id: 'm', behavior: 'echo' }] }, /"m" appears twice/],
  ];
  for (const [what, value, message] of invalid) {
    it(`refuses ${what}`, () => {
      assert.throws(() => parseServerConfig(value), (error: unknown) => error instanceof ConfigError && message.test(error.message));
    });
  }

  it('reports a duplicate key without naming it', () => {
    assert.throws(() => parseServerConfig({ keys: [{ key: 'secret-key-1' }, { key: 'secret-key-1' }], models: [] }),
      (error: unknown) => error instanceof ConfigError && !error.message.includes('secret-key-1'));
  });
});
