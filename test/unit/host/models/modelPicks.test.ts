import assert from 'node:assert/strict';
import { buildModelPicks, modelIdFromArgument } from '../../../../src/host/models/modelPicks';

describe('model quick pick items', () => {
  it('labels by id, puts the active model first and marks it', () => {
    const picks = buildModelPicks([{ id: 'a', raw: {} }, { id: 'b', raw: {} }, { id: 'c', raw: {} }], 'b');
    assert.deepEqual(picks.map((pick) => pick.id), ['b', 'a', 'c']);
    assert.equal(picks[0].description, 'active');
    assert.match(picks[0].label, /b$/);
    assert.deepEqual(picks.slice(1).map((pick) => pick.label), ['a', 'c']);
  });

  it('drops duplicate ids', () => {
    assert.equal(buildModelPicks([{ id: 'a', raw: 1 }, { id: 'a', raw: 2 }], undefined).length, 1);
  });

  it('reads the model id from a string or a tree row', () => {
    assert.equal(modelIdFromArgument('echo-1'), 'echo-1');
    assert.equal(modelIdFromArgument({ kind: 'model', id: 'slow-1' }), 'slow-1');
    assert.equal(modelIdFromArgument('  '), undefined);
    assert.equal(modelIdFromArgument(undefined), undefined);
    assert.equal(modelIdFromArgument({ id: 42 }), undefined);
  });
});
