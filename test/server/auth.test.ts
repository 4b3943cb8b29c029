import assert from 'node:assert/strict';
import { chat, errorOf, getJson, postJson, rawRequest, useServer } from './helpers';

describe('reference server: authentication and routing', () => {
  const server = useServer();

  it('401 missing_api_key without an Authorization header, on every operation', async () => {
    for (const response of [
      await getJson(server(), '/models', null),
      await postJson(server(), '/chat/completions', chat('echo-1', 'hi'), null),
      await postJson(server(), '/responses', { model: 'echo-1', input: 'hi' }, null),
    ]) {
      assert.equal(response.status, 401);
      assert.deepEqual(await errorOf(response), {
        message: 'No API key provided. Send the header "Authorization: Bearer <API_KEY>".',
        type: 'authentication_error',
        code: 'missing_api_key',
      });
    }
  });

  it('401 invalid_api_key for an unknown key, without repeating the key', async () => {
    const response = await getJson(server(), '/models', 'sk-not-a-real-key-123456');
    assert.equal(response.status, 401);
    const error = await errorOf(response);
    assert.equal(error.code, 'invalid_api_key');
    assert.equal(error.type, 'authentication_error');
    assert.ok(!error.message.includes('sk-not-a-real-key'));
  });

  const malformed: [string, string][] = [
    ['two spaces after Bearer', 'Bearer  demo-key'],
    ['a tab instead of the space', 'Bearer\tdemo-key'],
    ['no space', 'Bearerdemo-key'],
    ['the key alone', 'demo-key'],
    ['another scheme', 'Basic ZGVtby1rZXk6'],
    ['lowercase scheme', 'bearer demo-key'],
    ['something after the key', 'Bearer demo-key extra'],
    ['the scheme alone', 'Bearer'],
  ];
  for (const [what, header] of malformed) {
    it(`401 invalid_authorization_header for ${what}`, async () => {
      const response = await rawRequest(server(), { method: 'GET', path: '/v1/models', headers: { Authorization: header } });
      assert.equal(response.status, 401);
      assert.equal((JSON.parse(response.body) as { error: { code: string } }).error.code, 'invalid_authorization_header');
    });
  }

  it('accepts exactly "Bearer <key>"', async () => {
    const response = await rawRequest(server(), { method: 'GET', path: '/v1/models', headers: { Authorization: 'Bearer demo-key' } });
    assert.equal(response.status, 200);
  });

  it('checks the key before the body: a bad key with invalid JSON gets 401, not 400', async () => {
    const response = await postJson(server(), '/chat/completions', '{not json', 'wrong-key');
    assert.equal(response.status, 401);
  });

  it('404 unknown_url for a path that does not exist, with a JSON envelope', async () => {
    for (const path of ['/v1/nothing', '/v1/models/echo-1', '/v1//models', '/models', '/v2/models', '/']) {
      const response = await rawRequest(server(), { method: 'GET', path, headers: { Authorization: 'Bearer demo-key' } });
      assert.equal(response.status, 404, path);
      assert.match(response.headers['content-type'] as string, /^application\/json/);
      const error = (JSON.parse(response.body) as { error: { type: string; code: string; message: string } }).error;
      assert.equal(error.code, 'unknown_url');
      assert.equal(error.type, 'invalid_request_error');
    }
  });

  it('405 with Allow for a known path and the wrong method', async () => {
    const response = await rawRequest(server(), { method: 'GET', path: '/v1/chat/completions',
      headers: { Authorization: 'Bearer demo-key' } });
    assert.equal(response.status, 405);
    assert.equal(response.headers.allow, 'POST');
  });

  it('ignores a query string', async () => {
    const response = await getJson(server(), '/models?limit=5');
    assert.equal(response.status, 200);
  });

  it('sends an x-request-id that matches the request record', async () => {
    const response = await getJson(server(), '/models');
    const id = response.headers.get('x-request-id');
    assert.match(id ?? '', /^req_[0-9a-f]{24}$/);
    assert.ok(server().requests().some((r) => r.id === id));
  });
});
