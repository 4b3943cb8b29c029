// modelAccess.stream off in the real workbench: answers are asked for whole, and a model that
// answers only in streaming form (stream-only-1) is asked once more streaming, then remembered.
import * as assert from 'node:assert/strict';
import { eventually, useFreshEditor } from './fixture';
import { streamedReply } from './referenceClient';

describe('flow: streaming turned off (modelAccess.stream: false)', () => {
  const world = useFreshEditor({ apiKey: 'demo-key', settings: { 'modelAccess.model': 'stream-only-1', 'modelAccess.stream': false } });

  /** The server's records of model calls for `model`, oldest first. */
  const calls = (model: string): { status: number | null; stream: boolean | null }[] =>
    world.server.requests().filter((request) => request.model === model).map(({ status, stream }) => ({ status, stream }));

  it('stream-only-1: refused without streaming (400), asked again streaming, and the next message streams at once', async () => {
    await world.openModelAccess();
    await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === 'stream-only-1', 'the chat model button to show stream-only-1');
    const prompt = 'Streaming is off: alpha beta gamma';
    const expected = (await streamedReply(world.server.baseUrl, 'demo-key', 'stream-only-1', prompt)).trim();
    world.server.reset();

    const before = await world.chat.messages('assistant').count();
    await world.chat.send(prompt);
    const answer = await world.chat.assistantMessage(before, 'done');
    assert.equal(await world.chat.contentText(answer), expected);
    assert.deepEqual(calls('stream-only-1'), [{ status: 400, stream: false }, { status: 200, stream: true }]);

    await world.chat.send('Second message');
    await world.chat.assistantMessage(before + 1, 'done');
    assert.deepEqual(calls('stream-only-1').slice(2), [{ status: 200, stream: true }], 'remembered: no second 400');
  });

  it('echo-1 is asked without streaming and its whole answer shows', async () => {
    await world.selectModel('echo-1');
    const prompt = 'Whole, please: one two three';
    const expected = (await streamedReply(world.server.baseUrl, 'demo-key', 'echo-1', prompt)).trim();
    world.server.reset();
    const before = await world.chat.messages('assistant').count();
    await world.chat.send(prompt);
    const answer = await world.chat.assistantMessage(before, 'done');
    assert.equal(await world.chat.contentText(answer), expected);
    assert.deepEqual(calls('echo-1'), [{ status: 200, stream: false }]);
  });
});
