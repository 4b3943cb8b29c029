// package.json's settings and the code that reads them must agree: scopes, keys, defaults, bounds.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_INITIAL_DELAY_MS, DEFAULT_MAX_RETRIES, MAX_RETRIES_LIMIT, MAX_RETRY_AFTER_MS } from '../../../../src/api';
import { parseSettings, SETTING_KEYS } from '../../../../src/host/config/parseSettings';
import { CA_CERTIFICATES_SETTING } from '../../../../src/host/network/certificates';
import { CONTEXT_WINDOW_MAX, CONTEXT_WINDOW_MIN, CONTEXT_WINDOW_SETTING } from '../../../../src/host/contextWindow/contextWindowSetting';

interface Property {
  additionalProperties?: Property;
  scope?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
}

// Compiled to out/test/unit/host/config: the repository root is five levels up.
const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../../package.json'), 'utf8')) as {
  capabilities?: { untrustedWorkspaces?: { supported?: unknown } };
  contributes: { configuration: { properties: Record<string, Property> } };
};
const properties = manifest.contributes.configuration.properties;

describe('package.json settings', () => {
  it('every modelAccess setting has user (application or machine) scope, so a workspace cannot set it', () => {
    const keys = Object.keys(properties).filter((key) => key.startsWith('modelAccess.'));
    assert.ok(keys.length >= 8);
    for (const key of keys) {
      assert.ok(properties[key].scope === 'application' || properties[key].scope === 'machine', `${key} has scope ${properties[key].scope}`);
    }
  });

  it('declares exactly the settings the user-only readers read (the settings and the network configuration)', () => {
    assert.deepEqual(
      Object.keys(properties).sort(),
      [...Object.values(SETTING_KEYS).map((key) => `modelAccess.${key}`), CA_CERTIFICATES_SETTING].sort(),
    );
  });

  it('declares Restricted Mode support explicitly', () => {
    assert.equal(manifest.capabilities?.untrustedWorkspaces?.supported, true);
  });

  it('gives the retry defaults and bounds of the API client', () => {
    assert.equal(properties['modelAccess.retry.maxRetries'].default, DEFAULT_MAX_RETRIES);
    assert.equal(properties['modelAccess.retry.maxRetries'].minimum, 0);
    assert.equal(properties['modelAccess.retry.maxRetries'].maximum, MAX_RETRIES_LIMIT);
    assert.equal(properties['modelAccess.retry.initialDelayMs'].default, DEFAULT_INITIAL_DELAY_MS);
    assert.equal(properties['modelAccess.retry.initialDelayMs'].minimum, 0);
    assert.equal(properties['modelAccess.retry.initialDelayMs'].maximum, MAX_RETRY_AFTER_MS);
  });

  it('has the defaults the reader falls back to', () => {
    const defaults = parseSettings({});
    assert.equal(properties['modelAccess.api'].default, defaults.api);
    assert.deepEqual(properties['modelAccess.api'].enum, ['chat', 'responses']);
    assert.equal(properties['modelAccess.stream'].default, defaults.stream);
    assert.equal(properties['modelAccess.stream'].default, true);
    assert.equal(properties['modelAccess.maxOutputTokens'].default, null);
    assert.equal(defaults.maxOutputTokens, undefined);
    assert.equal(properties['modelAccess.model'].default, '');
    assert.equal(defaults.model, undefined);
    assert.equal(properties['modelAccess.systemPrompt'].default, '');
    assert.equal(defaults.systemPrompt, undefined);
  });

  it('bounds each modelAccess.contextWindow entry as the reader does', () => {
    const property = properties[CONTEXT_WINDOW_SETTING];
    assert.deepEqual(property.default, {});
    assert.equal(property.additionalProperties?.minimum, CONTEXT_WINDOW_MIN);
    assert.equal(property.additionalProperties?.maximum, CONTEXT_WINDOW_MAX);
  });
});
