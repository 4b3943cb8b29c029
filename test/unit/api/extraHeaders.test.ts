import assert from 'node:assert/strict';
import { checkExtraHeaders, extraHeaderProblem, ModelAccessClient } from '../../../src/api';

describe('extra request headers', () => {
  it('accepts ordinary custom headers', () => {
    assert.equal(extraHeaderProblem('X-Team', 'blue'), undefined);
    assert.equal(extraHeaderProblem('OpenAI-Organization', 'org-1'), undefined);
    assert.deepEqual(checkExtraHeaders({ 'X-Team': ' blue ' }), { 'x-team': 'blue' });
  });

  it('refuses Authorization in any case, with the reason', () => {
    for (const name of ['Authorization', 'authorization', 'AUTHORIZATION', 'X-Api-Key', 'api-key']) {
      assert.match(extraHeaderProblem(name, 'Bearer other') ?? '', /API key is sent only from secret storage/, name);
    }
  });

  it('refuses credentials, framing and routing headers', () => {
    for (const name of ['Proxy-Authorization', 'Host', 'Content-Length', 'Cookie', 'Transfer-Encoding', 'Connection', 'Content-Type', 'Proxy-Foo', 'Sec-Fetch-Site']) {
      assert.match(extraHeaderProblem(name, 'x') ?? '', /cannot be set/, name);
    }
  });

  it('refuses bad names and values (no header injection)', () => {
    assert.match(extraHeaderProblem('X Team', 'a') ?? '', /not a valid header name/);
    assert.match(extraHeaderProblem('X-Team:', 'a') ?? '', /not a valid header name/);
    assert.match(extraHeaderProblem('X-Team', 'a\r\nAuthorization: Bearer x') ?? '', /printable ASCII on one line/);
    assert.match(extraHeaderProblem('X-Team', 'é') ?? '', /printable ASCII/);
    assert.match(extraHeaderProblem('X-Team', 'a'.repeat(5000)) ?? '', /at most 4096/);
    assert.match(extraHeaderProblem('X-Team', 42) ?? '', /must be a string/);
    assert.throws(() => checkExtraHeaders({ 'X-A': '1', 'x-a': '2' }), /given twice/);
  });

  it('the client refuses to be built with a reserved header', () => {
    assert.throws(() => new ModelAccessClient({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', headers: { Authorization: 'Bearer other' } }), /Extra header refused: .*Authorization/);
  });
});
