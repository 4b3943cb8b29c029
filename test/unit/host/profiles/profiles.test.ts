import assert from 'node:assert/strict';
import { parseSettings, settingsForProfile } from '../../../../src/host/config/parseSettings';
import {
  activeProfile, DEFAULT_KEY_SECRET_ID, parseProfiles, profileModelLabel, profileOfSecretId, profileSecretId, removedProfiles, withProfile,
} from '../../../../src/host/profiles/profiles';

const fallback = { baseUrl: 'https://api.example.com/v1', api: 'chat' as const };

describe('endpoint profiles', () => {
  it('the existing base URL and API are the Default profile, with nothing else set', () => {
    assert.deepEqual(parseProfiles(undefined, fallback), {
      profiles: [{ name: 'Default', baseUrl: 'https://api.example.com/v1', api: 'chat', headers: {} }],
      problems: [],
    });
  });

  it('adds the listed profiles after the default, trimmed, with their API and headers', () => {
    const { profiles, problems } = parseProfiles([
      { name: ' Local ', baseUrl: ' http://127.0.0.1:8787/v1 ', api: 'responses', headers: { 'X-Team': 'blue' } },
      { name: 'Second', baseUrl: 'https://two.example/v1' },
    ], fallback);
    assert.deepEqual(problems, []);
    assert.deepEqual(profiles.slice(1), [
      { name: 'Local', baseUrl: 'http://127.0.0.1:8787/v1', api: 'responses', headers: { 'X-Team': 'blue' } },
      { name: 'Second', baseUrl: 'https://two.example/v1', api: 'chat', headers: {} },
    ]);
  });

  it('leaves out a bad entry with the reason, keeping the others', () => {
    const { profiles, problems } = parseProfiles([
      { name: 'Sneaky', baseUrl: 'https://x.example/v1', headers: { Authorization: 'Bearer stolen' } },
      { name: 'Cookie', baseUrl: 'https://x.example/v1', headers: { cookie: 'a=b' } },
      { name: 'default', baseUrl: 'https://x.example/v1' },
      { name: 'Good', baseUrl: 'https://good.example/v1' },
      { name: 'good', baseUrl: 'https://again.example/v1' },
      { name: 'No URL' },
      { name: 'a/b', baseUrl: 'https://x.example/v1' },
      { name: 'Bad API', baseUrl: 'https://x.example/v1', api: 'completions' },
      'just a string',
    ], fallback);
    assert.deepEqual(profiles.map((profile) => profile.name), ['Default', 'Good']);
    assert.equal(problems.length, 8);
    assert.match(problems[0], /profiles\[0\] \("Sneaky"\): the header "Authorization" cannot be set: the API key is sent only from secret storage/);
    assert.match(problems[1], /"cookie" cannot be set/);
    assert.match(problems[2], /already used by the profile of modelAccess.baseUrl/);
    assert.match(problems[3], /"good" is already used/);
    assert.match(problems[4], /has no baseUrl/);
    assert.match(problems[5], /cannot contain "\/"/);
    assert.match(problems[6], /api must be "chat" or "responses"/);
    assert.match(problems[7], /profiles\[8\] is not an object/);
    assert.deepEqual(parseProfiles({ name: 'x' }, fallback).problems, ['modelAccess.profiles must be a list of profiles.']);
  });

  it('stores each key under an id derived from the profile name; the default keeps the old entry', () => {
    assert.equal(profileSecretId('Default'), DEFAULT_KEY_SECRET_ID);
    assert.equal(DEFAULT_KEY_SECRET_ID, 'modelAccess.apiKey');
    assert.equal(profileSecretId('Local'), 'modelAccess.apiKey.profile:Local');
    assert.notEqual(profileSecretId('Local'), profileSecretId('local2'));
    for (const name of ['Default', 'Local', 'Team: blue']) {
      assert.equal(profileOfSecretId(profileSecretId(name)), name);
    }
    assert.equal(profileOfSecretId('someOther.secret'), undefined);
  });

  it('picks the active profile by name, falling back to the default for an unknown one', () => {
    const { profiles } = parseProfiles([{ name: 'Local', baseUrl: 'http://127.0.0.1:1/v1' }], fallback);
    assert.equal(activeProfile(profiles, 'Local').name, 'Local');
    assert.equal(activeProfile(profiles, 'Gone').name, 'Default');
    assert.equal(activeProfile(profiles, undefined).name, 'Default');
  });

  it('the settings follow the active profile; settingsForProfile gives another profile\'s view', () => {
    const settings = parseSettings({
      baseUrl: 'https://api.example.com/v1',
      profiles: [{ name: 'Local', baseUrl: 'http://127.0.0.1:1/v1', api: 'responses', headers: { 'X-A': '1' } }],
      activeProfile: 'Local',
    });
    assert.equal(settings.baseUrl, 'http://127.0.0.1:1/v1');
    assert.equal(settings.api, 'responses');
    assert.deepEqual(settings.profile.headers, { 'X-A': '1' });
    const other = settingsForProfile(settings, 'Default');
    assert.equal(other.baseUrl, 'https://api.example.com/v1');
    assert.equal(other.api, 'chat');
    assert.equal(settingsForProfile(settings, 'Unknown'), settings);
  });

  it('labels `profile / model` only with more than one profile', () => {
    assert.equal(profileModelLabel(1, 'Default', 'echo-1'), 'echo-1');
    assert.equal(profileModelLabel(2, 'Local', 'echo-1'), 'Local / echo-1');
  });

  it('finds the removed profiles by the names written, never the default', () => {
    const before = [{ name: 'A', baseUrl: 'x' }, { name: 'B', baseUrl: 'y' }, { name: 'Default' }];
    assert.deepEqual(removedProfiles(before, [{ name: 'B', baseUrl: 'y' }]), ['A']);
    // B only became invalid (its header is refused): its key stays.
    assert.deepEqual(removedProfiles(before, [{ name: 'A', baseUrl: 'x' }, { name: 'B', headers: { Authorization: 'x' } }]), []);
    assert.deepEqual(removedProfiles(before, undefined), ['A', 'B']);
  });

  it('adds a profile to the setting value, keeping the others as written', () => {
    const raw = [{ name: 'A', baseUrl: 'x', headers: { 'X-A': '1' } }];
    assert.deepEqual(withProfile(raw, { name: 'B', baseUrl: 'https://b/v1', api: 'chat' }), [...raw, { name: 'B', baseUrl: 'https://b/v1' }]);
    assert.deepEqual(withProfile(undefined, { name: 'B', baseUrl: 'https://b/v1', api: 'responses' }), [{ name: 'B', baseUrl: 'https://b/v1', api: 'responses' }]);
  });
});
