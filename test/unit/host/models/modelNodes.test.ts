import assert from 'node:assert/strict';
import { actionForModelsFailure, buildErrorNodes, buildModelNodes, buildProfileNodes, modelTooltip, type ModelNode } from '../../../../src/host/models/modelNodes';

describe('models tree nodes', () => {
  const records = [
    { id: 'echo-1', raw: { id: 'echo-1', object: 'model', owned_by: 'reference' } },
    { id: 'slow-1', raw: { id: 'slow-1', object: 'model' } },
  ];

  it('labels each model by its id and marks only the active one', () => {
    const nodes = buildModelNodes(records, 'slow-1') as ModelNode[];
    assert.deepEqual(nodes.map((node) => [node.label, node.active, node.contextValue, node.description]), [
      ['echo-1', false, 'model', undefined],
      ['slow-1', true, 'model.active', 'active'],
    ]);
  });

  it('marks nothing when the active model is not listed', () => {
    const nodes = buildModelNodes(records, 'gone-1') as ModelNode[];
    assert.ok(nodes.every((node) => !node.active && node.contextValue === 'model'));
  });

  it('shows a model listed twice only once', () => {
    const nodes = buildModelNodes([...records, records[0]], undefined);
    assert.equal(nodes.length, 2);
  });

  it('says so when the list is empty', () => {
    const nodes = buildModelNodes([], 'echo-1');
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].kind, 'info');
  });

  it('shows every field of the record as the server named it, in its order', () => {
    const tooltip = modelTooltip({ id: 'x', raw: { id: 'x', context_window: 8192, tags: ['a', 'b'], nested: { deep: true } } });
    const lines = tooltip.split('  \n');
    assert.equal(lines.length, 4);
    assert.match(lines[0], /^\*\*id\*\*: x$/);
    assert.match(lines[1], /^\*\*context\\_window\*\*: 8192$/);
    assert.match(lines[2], /tags/);
    assert.match(lines[2], /\\\["a","b"\\\]/);
    assert.match(lines[3], /deep/);
  });

  it('escapes markdown and HTML in server-supplied fields', () => {
    const tooltip = modelTooltip({ id: 'evil', raw: { '<img src=x>': '[click](command:workbench.action.quit) *bold* `code`' } });
    assert.doesNotMatch(tooltip, /\[click\]\(command:/);
    assert.doesNotMatch(tooltip, /(^|[^\\])<img/);
    assert.match(tooltip, /\\\[click\\\]\\\(command:/);
    assert.match(tooltip, /\\`code\\`/);
  });

  it('copes with records that are not objects', () => {
    assert.equal(modelTooltip({ id: 'plain', raw: 'plain-model' }), 'plain\\-model');
    assert.equal(modelTooltip({ id: 'n', raw: null }), 'null');
    assert.match(modelTooltip({ id: 'arr', raw: ['a', 1] }), /\\\["a",1\\\]/);
    assert.match(modelTooltip({ id: 'empty', raw: {} }), /no fields/);
  });

  it('keeps a long field value short', () => {
    const tooltip = modelTooltip({ id: 'long', raw: { description: 'x'.repeat(5000) } });
    assert.ok(tooltip.length < 700, `tooltip is ${tooltip.length} characters`);
    assert.match(tooltip, /…$/);
  });

  it('does not break on a record whose value cannot be serialized', () => {
    const cyclic: Record<string, unknown> = { id: 'c' };
    cyclic.self = { loop: cyclic };
    const raw: Record<string, unknown> = { id: 'c', self: cyclic.self };
    assert.match(modelTooltip({ id: 'c', raw }), /\*\*self\*\*/);
  });
});

describe('models tree errors', () => {
  it('401 and 403 lead to Set API Key, then Retry', () => {
    for (const status of [401, 403]) {
      const nodes = buildErrorNodes({ message: 'Invalid API key', status, type: 'invalid_request_error', code: 'invalid_api_key', network: false });
      assert.equal(nodes[0].kind, 'error');
      assert.match(nodes[0].label, /Invalid API key/);
      assert.equal(nodes[0].kind === 'error' && nodes[0].description, `HTTP ${status} · invalid_request_error · invalid_api_key`);
      assert.deepEqual(nodes.slice(1).map((node) => node.kind === 'action' && node.action), ['setApiKey', 'retry']);
    }
  });

  it('a network failure or a 404 leads to the base URL', () => {
    assert.equal(actionForModelsFailure({ message: 'ECONNREFUSED', network: true }), 'setBaseUrl');
    assert.equal(actionForModelsFailure({ message: 'Could not reach the proxy', code: 'proxy_unreachable', network: true }), 'retry');
    assert.equal(actionForModelsFailure({ message: 'not trusted', code: 'certificate_untrusted', network: true }), 'retry');
    assert.equal(actionForModelsFailure({ message: 'Not found', status: 404, network: false }), 'setBaseUrl');
    const nodes = buildErrorNodes({ message: 'connect ECONNREFUSED', network: true });
    assert.equal(nodes[0].kind === 'error' && nodes[0].description, 'no reply from the server');
  });

  it('a key refused before sending leads to Set API Key', () => {
    assert.equal(actionForModelsFailure({ message: 'The API key is not valid', code: 'invalid_api_key_format', network: true }), 'setApiKey');
  });

  it('anything else offers Retry once', () => {
    const nodes = buildErrorNodes({ message: 'Bad gateway', status: 502, network: false });
    assert.deepEqual(nodes.slice(1).map((node) => node.kind === 'action' && node.action), ['retry']);
    assert.equal(actionForModelsFailure({ message: 'secret storage failed', network: false }), 'retry');
  });

  it('an empty message still says something', () => {
    const nodes = buildErrorNodes({ message: '  ', status: 500, network: false });
    assert.match(nodes[0].label, /Unknown error/);
  });
});

describe('profile roots of the Models tree', () => {
  it('one root per profile in order, the active one marked, with its base URL', () => {
    assert.deepEqual(buildProfileNodes([{ name: 'Default', baseUrl: 'https://a/v1' }, { name: 'Local' }], 'Local'), [
      { kind: 'profile', name: 'Default', label: 'Default', description: 'https://a/v1', active: false },
      { kind: 'profile', name: 'Local', label: 'Local', description: 'active · no base URL', active: true },
    ]);
  });

  it('model rows under a profile root carry that profile', () => {
    const [row] = buildModelNodes([{ id: 'echo-1', raw: {} }], 'echo-1', 'Local');
    assert.equal(row.kind === 'model' && row.profile, 'Local');
    const [flat] = buildModelNodes([{ id: 'echo-1', raw: {} }], 'echo-1');
    assert.ok(flat.kind === 'model' && !('profile' in flat), 'the flat tree is as before');
  });
});
