// Per-model parameters from the chat session to the reference server and back, in plain Node:
// sent only when set, shown with the answer, and a refused one named with the setting to change.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isStreamingRequiredError } from '../../../src/api';
import { RecordingClient } from './recordingClient';
import { nodeChatFiles } from '../../../src/host/chat/chatFiles';
import { ChatSession } from '../../../src/host/chat/chatSession';
import type { ChatSettings } from '../../../src/host/chat/chatTypes';
import { HistoryStore } from '../../../src/host/chat/historyStore';
import { transcriptToMarkdown } from '../../../src/host/chat/markdownExport';
import { parseModelOptions } from '../../../src/host/modelOptions/modelOptions';
import { startReferenceServer, type ReferenceServer } from '../../../server';

describe('per-model parameters × chat session × reference server', () => {
  let server: ReferenceServer;
  let root: string;
  before(async () => {
    server = await startReferenceServer();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'model-options-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function session(settings: ChatSettings, client: RecordingClient): ChatSession {
    return new ChatSession({
      getClient: () => Promise.resolve(client),
      getSettings: () => settings,
      store: new HistoryStore(nodeChatFiles(fs.mkdtempSync(path.join(root, 'chats-')))),
      post: () => {},
      onStateReplaced: () => {},
      log: { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      isStreamingRequiredError,
    });
  }
  const client = (): RecordingClient => new RecordingClient({ baseUrl: server.baseUrl, apiKey: 'demo-key', retry: { maxRetries: 0 } });

  for (const api of ['chat', 'responses'] as const) {
    it(`${api}: temperature and top_p set for the model are sent, shown on the answer and exported; other models send none`, async () => {
      const recording = client();
      const modelOptions = parseModelOptions({ 'echo-1': { temperature: 0.3, topP: 0.8 }, 'slow-1': { temperature: 1 } });
      const chat = session({ model: 'echo-1', api, modelOptions }, recording);
      await chat.send('hello');
      const answer = chat.chat.messages[1]!;
      assert.equal(answer.status, 'done', answer.error?.message);
      assert.deepEqual(answer.parameters, { temperature: 0.3, topP: 0.8 });
      assert.equal(recording.requests[0]?.temperature, 0.3);
      assert.equal(recording.requests[0]?.topP, 0.8);
      assert.equal(recording.requests[0]?.reasoningEffort, undefined);
      assert.match(await transcriptToMarkdown(chat.chat), /_Parameters: temperature 0\.3 · top_p 0\.8_/);

      const plain = client();
      const other = session({ model: 'echo-1', api, modelOptions: parseModelOptions({ 'slow-1': { temperature: 1 } }) }, plain);
      await other.send('hello');
      assert.equal(other.chat.messages[1]?.parameters, undefined);
      assert.deepEqual(Object.keys(plain.requests[0] ?? {}).filter((key) => ['temperature', 'topP', 'reasoningEffort'].includes(key)), []);
    });

    it(`${api}: the server refuses the reasoning effort (400): the error says to remove it from modelAccess.modelOptions`, async () => {
      const chat = session({ model: 'echo-1', api, modelOptions: parseModelOptions({ 'echo-1': { reasoningEffort: 'high' } }) }, client());
      await chat.send('hello');
      const answer = chat.chat.messages[1]!;
      assert.equal(answer.status, 'error');
      assert.equal(answer.error?.status, 400);
      assert.match(answer.error?.message ?? '', /Unrecognized request argument .*'reasoning(_effort)?'/);
      assert.match(answer.error?.message ?? '', /remove "reasoningEffort" for "echo-1" in the modelAccess\.modelOptions setting \(Model Options… in the Models view\)\.$/);
    });
  }
});
