import assert from 'node:assert/strict';
import { buildModelPicks } from '../../../../src/host/models/modelPicks';

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
});
