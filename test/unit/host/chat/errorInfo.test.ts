import * as assert from 'node:assert/strict';
import { ApiError } from '../../../../src/api/errors';
import { isAbortError, NoModelError, toErrorInfo } from '../../../../src/host/chat/errorInfo';
import { ConfigurationError } from '../../../../src/host/client/configurationError';

const apiError = (status: number | undefined, extra: { type?: string; code?: string } = {}): ApiError =>
  new ApiError(`failed with ${status}`, { status, ...extra });

describe('toErrorInfo', () => {
  it('keeps message, status, type and code of an ApiError', () => {
    assert.deepEqual(toErrorInfo(apiError(401, { type: 'authentication_error', code: 'invalid_api_key' })), {
      message: 'failed with 401', status: 401, type: 'authentication_error', code: 'invalid_api_key', actions: ['setApiKey'],
    });
  });

  const cases: [string, ApiError, string[]][] = [
    ['401 → set the key', apiError(401), ['setApiKey']],
    ['403 → set the key or pick another model', apiError(403), ['setApiKey', 'selectModel']],
    ['404 → refresh models or check the base URL', apiError(404), ['refreshModels', 'setBaseUrl']],
    ['429 after the retries → retry', apiError(429), ['retry']],
    ['500 → retry', apiError(500), ['retry']],
    ['503 → retry', apiError(503), ['retry']],
    ['400 → nothing to click', apiError(400), []],
    ['network failure → retry or check the base URL', apiError(undefined, { type: 'network_error' }), ['retry', 'setBaseUrl']],
    ['timeout → retry', apiError(undefined, { type: 'network_error', code: 'timeout' }), ['retry']],
    ['proxy or certificate failure → retry (the message names the setting), not the base URL', apiError(undefined, { type: 'network_error', code: 'proxy_auth_required' }), ['retry']],
    ['untrusted certificate → retry, not the base URL', apiError(undefined, { type: 'network_error', code: 'certificate_untrusted' }), ['retry']],
    ['error inside a 200 stream → retry', apiError(200, { type: 'server_error' }), ['retry']],
    ['stream cut off → retry', apiError(200, { type: 'network_error', code: 'stream_truncated' }), ['retry']],
    ['key refused before sending → set the key', apiError(undefined, { type: 'invalid_request_error', code: 'invalid_api_key_format' }), ['setApiKey']],
    ['bad base URL → set it', apiError(undefined, { code: 'invalid_base_url' }), ['setBaseUrl']],
  ];
  for (const [name, error, actions] of cases) {
    it(name, () => assert.deepEqual(toErrorInfo(error).actions, actions));
  }

  it('a ConfigurationError brings its own action', () => {
    const error = new ConfigurationError('No API key is set.', 'setApiKey');
    assert.deepEqual(toErrorInfo(error), { message: 'No API key is set.', actions: ['setApiKey'] });
  });

  it('no model selected → select or refresh models', () => {
    assert.deepEqual(toErrorInfo(new NoModelError()).actions, ['selectModel', 'refreshModels']);
  });

  it('anything else → its message and retry', () => {
    assert.deepEqual(toErrorInfo(new TypeError('boom')), { message: 'boom', actions: ['retry'] });
    assert.deepEqual(toErrorInfo('text'), { message: 'text', actions: ['retry'] });
    // Recognized by class, not by a copied name: a look-alike from elsewhere is just an error.
    const lookalike = Object.assign(new Error('planted'), { name: 'ConfigurationError', action: 'setBaseUrl' });
    assert.deepEqual(toErrorInfo(lookalike).actions, ['retry']);
  });

  it('isAbortError recognizes cancellations only', () => {
    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    assert.equal(isAbortError(abort), true);
    assert.equal(isAbortError(apiError(500)), false);
    assert.equal(isAbortError(undefined), false);
  });
});
