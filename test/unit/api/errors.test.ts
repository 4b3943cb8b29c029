import assert from 'node:assert/strict';
import {
  ApiError,
  apiErrorFromHttpReply,
  createAbortError,
  extractErrorObject,
  isAbortError,
  redactSecret,
  tidyMessage,
} from '../../../src/api/errors';

describe('api/errors', () => {
  it('ApiError carries status, type, code and retryAfterMs', () => {
    const error = new ApiError('m', { status: 429, type: 't', code: 'c', retryAfterMs: 10 });
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'ApiError');
    assert.deepEqual([error.status, error.type, error.code, error.retryAfterMs], [429, 't', 'c', 10]);
  });

  it('reads the spec envelope from a non-2xx reply', () => {
    const error = apiErrorFromHttpReply(401, 'application/json', JSON.stringify({ error: { message: 'Invalid key', type: 'authentication_error', code: 'invalid_api_key' } }));
    assert.deepEqual([error.status, error.message, error.type, error.code], [401, 'Invalid key', 'authentication_error', 'invalid_api_key']);
  });

  it('keeps a server\'s type and code one short line too: they reach the UI and log entries', () => {
    const body = JSON.stringify({ error: { message: 'm', type: 'server_error\n[ERROR] forged log line\u001b[2J', code: `c${'x'.repeat(10_000)}` } });
    const error = apiErrorFromHttpReply(500, 'application/json', body);
    assert.equal(error.type, 'server_error [ERROR] forged log line [2J');
    assert.ok((error.code ?? '').length <= 100, `code of ${error.code?.length} characters`);
    assert.ok(error.code?.startsWith('cxxx'));
  });

  it('reads other error shapes: a string error, a flat object, FastAPI detail, numeric code', () => {
    assert.equal(extractErrorObject({ error: 'just text' })?.message, 'just text');
    assert.deepEqual(extractErrorObject({ message: 'flat', code: 'c', type: 'x' }), { message: 'flat', type: 'x', code: 'c' });
    assert.equal(extractErrorObject({ detail: 'Not Found' })?.message, 'Not Found');
    assert.equal(extractErrorObject({ error: { message: 'm', code: 429 } })?.code, '429');
    assert.equal(extractErrorObject({ choices: [] }), undefined);
    assert.equal(extractErrorObject({ error: null }), undefined);
  });

  it('turns an HTML 502 page into a short clean message with the status', () => {
    const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>${'<p>nginx</p>'.repeat(500)}</body></html>`;
    const error = apiErrorFromHttpReply(502, 'text/html; charset=utf-8', page);
    assert.equal(error.status, 502);
    assert.equal(error.message, 'HTTP 502 Bad Gateway: the server replied with an HTML page instead of a JSON error.');
    assert.ok(!error.message.includes('<'));
  });

  it('a 2xx web page (a base URL that points at a website) is not called an error page, and names the base URL', () => {
    const error = apiErrorFromHttpReply(200, 'text/html', '<!doctype html><html><body>Welcome</body></html>');
    assert.equal(error.status, 200);
    assert.equal(error.message, 'HTTP 200 OK: the server replied with an HTML page instead of JSON. Check the base URL (it usually ends in /v1).');
  });

  it('says so for an empty body, and keeps a short plain-text body', () => {
    assert.match(apiErrorFromHttpReply(503, '', '').message, /^HTTP 503 Service Unavailable: .*empty body/);
    assert.equal(apiErrorFromHttpReply(500, 'text/plain', 'upstream timed out\n').message, 'HTTP 500 Internal Server Error: upstream timed out');
  });

  it('keeps error messages one short line without control characters', () => {
    assert.equal(tidyMessage('a\n\u001b[31mb\u0000  c'), 'a [31mb c');
    assert.ok(tidyMessage('x'.repeat(5000)).length <= 500);
  });

  it('redacts every occurrence of a secret', () => {
    assert.equal(redactSecret('key sk-secret-1 and sk-secret-1', 'sk-secret-1', '***'), 'key *** and ***');
  });

  it('masks what is left of a secret where a shortened message was cut inside it', () => {
    assert.equal(redactSecret('refused sk-secr…', 'sk-secret-1', '***'), 'refused ***…');
    // Three characters or fewer reveal no more than the mask itself shows.
    assert.equal(redactSecret('refused sk-…', 'sk-secret-1', '***'), 'refused sk-…');
    assert.equal(redactSecret('no secret here…', 'sk-secret-1', '***'), 'no secret here…');
  });

  it('abort errors are named AbortError and are not ApiErrors', () => {
    const error = createAbortError();
    assert.equal(error.name, 'AbortError');
    assert.ok(!(error instanceof ApiError));
    assert.equal(isAbortError(error), true);
    assert.equal(isAbortError(new ApiError('x')), false);
  });
});
