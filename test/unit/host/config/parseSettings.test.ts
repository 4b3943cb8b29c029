import assert from 'node:assert/strict';
import { parseSettings } from '../../../../src/host/config/parseSettings';

describe('settings parsing', () => {
  it('gives the defaults for an empty configuration', () => {
    assert.deepEqual(parseSettings({}), {
      baseUrl: undefined,
      model: undefined,
      api: 'chat',
      maxOutputTokens: undefined,
      retry: { maxRetries: 3, initialDelayMs: 500 },
      systemPrompt: undefined,
      modelOptions: {},
    });
  });

  it('takes valid values, trimming ids and URLs', () => {
    assert.deepEqual(parseSettings({
      baseUrl: ' http://127.0.0.1:8787/v1 ',
      model: ' echo-1 ',
      api: 'responses',
      maxOutputTokens: 256,
      maxRetries: 0,
      initialDelayMs: 0,
      systemPrompt: '  Be brief.  ',
      modelOptions: { 'echo-1': { temperature: 0.5 } },
    }), {
      baseUrl: 'http://127.0.0.1:8787/v1',
      model: 'echo-1',
      api: 'responses',
      maxOutputTokens: 256,
      retry: { maxRetries: 0, initialDelayMs: 0 },
      systemPrompt: '  Be brief.  ',
      modelOptions: { 'echo-1': { temperature: 0.5 } },
    });
  });

  it('replaces bad values with defaults instead of passing them on', () => {
    const settings = parseSettings({
      baseUrl: 42,
      model: '   ',
      api: 'completions',
      maxOutputTokens: 0,
      maxRetries: 1000,
      initialDelayMs: -5,
      systemPrompt: '   ',
    });
    assert.equal(settings.baseUrl, undefined);
    assert.equal(settings.model, undefined);
    assert.equal(settings.api, 'chat');
    assert.equal(settings.maxOutputTokens, undefined);
    assert.deepEqual(settings.retry, { maxRetries: 3, initialDelayMs: 500 });
    assert.equal(settings.systemPrompt, undefined);
  });

  it('refuses non-integers and numbers given as strings', () => {
    const settings = parseSettings({ maxOutputTokens: 12.5, maxRetries: '2', initialDelayMs: Number.NaN });
    assert.equal(settings.maxOutputTokens, undefined);
    assert.deepEqual(settings.retry, { maxRetries: 3, initialDelayMs: 500 });
    assert.equal(parseSettings({ maxOutputTokens: null }).maxOutputTokens, undefined);
  });
});
