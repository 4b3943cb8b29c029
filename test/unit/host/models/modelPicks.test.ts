import assert from 'node:assert/strict';
import { buildModelPicks, buildProfileModelPicks } from '../../../../src/host/models/modelPicks';

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

describe('model picks across endpoint profiles', () => {
  const models = (...ids: string[]) => ids.map((id) => ({ id, raw: { id } }));

  it('labels each item `profile / model`, the active pair first and marked, each item carrying its profile', () => {
    const picks = buildProfileModelPicks(
      [{ profile: 'Default', models: models('echo-1', 'slow-1') }, { profile: 'Local', models: models('echo-1') }],
      { profile: 'Local', model: 'echo-1' },
    );
    assert.deepEqual(picks.map((pick) => [pick.label, pick.profile, pick.id, pick.active]), [
      ['$(check) Local / echo-1', 'Local', 'echo-1', true],
      ['Default / echo-1', 'Default', 'echo-1', false],
      ['Default / slow-1', 'Default', 'slow-1', false],
    ]);
  });
});
