import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { parseModelList } from '../../../src/api/models';

describe('api/models: /models reply parsing', () => {
  it('reads the OpenAI list shape', () => {
    const models = parseModelList({ object: 'list', data: [{ id: 'a', object: 'model' }, { id: 'b', object: 'model' }] }, 200);
    assert.deepEqual(models.map((m) => m.id), ['a', 'b']);
    assert.deepEqual(models[0]?.raw, { id: 'a', object: 'model' });
  });

  it('reads a bare array and { models: [...] }', () => {
    assert.deepEqual(parseModelList([{ id: 'x' }], 200).map((m) => m.id), ['x']);
    assert.deepEqual(parseModelList({ models: [{ id: 'y' }] }, 200).map((m) => m.id), ['y']);
  });

  it('falls back to name, then model, for the id; accepts plain strings', () => {
    const models = parseModelList({ data: [{ name: 'by-name' }, { model: 'by-model' }, { id: '', name: 'empty-id' }, 'plain'] }, 200);
    assert.deepEqual(models.map((m) => m.id), ['by-name', 'by-model', 'empty-id', 'plain']);
  });

  it('skips entries without an id and keeps repeated ids once', () => {
    const models = parseModelList({ data: [{ id: 'a' }, { object: 'model' }, null, 42, { id: 'a', again: true }] }, 200);
    assert.deepEqual(models, [{ id: 'a', raw: { id: 'a' } }]);
  });

  it('reads an empty list', () => {
    assert.deepEqual(parseModelList({ object: 'list', data: [] }, 200), []);
    assert.deepEqual(parseModelList({ object: 'list' }, 200), []);
  });

  it('throws an error envelope as ApiError', () => {
    assert.throws(() => parseModelList({ error: { message: 'no', type: 't', code: 'c' } }, 200), (e: unknown) => e instanceof ApiError && e.code === 'c');
  });

  it('refuses a reply that is not a list, pointing at the base URL', () => {
    assert.throws(() => parseModelList({ hello: 'world' }, 200), (e: unknown) => e instanceof ApiError && /base URL/.test(e.message));
    assert.throws(() => parseModelList('text', 200), ApiError);
  });
});
