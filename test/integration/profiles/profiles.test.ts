// Two endpoint profiles in one chat session, over loopback: each request goes to its profile's
// endpoint with its profile's key (the reference servers record the masked key of every request),
// and each answer records the profile it came from. The clients are built as the ClientProvider
// builds them: from settingsForProfile and the profile's headers.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isStreamingRequiredError, ModelAccessClient } from '../../../src/api';
import { memoryChatFiles } from '../../../src/host/chat/chatFiles';
import { ChatSession } from '../../../src/host/chat/chatSession';
import { HistoryStore } from '../../../src/host/chat/historyStore';
import { parseSettings, settingsForProfile, type Settings } from '../../../src/host/config/parseSettings';
import { maskKey, startReferenceServer, type ReferenceServer } from '../../../server';

const quiet = { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('endpoint profiles × reference servers: the right endpoint and key for each profile', () => {
  let first: ReferenceServer;
  let second: ReferenceServer;
  before(async () => {
    first = await startReferenceServer();
    second = await startReferenceServer();
  });
  after(async () => {
    await first.close();
    await second.close();
  });

  it('one session: Default answers with demo-key on the first server, then Second with limited-key on the other; each answer names its profile', async () => {
    let settings: Settings = parseSettings({
      baseUrl: first.baseUrl,
      model: 'echo-1',
      profiles: [{ name: 'Second', baseUrl: second.baseUrl, headers: { 'X-Team': 'blue' } }],
    });
    // The keys as SecretStorage would hold them, one per profile.
    const keys: Record<string, string> = { Default: 'demo-key', Second: 'limited-key' };
    const asked: string[] = [];
    const session = new ChatSession({
      getClient: async (profile) => {
        const target = settingsForProfile(settings, profile);
        asked.push(target.profile.name);
        return new ModelAccessClient({ baseUrl: target.baseUrl!, apiKey: keys[target.profile.name], headers: target.profile.headers });
      },
      getSettings: () => settings,
      store: new HistoryStore(memoryChatFiles()),
      post: () => undefined,
      onStateReplaced: () => undefined,
      log: quiet,
      isStreamingRequiredError,
    });

    await session.send('to the default endpoint');
    settings = parseSettings({ baseUrl: first.baseUrl, model: 'echo-1', profiles: [{ name: 'Second', baseUrl: second.baseUrl }], activeProfile: 'Second' });
    await session.send('to the second endpoint');

    assert.deepEqual(asked, ['Default', 'Second']);
    const answers = session.chat.messages.filter((message) => message.role === 'assistant');
    assert.deepEqual(answers.map((answer) => [answer.status, answer.profile, answer.model]), [['done', 'Default', 'echo-1'], ['done', 'Second', 'echo-1']]);
    assert.deepEqual(first.requests().map((request) => request.keyHint), [maskKey('demo-key')]);
    assert.deepEqual(second.requests().map((request) => request.keyHint), [maskKey('limited-key')]);
  });

  it('a profile\'s extra headers are sent, beside (never instead of) the key', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const capture = http.createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[{"id":"m","object":"model"}]}');
    });
    await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(capture.address() as AddressInfo).port}/v1`;
      const settings = parseSettings({ profiles: [{ name: 'Team', baseUrl: url, headers: { 'X-Team': 'blue' } }], activeProfile: 'Team' });
      const client = new ModelAccessClient({ baseUrl: settings.baseUrl!, apiKey: 'team-key', headers: settings.profile.headers });
      await client.listModels();
      assert.equal(seen[0]['x-team'], 'blue');
      assert.equal(seen[0].authorization, 'Bearer team-key');
    } finally {
      await new Promise((resolve) => capture.close(resolve));
    }
  });

  it('a profile that tries to set Authorization is left out, so its endpoint is never used', () => {
    const settings = parseSettings({
      baseUrl: first.baseUrl,
      profiles: [{ name: 'Sneaky', baseUrl: second.baseUrl, headers: { Authorization: 'Bearer stolen' } }],
      activeProfile: 'Sneaky',
    });
    assert.equal(settings.profile.name, 'Default');
    assert.equal(settings.baseUrl, first.baseUrl);
    assert.match(settings.profileProblems[0], /Authorization" cannot be set/);
  });
});
