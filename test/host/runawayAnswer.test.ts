// A runaway server in the real extension host: the extension's own client and the user's settings
// (read as the extension reads them) cut a firehose answer at the size limit, and the host stays
// responsive — a normal chat right after round-trips, and the models tree and model pick work.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeChatFiles } from '../../src/host/chat/chatFiles';
import type { ChatSession } from '../../src/host/chat/chatSession';
import type { ChatSettings } from '../../src/host/chat/chatTypes';
import { HistoryStore } from '../../src/host/chat/historyStore';
import { ANSWER_SIZE_LIMIT } from '../../src/shared/finishReason';
import type { ModelWindowLookup } from '../../src/host/contextWindow/contextWindowKeeper';
import { windowLookup } from '../../src/host/contextWindow/windowLookup';
import { hooks, hostChatSession, serverUrl, setUserSetting, useDemoKeyAndServer, waitFor } from './hooks';

async function outcomeOf(model: string): Promise<string | undefined> {
  const reply = await fetch(new URL('/_admin/requests', serverUrl()));
  const records = (await reply.json()) as { model: string | null; outcome: string }[];
  return records.filter((record) => record.model === model).at(-1)?.outcome;
}

describe('a runaway answer (in the real extension host)', function () {
  this.timeout(60_000);
  useDemoKeyAndServer();
  let folder: string;

  before(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'model-access-runaway-'));
  });

  after(async () => {
    await setUserSetting('maxAnswerChars', undefined);
    fs.rmSync(folder, { recursive: true, force: true });
    // Later suites look at the server's recent requests: this suite's leave none behind.
    await fetch(new URL('/_admin/reset', serverUrl()), { method: 'POST' });
  });

  function session(settings: ChatSettings, contextWindow?: ModelWindowLookup): ChatSession {
    return hostChatSession(folder, () => settings, contextWindow);
  }

  it('firehose-1 asked for a million tokens stops at modelAccess.maxAnswerChars; then echo-1, the tree and the model pick work at once', async () => {
    await setUserSetting('maxAnswerChars', 200_000);
    const runaway = session({ model: 'firehose-1', api: 'chat', maxOutputTokens: 1_000_000 });
    await runaway.send('go');
    const answer = runaway.chat.messages[1];
    assert.equal(answer.status, 'done', answer.error?.message);
    assert.equal(answer.finishReason, ANSWER_SIZE_LIMIT);
    assert.equal(answer.content.length, 200_000);
    await waitFor('the server to see the client close', async () => (await outcomeOf('firehose-1')) === 'client-closed');
    const stored = new HistoryStore(nodeChatFiles(folder)).load(runaway.chat.id);
    assert.equal(stored?.messages[1].content.length, 200_000, 'kept on disk');

    // The same chat goes on with echo-1, whose window (32768 tokens, from the extension's model list)
    // the 200,000-character answer would overflow: that turn is left out of the request.
    const { modelsTree, catalog } = await hooks();
    const listed = await catalog.list();
    const windows = windowLookup(catalog, () => 'Default', () => ({}), () => undefined);
    const normal = session({ model: 'echo-1', api: 'chat' }, (model, profile) => windows.lookup(model, profile));
    await normal.send('a normal question');
    const reply = normal.chat.messages.at(-1);
    assert.equal(reply?.role, 'assistant');
    assert.equal(reply?.status, 'done', reply?.error?.message);
    assert.equal(reply?.content, 'a normal question');
    assert.deepEqual(reply?.contextCut, { omitted: 2, resumeAt: normal.chat.messages.at(-2)?.id });
    assert.ok(listed.some((model) => model.id === 'echo-1'));

    modelsTree.refresh();
    const nodes = await modelsTree.getChildren();
    assert.ok(nodes.some((node) => node.label === 'echo-1'), 'the models tree lists again');
    // What the Select Model quick pick shows.
    assert.ok((await catalog.list()).some((model) => model.id === 'echo-1'), 'the model pick lists again');
  });
});
