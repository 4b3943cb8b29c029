// Attachments and project instructions from the chat session to the reference server over real
// loopback: echo-1 answers with exactly the user message it received, and the server records the
// roles of every message, so the test sees what went on the wire.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isStreamingRequiredError, type ChatRequest } from '../../../src/api';
import { RecordingClient } from './recordingClient';
import { formatAttachment, userWireContent } from '../../../src/host/attachments/wireContent';
import { instructionsMessage } from '../../../src/host/instructions/instructionsText';
import { nodeChatFiles } from '../../../src/host/chat/chatFiles';
import { ChatSession } from '../../../src/host/chat/chatSession';
import { HistoryStore } from '../../../src/host/chat/historyStore';
import { startReferenceServer, type ReferenceServer } from '../../../server';

describe('attachments × chat session × reference server', () => {
  let server: ReferenceServer;
  let root: string;
  before(async () => {
    server = await startReferenceServer();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'attachments-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends the attached files inside the user message and the instructions as a system message; the chat keeps them across a reload', async () => {
    const folder = fs.mkdtempSync(path.join(root, 'chats-'));
    const client = new RecordingClient({ baseUrl: server.baseUrl, apiKey: 'demo-key', retry: { maxRetries: 0 } });
    const make = (): ChatSession => new ChatSession({
      getClient: () => Promise.resolve(client),
      getSettings: () => ({ model: 'echo-1', api: 'chat', systemPrompt: 'Be brief.' }),
      store: new HistoryStore(nodeChatFiles(folder)),
      post: () => {},
      onStateReplaced: () => {},
      log: { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      isStreamingRequiredError,
    });
    const chat = make();
    const attachments = [
      formatAttachment({ path: 'src/fence.md', languageId: 'markdown', text: 'Has ``` inside\n' }),
      formatAttachment({ path: 'big.txt', languageId: 'plaintext', text: 'x\n'.repeat(100) }, 'file', 40),
      formatAttachment({ path: 'logo.png', refused: 'binary file (it contains NUL bytes)' }),
    ];
    const instructions = instructionsMessage([{ path: 'AGENTS.md', text: 'Answer in French.' }]);
    server.reset();
    await chat.send('What is in these files?', { attachments, instructions });

    const [user, answer] = chat.chat.messages;
    assert.equal(answer.status, 'done', answer.error?.message);
    const wire = userWireContent(user);
    assert.equal(answer.content, wire, 'echo-1 answers with exactly the user message it received');
    assert.ok(wire.startsWith('````markdown src/fence.md\nHas ``` inside\n````\n\n```plaintext big.txt\n'));
    assert.match(wire, /\n\[Cut: only the first 20 of 100 lines \(39 of 199 characters\) of big\.txt were sent; the limit is 40 characters per file\.\]\n\nWhat is in these files\?$/);
    assert.ok(!wire.includes('logo.png'), 'a refused file sends nothing');
    assert.equal(user.content, 'What is in these files?', 'the transcript keeps the typed text apart');
    const [record] = server.requests().filter((request) => request.path.endsWith('/chat/completions'));
    assert.deepEqual(record.roles, ['system', 'system', 'user']);
    assert.deepEqual((client.requests[0] as ChatRequest).messages.slice(0, 2), [
      { role: 'system', content: 'Be brief.' },
      { role: 'system', content: 'Project instructions from AGENTS.md:\n\nAnswer in French.' },
    ]);

    // The next message without attachments or instructions: the first one still goes with its files
    // (it is part of the conversation), the instructions no longer do.
    await chat.send('And now?');
    assert.equal(chat.chat.messages[3].content, 'And now?');
    const second = server.requests().filter((request) => request.path.endsWith('/chat/completions'))[1];
    assert.deepEqual(second.roles, ['system', 'user', 'assistant', 'user']);
    assert.equal((client.requests[1] as ChatRequest).messages[1].content, wire);

    await chat.close();
    const reloaded = make();
    assert.deepEqual(reloaded.chat.messages[0].attachments, attachments);
    assert.deepEqual(reloaded.chat.messages[0].instructions, instructions);
  });
});
