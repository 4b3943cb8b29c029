import * as assert from 'node:assert/strict';
import { ApiError } from '../../../../src/api/errors';
import { ChatSession, EVENT_LOOP_TURN_MS, SAVE_INTERVAL_MS, type ChatSessionDeps } from '../../../../src/host/chat/chatSession';
import type { ChatClient, ChatRequestOptions, ChatSettings, StreamEvent } from '../../../../src/host/chat/chatTypes';
import type { WireMessage } from '../../../../src/api';
import { memoryChatFiles, type ChatFiles } from '../../../../src/host/chat/chatFiles';
import { HistoryStore } from '../../../../src/host/chat/historyStore';
import { ConfigurationError } from '../../../../src/host/client/configurationError';
import type { HostToWebview } from '../../../../src/shared/protocol';
import { ANSWER_SIZE_LIMIT } from '../../../../src/shared/finishReason';
import { DELTA_INTERVAL_MS } from '../../../../src/host/chat/deltaBatcher';
import { FakeTimers } from './fakeTimers';

interface Call {
  api: 'chat' | 'responses';
  model: string;
  messages: WireMessage[];
  stream?: boolean;
  maxTokens?: number;
  options?: ChatRequestOptions;
}

type Script = (call: Call) => AsyncIterable<StreamEvent>;

class FakeClient implements ChatClient {
  readonly calls: Call[] = [];

  constructor(public script: Script) {}

  chat(request: { model: string; messages: WireMessage[]; stream?: boolean; maxTokens?: number }, options?: ChatRequestOptions): AsyncIterable<StreamEvent> {
    const call: Call = { api: 'chat', model: request.model, messages: request.messages, stream: request.stream, maxTokens: request.maxTokens, options };
    this.calls.push(call);
    return this.script(call);
  }

  respond(request: { model: string; input: string | WireMessage[]; stream?: boolean; maxOutputTokens?: number }, options?: ChatRequestOptions): AsyncIterable<StreamEvent> {
    assert.ok(Array.isArray(request.input), 'responses input is sent as an array of messages');
    const call: Call = { api: 'responses', model: request.model, messages: request.input, stream: request.stream, maxTokens: request.maxOutputTokens, options };
    this.calls.push(call);
    return this.script(call);
  }
}

/** Echoes the last user message in chunks, like the reference server's echo-1. */
const echo: Script = async function* (call) {
  const text = call.messages[call.messages.length - 1].content;
  for (let i = 0; i < text.length; i += 3) {
    yield { type: 'text', text: text.slice(i, i + 3) };
  }
  yield { type: 'usage', inputTokens: 5, outputTokens: 7 };
  yield { type: 'done', finishReason: 'stop' };
};

/** Yields `first`, then waits until aborted and throws the client's AbortError. */
function hangAfter(first: string): Script {
  return async function* (call) {
    yield { type: 'text', text: first };
    await new Promise<void>((resolve) => call.options?.signal?.addEventListener('abort', () => resolve()));
    const error = new Error('The request was cancelled.');
    error.name = 'AbortError';
    throw error;
  };
}

/** Fails on the first read, before any event, like a refused request. */
function failing(error: Error): Script {
  return () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }) });
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) {
    await tick();
  }
  assert.ok(condition(), 'condition not reached');
}

describe('ChatSession', () => {
  let client: FakeClient;
  let settings: ChatSettings;
  let posted: HostToWebview[];
  let replays: number;
  let memory: ChatFiles;
  let timers: FakeTimers;
  let logged: { level: string; message: string }[];
  let clientError: unknown;

  function makeSession(overrides: Partial<ChatSessionDeps> = {}): ChatSession {
    return new ChatSession({
      getClient: async () => {
        if (clientError) {
          throw clientError;
        }
        return client;
      },
      getSettings: () => settings,
      store: new HistoryStore(memory),
      post: (message) => posted.push(message),
      onStateReplaced: () => replays++,
      log: {
        trace: (message) => logged.push({ level: 'trace', message }),
        debug: (message) => logged.push({ level: 'debug', message }),
        info: (message) => logged.push({ level: 'info', message }),
        warn: (message) => logged.push({ level: 'warn', message }),
        error: (message) => logged.push({ level: 'error', message }),
      },
      isStreamingRequiredError: (error) => error instanceof ApiError && error.code === 'streaming_required',
      timers,
      ...overrides,
    });
  }

  beforeEach(() => {
    client = new FakeClient(echo);
    settings = { model: 'echo-1', api: 'chat' };
    posted = [];
    replays = 0;
    memory = memoryChatFiles();
    timers = new FakeTimers();
    logged = [];
    clientError = undefined;
  });

  it('asks the client of the active profile and records the profile on both messages only when there are several', async () => {
    const asked: (string | undefined)[] = [];
    const session = makeSession({ getClient: async (profile) => { asked.push(profile); return client; } });
    await session.send('one endpoint');
    assert.ok(session.chat.messages.every((message) => !('profile' in message)), 'one profile: nothing recorded');
    settings = { ...settings, profile: { name: 'Local' }, profiles: [{}, {}] };
    await session.send('two endpoints');
    assert.deepEqual(session.chat.messages.slice(2).map((message) => [message.role, message.profile, message.model]), [['user', 'Local', 'echo-1'], ['assistant', 'Local', 'echo-1']]);
    assert.deepEqual(asked, [undefined, 'Local']);
  });

  describe('each chat remembers its model and profile', () => {
    /** settingsFor as the extension wires it: the chat's profile when it still exists, with its model. */
    const known = new Set(['Default', 'Local']);
    const settingsFor = (choice: { model: string; profile?: string }): ChatSettings | undefined =>
      known.has(choice.profile ?? 'Default') ? { ...settings, profile: { name: choice.profile ?? 'Default' }, model: choice.model } : undefined;

    it('a reopened chat asks the model and profile it asked last, and shows them; a new chat follows the active ones', async () => {
      const asked: (string | undefined)[] = [];
      settings = { ...settings, model: 'echo-1', profile: { name: 'Local' }, profiles: [{}, {}] };
      const session = makeSession({ settingsFor, getClient: async (profile) => { asked.push(profile); return client; } });
      await session.send('in Local');
      const first = session.chat.id;
      // Another chat, after the user picked Default / other-1 for it.
      await session.newChat();
      settings = { ...settings, model: 'other-1', profile: { name: 'Default' } };
      assert.equal(session.modelLabel(), 'Default / other-1', 'a new chat shows the active model');
      await session.send('in Default');
      await session.openChat(first);
      assert.equal(session.modelLabel(), 'Local / echo-1', 'the reopened chat shows its own model');
      await session.send('again in Local');
      assert.deepEqual(asked, ['Local', 'Default', 'Local']);
      assert.deepEqual(client.calls.map((call) => call.model), ['echo-1', 'other-1', 'echo-1']);
      assert.deepEqual(session.chat.messages.slice(-2).map((message) => [message.profile, message.model]), [['Local', 'echo-1'], ['Local', 'echo-1']]);
      await session.newChat();
      assert.equal(session.modelLabel(), 'Default / other-1', 'a new chat follows the active settings again');
    });

    it('a model picked while a reopened chat is open applies to it, even the one already active', async () => {
      settings = { ...settings, model: 'echo-1', profile: { name: 'Local' }, profiles: [{}, {}] };
      const session = makeSession({ settingsFor });
      await session.send('in Local');
      const first = session.chat.id;
      await session.newChat();
      settings = { ...settings, model: 'other-1', profile: { name: 'Default' } };
      await session.openChat(first);
      assert.equal(session.modelLabel(), 'Local / echo-1');
      session.followActiveModel();
      assert.equal(session.modelLabel(), 'Default / other-1');
      await session.send('now in Default');
      assert.equal(client.calls.at(-1)?.model, 'other-1');
    });

    it('a chat whose profile was removed, and the chat open at start-up, are handled', async () => {
      settings = { ...settings, model: 'echo-1', profile: { name: 'Gone' }, profiles: [{}, {}] };
      const before = makeSession({ settingsFor });
      await before.send('in a profile removed later');
      settings = { ...settings, model: 'other-1', profile: { name: 'Default' } };
      // A new session (the extension starting) reopens the current chat: its profile is gone, so it follows the active settings.
      const after = makeSession({ settingsFor });
      assert.equal(after.chat.id, before.chat.id);
      assert.equal(after.modelLabel(), 'Default / other-1');
      known.add('Gone');
      const again = makeSession({ settingsFor });
      assert.equal(again.modelLabel(), 'Gone / echo-1', 'the chat open at start-up continues with its own model');
      known.delete('Gone');
    });

    /** A chat answered in Local / echo-1 and closed (the extension stopping); then Default / other-1 is the active model. */
    async function chatLeftOpenInLocal(): Promise<ChatSession> {
      settings = { ...settings, model: 'echo-1', profile: { name: 'Local' }, profiles: [{}, {}] };
      const before = makeSession({ settingsFor });
      await before.send('in Local');
      await before.close();
      settings = { ...settings, model: 'other-1', profile: { name: 'Default' } };
      return before;
    }

    it('the chat open at start-up is read when first needed, not when the session is made (activation)', async () => {
      const before = await chatLeftOpenInLocal();
      const reads: string[] = [];
      const counted: ChatFiles = { ...memory, read: (name) => { reads.push(name); return memory.read(name); } };
      const after = makeSession({ settingsFor, store: new HistoryStore(counted) });
      assert.equal(reads.length, 0, `read while the session was made: ${reads.join(', ')}`);
      assert.equal(after.modelLabel(), 'Local / echo-1', 'the chat open at start-up, read now, continues with its own model');
      assert.ok(reads.some((name) => name.startsWith('chat-')), `read: ${reads.join(', ')}`);
      const count = reads.length;
      assert.equal(after.chat.id, before.chat.id);
      assert.equal(after.chat.messages.length, 2);
      assert.equal(reads.length, count, 'read once');
      await after.send('again in Local');
      assert.equal(client.calls.at(-1)?.model, 'echo-1');
    });

    it('a session closed without its chat ever being needed reads nothing and writes nothing', async () => {
      const before = makeSession();
      await before.send('an answer');
      await before.close();
      const touched: string[] = [];
      const counted: ChatFiles = {
        ...memory,
        read: (name) => { touched.push(`read ${name}`); return memory.read(name); },
        writeAtomic: (name, text) => { touched.push(`write ${name}`); return memory.writeAtomic(name, text); },
        append: (name, text) => { touched.push(`append ${name}`); return memory.append(name, text); },
      };
      const after = makeSession({ store: new HistoryStore(counted) });
      await after.close();
      after.dispose();
      assert.deepEqual(touched, []);
    });

    it('a model picked before the chat open at start-up was first read applies to it', async () => {
      const before = await chatLeftOpenInLocal();
      const after = makeSession({ settingsFor });
      after.followActiveModel();
      assert.equal(after.chat.id, before.chat.id);
      assert.equal(after.modelLabel(), 'Default / other-1');
      await after.send('now in Default');
      assert.equal(client.calls.at(-1)?.model, 'other-1');
    });
  });

  it('streams an answer: user message, empty answer, batched deltas, final update, busy off', async () => {
    const session = makeSession();
    await session.send('Hello there, world');

    const [userAdded, answerAdded, busyOn, meterOn, ...rest] = posted;
    assert.equal(meterOn.type, 'contextStatus');
    assert.deepEqual(userAdded.type === 'messageAdded' && [userAdded.message.role, userAdded.message.content], ['user', 'Hello there, world']);
    assert.ok(answerAdded.type === 'messageAdded' && answerAdded.message.role === 'assistant' && answerAdded.message.status === 'streaming');
    assert.deepEqual(busyOn, { type: 'busy', busy: true });

    const deltas = rest.filter((m) => m.type === 'delta');
    // No clock time passed while streaming: all 6 chunks leave in one delta, flushed before the status change.
    assert.deepEqual(deltas, [{ type: 'delta', messageId: answerAdded.message.id, content: 'Hello there, world' }]);
    const types = rest.map((m) => m.type);
    assert.deepEqual(types, ['delta', 'messageUpdated', 'busy', 'history', 'contextStatus']);
    const updated = rest[1];
    assert.ok(updated.type === 'messageUpdated');
    assert.equal(updated.message.status, 'done');
    assert.equal(updated.message.content, 'Hello there, world');
    assert.deepEqual(updated.message.usage, { inputTokens: 5, outputTokens: 7 });
    assert.equal(updated.message.model, 'echo-1');
    assert.equal(session.busy, false);
    assert.equal(session.chat.title, 'Hello there, world');
  });

  it('has the finished answer on disk before it tells the view the answer is done', async () => {
    const files = memoryChatFiles();
    const onDiskWhenDone: (string | undefined)[] = [];
    let stored: string | undefined;
    memory = {
      ...files,
      async writeAtomic(name, text) {
        // A slow disk: the write lands a few ticks later.
        await tick();
        await tick();
        const version = await files.writeAtomic(name, text);
        stored = text;
        return version;
      },
    };
    const session = makeSession({
      post: (message) => {
        posted.push(message);
        if (message.type === 'messageUpdated') {
          onDiskWhenDone.push(stored);
        }
      },
    });
    await session.send('Saved first');
    assert.equal(onDiskWhenDone.length, 1);
    const saved = JSON.parse(onDiskWhenDone[0] ?? '{}') as { messages?: { role: string; status: string; content: string }[] };
    assert.deepEqual(
      saved.messages?.map((m) => [m.role, m.status, m.content]),
      [['user', 'done', 'Saved first'], ['assistant', 'done', 'Saved first']],
    );
  });

  it('records why an answer ended early (the output limit), and nothing for a normal end', async () => {
    const session = makeSession();
    client.script = async function* () {
      yield { type: 'text', text: 'Half of' };
      yield { type: 'done', finishReason: 'length' };
    };
    await session.send('Tell me everything');
    client.script = echo;
    await session.send('Short');
    const finals = posted.filter((m) => m.type === 'messageUpdated').map((m) => m.type === 'messageUpdated' && m.message);
    assert.deepEqual(finals.map((m) => m && [m.content, m.finishReason]), [['Half of', 'length'], ['Short', undefined]]);
  });

  it('sends one delta per batching interval while tokens keep coming', async () => {
    client.script = async function* () {
      for (let i = 0; i < 100; i++) {
        timers.advance(1);
        yield { type: 'text', text: 'x' };
      }
    };
    await makeSession().send('go');
    const deltas = posted.filter((m) => m.type === 'delta');
    // One a batching interval, and the rest at the end.
    const intervals = Math.floor(100 / DELTA_INTERVAL_MS);
    assert.ok(deltas.length >= intervals && deltas.length <= intervals + 1, `${deltas.length} deltas for 100 tokens over 100 ms`);
    assert.equal(deltas.map((d) => (d.type === 'delta' ? d.content : '')).join(''), 'x'.repeat(100));
  });

  /**
   * Sends a prompt whose answer is 100 events 1 ms apart in one run of promise callbacks (the clock moves, timers
   * cannot fire), as when reads of a fast stream come in together; between such runs, the timers that are due run
   * (the session's turn of the event loop).
   */
  async function sendEventsReadAtOnce(): Promise<void> {
    client.script = async function* () {
      for (let i = 0; i < 100; i++) {
        timers.pass(1);
        yield { type: 'text', text: 'x' };
      }
    };
    let done = false;
    const sending = makeSession().send('go').finally(() => {
      done = true;
    });
    while (!done) {
      await tick();
      timers.advance(0);
    }
    await sending;
  }

  it('sends deltas while it works through many events read at once, in which no timer can run', async () => {
    await sendEventsReadAtOnce();
    const deltas = posted.filter((m) => m.type === 'delta');
    const intervals = Math.floor(100 / DELTA_INTERVAL_MS);
    assert.ok(deltas.length >= intervals && deltas.length <= intervals + 1, `${deltas.length} deltas for 100 tokens over 100 ms`);
    assert.equal(deltas.map((d) => (d.type === 'delta' ? d.content : '')).join(''), 'x'.repeat(100));
  });

  it('lets the event loop come round once it has spent EVENT_LOOP_TURN_MS on events read at once (events 1 ms apart: a turn every 5 ms at most)', async () => {
    // Without turns of the loop, the messages posted to the view wait in it (their compression and socket writes complete there).
    await sendEventsReadAtOnce();
    assert.ok(timers.turnTimes.length >= 100 / EVENT_LOOP_TURN_MS - 1, `${timers.turnTimes.length} turns in 100 ms`);
    const gaps = timers.turnTimes.slice(1).map((time, i) => time - timers.turnTimes[i]);
    assert.ok(gaps.every((gap) => gap <= EVENT_LOOP_TURN_MS), `gaps between turns: ${gaps.join(', ')}`);
  });

  it('sends the system prompt, the model and the output limit (chat API)', async () => {
    settings = { model: 'echo-1', api: 'chat', systemPrompt: 'Be brief.', maxOutputTokens: 64 };
    await makeSession().send('Hi');
    assert.deepEqual(client.calls[0].messages, [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }]);
    assert.equal(client.calls[0].model, 'echo-1');
    assert.equal(client.calls[0].stream, true);
    assert.equal(client.calls[0].maxTokens, 64);
    assert.equal(client.calls[0].api, 'chat');
  });

  it('uses /responses with the conversation as input when the setting says so', async () => {
    settings = { model: 'echo-1', api: 'responses', maxOutputTokens: 32 };
    const session = makeSession();
    await session.send('One');
    await session.send('Two');
    assert.equal(client.calls[1].api, 'responses');
    assert.equal(client.calls[1].maxTokens, 32);
    assert.deepEqual(client.calls[1].messages, [
      { role: 'user', content: 'One' },
      { role: 'assistant', content: 'One' },
      { role: 'user', content: 'Two' },
    ]);
  });

  it('does not send an output limit when none is set', async () => {
    await makeSession().send('Hi');
    assert.equal(client.calls[0].maxTokens, undefined);
  });

  it('Stop aborts the request and keeps the partial answer, marked stopped', async () => {
    client.script = hangAfter('Once upon');
    const session = makeSession();
    const done = session.send('Tell a story');
    await until(() => session.chat.messages[1]?.content === 'Once upon');
    assert.equal(session.busy, true);
    session.stop();
    await done;
    assert.equal(client.calls[0].options?.signal?.aborted, true, 'the request signal was aborted');
    const answer = session.chat.messages[1];
    assert.equal(answer.status, 'stopped');
    assert.equal(answer.content, 'Once upon');
    assert.equal(answer.error, undefined);
    assert.equal(session.busy, false);
  });

  it('an error after some text keeps the text and shows the error with its actions', async () => {
    client.script = async function* () {
      yield { type: 'text', text: 'Half an ans' };
      throw new ApiError('Upstream failed', { status: 200, type: 'server_error', code: 'upstream_error' });
    };
    const session = makeSession();
    await session.send('Hi');
    const answer = session.chat.messages[1];
    assert.equal(answer.status, 'error');
    assert.equal(answer.content, 'Half an ans');
    assert.deepEqual(answer.error, { message: 'Upstream failed', status: 200, type: 'server_error', code: 'upstream_error', actions: ['retry'] });
  });

  it('maps 401 to Set API Key', async () => {
    client.script = failing(new ApiError('Invalid API key', { status: 401, type: 'authentication_error', code: 'invalid_api_key' }));
    const session = makeSession();
    await session.send('Hi');
    assert.deepEqual(session.chat.messages[1].error?.actions, ['setApiKey']);
  });

  it('a missing key or base URL becomes an error with the action that fixes it', async () => {
    clientError = new ConfigurationError('No API key is set.', 'setApiKey');
    const session = makeSession();
    await session.send('Hi');
    assert.deepEqual(session.chat.messages[1].error, { message: 'No API key is set.', actions: ['setApiKey'] });
    assert.equal(client.calls.length, 0);
  });

  it('without a model, asks the user to pick one and sends nothing', async () => {
    settings = { api: 'chat' };
    const session = makeSession();
    await session.send('Hi');
    assert.deepEqual(session.chat.messages[1].error?.actions, ['selectModel', 'refreshModels']);
    assert.equal(client.calls.length, 0);
  });

  it('announces 429 back-offs for the countdown', async () => {
    client.script = async function* (call) {
      call.options?.onRetry?.({ attempt: 1, maxRetries: 3, delayMs: 500, retryAt: 12345, status: 429 });
      yield { type: 'text', text: 'ok' };
    };
    const session = makeSession();
    await session.send('Hi');
    const notice = posted.find((m) => m.type === 'retrying');
    assert.deepEqual(notice, {
      type: 'retrying',
      notice: { messageId: session.chat.messages[1].id, attempt: 1, maxRetries: 3, retryAt: 12345, delayMs: 500 },
    });
  });

  it('a state captured during a 429 back-off carries the countdown, until the answer starts', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    client.script = async function* (call) {
      call.options?.onRetry?.({ attempt: 2, maxRetries: 3, delayMs: 4000, retryAt: 99_000, status: 429 });
      await gate;
      yield { type: 'text', text: 'ok' };
    };
    const session = makeSession();
    const done = session.send('Hi');
    await until(() => posted.some((m) => m.type === 'retrying'));
    // The page was reloaded (or hidden and shown) while the client waits: the countdown must come back.
    assert.deepEqual(session.captureState().retrying, { messageId: session.chat.messages[1].id, attempt: 2, maxRetries: 3, retryAt: 99_000, delayMs: 4000 });
    release();
    await until(() => session.chat.messages[1]?.content === 'ok');
    assert.equal(session.captureState().retrying, undefined, 'text arrived: no countdown');
    await done;
    assert.equal(session.captureState().retrying, undefined);
  });

  it('runs one request at a time', async () => {
    client.script = hangAfter('...');
    const session = makeSession();
    const first = session.send('one');
    await until(() => session.busy && client.calls.length === 1);
    await session.send('two');
    assert.equal(client.calls.length, 1);
    assert.equal(session.chat.messages.length, 2);
    session.stop();
    await first;
  });

  it('ignores a blank prompt', async () => {
    const session = makeSession();
    await session.send('  \n ');
    assert.equal(session.chat.messages.length, 0);
    assert.deepEqual(posted, []);
  });

  it('Regenerate replaces the last answer and asks the same question again', async () => {
    const session = makeSession();
    await session.send('Hi');
    const firstAnswerId = session.chat.messages[1].id;
    replays = 0;
    await session.regenerate();
    assert.equal(session.chat.messages.length, 2);
    assert.notEqual(session.chat.messages[1].id, firstAnswerId);
    assert.equal(session.chat.messages[1].content, 'Hi');
    assert.equal(replays, 1, 'the view gets a full state after the old answer is dropped');
    assert.deepEqual(client.calls[1].messages, [{ role: 'user', content: 'Hi' }]);
  });

  it('Retry resends the last user message after a failure, without the failed answer', async () => {
    client.script = failing(new ApiError('Service unavailable', { status: 503 }));
    const session = makeSession();
    await session.send('Hi');
    assert.equal(session.chat.messages[1].status, 'error');
    client.script = echo;
    await session.retry();
    assert.deepEqual(session.chat.messages.map((m) => [m.role, m.status, m.content]), [['user', 'done', 'Hi'], ['assistant', 'done', 'Hi']]);
  });

  it('leaves a failed empty answer out of the next request', async () => {
    client.script = failing(new ApiError('Service unavailable', { status: 503 }));
    const session = makeSession();
    await session.send('First');
    client.script = echo;
    await session.send('Second');
    assert.deepEqual(client.calls[1].messages, [{ role: 'user', content: 'First' }, { role: 'user', content: 'Second' }]);
  });

  it('Edit replaces a user message, drops what followed, and resends from there', async () => {
    const session = makeSession();
    await session.send('First');
    await session.send('Second');
    const firstId = session.chat.messages[0].id;
    await session.edit(firstId, 'Changed');
    assert.deepEqual(session.chat.messages.map((m) => m.content), ['Changed', 'Changed']);
    assert.equal(session.chat.messages[0].id, firstId);
    assert.equal(session.chat.title, 'Changed');
    assert.deepEqual(client.calls[2].messages, [{ role: 'user', content: 'Changed' }]);
  });

  it('Edit while an answer streams stops it first', async () => {
    client.script = hangAfter('partial');
    const session = makeSession();
    const first = session.send('First');
    await until(() => session.chat.messages[1]?.content === 'partial');
    client.script = echo;
    await session.edit(session.chat.messages[0].id, 'Again');
    await first;
    assert.deepEqual(session.chat.messages.map((m) => [m.content, m.status]), [['Again', 'done'], ['Again', 'done']]);
  });

  it('New Chat right after an Edit that interrupted a streaming answer wins, and leaves no request running', async () => {
    client.script = hangAfter('partial');
    const session = makeSession();
    const first = session.send('First');
    await until(() => session.chat.messages[1]?.content === 'partial');
    const oldId = session.chat.id;
    // Both wait for the same answer to stop; the later action (New Chat) is the one that goes on.
    const edited = session.edit(session.chat.messages[0].id, 'Again');
    await session.newChat();
    assert.equal(session.busy, false, 'nothing streams into the new chat');
    assert.equal(session.chat.messages.length, 0);
    await Promise.all([first, edited]);
    assert.equal(session.busy, false);
    assert.equal(client.calls.length, 1, 'the superseded edit sent nothing');
    assert.equal(client.calls[0].options?.signal?.aborted, true);
    await tick();
    const raw = JSON.parse(memory.read(`chat-${oldId}.json`) ?? '{}') as { messages: { content: string; status: string }[] };
    assert.deepEqual(raw.messages.map((m) => [m.content, m.status]), [['First', 'done'], ['partial', 'stopped']], 'the old chat is stored finished');
  });

  it('deleting the open chat while it streams leaves nothing answering in the deleted chat', async () => {
    client.script = hangAfter('partial');
    const session = makeSession();
    const first = session.send('First');
    await until(() => session.chat.messages[1]?.content === 'partial');
    const oldId = session.chat.id;
    client.script = echo;
    let removing!: () => void;
    const removeStarted = new Promise<void>((resolve) => (removing = resolve));
    let finishRemove!: () => void;
    const removeGate = new Promise<void>((resolve) => (finishRemove = resolve));
    const remove = memory.remove.bind(memory);
    memory.remove = async (name) => {
      // Only the deleted chat's file is held (a save also removes the chat's answer journal).
      if (name === `chat-${oldId}.json`) {
        removing();
        await removeGate;
      }
      await remove(name);
    };
    const deleted = session.deleteChat(oldId);
    await first;
    await removeStarted;
    // A prompt arriving while the file is being removed belongs to the new chat.
    const sent = session.send('Second');
    finishRemove();
    await Promise.all([deleted, sent]);
    assert.notEqual(session.chat.id, oldId);
    assert.deepEqual(session.chat.messages.map((m) => m.content), ['Second', 'Second']);
    await tick();
    assert.equal(new HistoryStore(memory).load(oldId), undefined, 'the deleted chat stays deleted');
  });

  describe('streaming-only models', () => {
    it('retries once streaming when a non-streaming request is refused, and remembers the model', async () => {
      client.script = async function* (call) {
        if (!call.stream) {
          throw new ApiError('This model answers only in streaming form.', { status: 400, code: 'streaming_required' });
        }
        yield* echo(call);
      };
      settings = { ...settings, stream: false };
      const session = makeSession();
      await session.send('Hi');
      assert.deepEqual(client.calls.map((c) => c.stream), [false, true]);
      assert.equal(session.chat.messages[1].status, 'done');
      assert.equal(session.chat.messages[1].content, 'Hi');
      await session.send('Again');
      assert.deepEqual(client.calls.map((c) => c.stream), [false, true, true]);
    });

    it('follows modelAccess.stream live: off asks without streaming, on again streams, no new session needed', async () => {
      const session = makeSession();
      await session.send('one');
      settings = { ...settings, stream: false };
      await session.send('two');
      settings = { ...settings, stream: true };
      await session.send('three');
      assert.deepEqual(client.calls.map((c) => c.stream), [true, false, true]);
      assert.deepEqual(session.chat.messages.filter((m) => m.role === 'assistant').map((m) => m.status), ['done', 'done', 'done']);
    });
  });

  describe('history', () => {
    it('saves the finished chat and remembers it as current', async () => {
      const session = makeSession();
      await session.send('Hi');
      await tick();
      const store = new HistoryStore(memory);
      assert.equal(store.currentId(), session.chat.id);
      assert.deepEqual(store.load(session.chat.id)?.messages.map((m) => [m.role, m.status, m.content]), [['user', 'done', 'Hi'], ['assistant', 'done', 'Hi']]);
      assert.deepEqual(store.list().map((s) => s.title), ['Hi']);
      const lastHistory = posted.filter((m) => m.type === 'history').pop();
      assert.ok(lastHistory?.type === 'history');
      assert.deepEqual(lastHistory.history.map((s) => s.id), [session.chat.id], 'the list posted after the answer has the new chat');
    });

    it('saves a streaming answer at most every 500 ms, so a crash loses at most that window', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      client.script = async function* () {
        yield { type: 'text', text: 'partial' };
        await gate;
        yield { type: 'text', text: ' rest' };
      };
      const session = makeSession();
      const done = session.send('Hi');
      await until(() => session.chat.messages[1]?.content === 'partial');
      const stored = (): string | undefined => new HistoryStore(memory).load(session.chat.id)?.messages[1]?.content;
      assert.equal(stored(), '', 'saved once when the answer started, before any text');
      timers.advance(499);
      await tick();
      assert.equal(stored(), '');
      timers.advance(1);
      await tick();
      assert.equal(stored(), 'partial', 'saved within 500 ms while streaming');
      // A reload now ("crash"): the stored answer comes back stopped, with its text.
      const reloaded = makeSession();
      assert.equal(reloaded.chat.messages[1].status, 'stopped');
      assert.equal(reloaded.chat.messages[1].content, 'partial');
      release();
      await done;
      assert.equal(stored(), 'partial rest');
    });

    it('close() (the extension deactivating: a reload) stops the answer and settles only once its text is on disk', async () => {
      client.script = hangAfter('partial');
      const session = makeSession();
      const done = session.send('Hi');
      await until(() => session.chat.messages[1]?.content === 'partial');
      // The throttled save has not run yet: only the empty answer is stored.
      assert.equal(new HistoryStore(memory).load(session.chat.id)?.messages[1]?.content, '');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const write = memory.writeAtomic.bind(memory);
      memory.writeAtomic = async (name, text) => {
        await gate;
        return write(name, text);
      };
      let closed = false;
      const closing = session.close().then(() => (closed = true));
      for (let i = 0; i < 20; i++) await tick();
      assert.equal(closed, false, 'not before the write is on disk');
      release();
      await closing;
      await done;
      const raw = JSON.parse(memory.read(`chat-${session.chat.id}.json`) ?? '{}') as { messages: { content: string; status: string }[] };
      assert.deepEqual(raw.messages.map((m) => [m.content, m.status]), [['Hi', 'done'], ['partial', 'stopped']]);
    });

    it('reopens the current chat after a restart', async () => {
      const session = makeSession();
      await session.send('Remember me');
      await tick();
      assert.equal(makeSession().chat.id, session.chat.id);
    });

    it('a chat continued in another window is not overwritten when this window continues it', async () => {
      const here = makeSession();
      await here.send('one');
      await tick();
      timers.advance(1000);
      // A second window opens the same (current) chat and continues it.
      const there = makeSession();
      assert.equal(there.chat.id, here.chat.id);
      await there.send('two');
      await tick();
      timers.advance(1000);
      replays = 0;
      await here.send('three');
      await tick();
      const stored = new HistoryStore(memory).load(here.chat.id);
      assert.deepEqual(stored?.messages.filter((m) => m.role === 'user').map((m) => m.content), ['one', 'two', 'three']);
      assert.deepEqual(here.chat.messages.map((m) => m.content), ['one', 'one', 'two', 'two', 'three', 'three']);
      assert.ok(replays > 0, 'the view gets the chat as stored before the new message');
      assert.deepEqual(client.calls[2].messages.map((m) => m.content), ['one', 'one', 'two', 'two', 'three'], 'the model sees the whole chat');
    });

    /**
     * The next answers yield 'first', then wait for the returned release before ' second', and end
     * (once `held` settles, when given).
     */
    function gateAnswer(held?: Promise<void>): () => void {
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      client.script = async function* () {
        yield { type: 'text', text: 'first' };
        await gate;
        yield { type: 'text', text: ' second' };
        await held;
        yield { type: 'done', finishReason: 'stop' };
      };
      return () => release();
    }

    describe('naming or pinning a chat another window is answering in', () => {
      let release: () => void;
      beforeEach(() => {
        release = gateAnswer();
      });

      /** Window A streams 'first' (journaled), waiting for release. */
      async function streamingWindow(): Promise<{ here: ChatSession; answering: Promise<void> }> {
        const here = makeSession();
        const answering = here.send('Hi');
        await until(() => here.chat.messages[1]?.content === 'first');
        timers.advance(SAVE_INTERVAL_MS);
        await until(() => memory.read(`chat-${here.chat.id}.journal`) !== undefined);
        return { here, answering };
      }

      const raw = (id: string): { title: string; renamed?: boolean; pinned?: boolean; messages: { content: string; status: string }[] } =>
        JSON.parse(memory.read(`chat-${id}.json`) ?? '{}');

      for (const opened of [false, true]) {
        it(`leaves the answer streaming and its journal in place, and the name and pin outlive the answer's end (${opened ? 'open in both windows' : 'not open there'})`, async () => {
          const { here, answering } = await streamingWindow();
          const id = here.chat.id;
          const there = makeSession();
          if (!opened) await there.newChat();
          assert.equal(there.chat.id === id, opened);
          assert.equal(await there.rename(id, 'Named elsewhere'), true);
          assert.equal(await there.setPinned(id, true), undefined);
          assert.deepEqual(raw(id).messages.map((m) => m.status), ['done', 'streaming'], 'still streaming in storage');
          assert.ok(memory.read(`chat-${id}.journal`)?.includes('first'), 'the journal is kept');
          // More text arrives in window A and is journaled: a crash now still recovers all of it.
          release();
          await until(() => here.chat.messages[1]?.content === 'first second');
          timers.advance(SAVE_INTERVAL_MS);
          await answering;
          const stored = new HistoryStore(memory).load(id);
          assert.deepEqual(stored?.messages.map((m) => [m.content, m.status]), [['Hi', 'done'], ['first second', 'done']]);
          assert.deepEqual([stored?.title, stored?.renamed, stored?.pinned], ['Named elsewhere', true, true], "window A's final save kept them");
          assert.deepEqual([here.chat.title, here.chat.pinned], ['Named elsewhere', true], 'and so does window A');
          assert.ok(posted.some((m) => m.type === 'history' && m.history.some((summary) => summary.id === id && summary.title === 'Named elsewhere' && summary.pinned)));
        });
      }

      it('a crash of the answering window after the rename still reopens the text journaled after it', async () => {
        const gate = new Promise<void>((resolve) => (release = resolve));
        client.script = async function* (call) {
          yield { type: 'text', text: 'first' };
          await gate;
          yield* hangAfter(' second')(call);
        };
        const { here } = await streamingWindow();
        const there = makeSession();
        await there.newChat();
        await there.rename(here.chat.id, 'Named elsewhere');
        release();
        await until(() => here.chat.messages[1]?.content === 'first second');
        timers.advance(SAVE_INTERVAL_MS);
        await until(() => memory.read(`chat-${here.chat.id}.journal`)?.includes('second') === true);
        const reopened = new HistoryStore(memory).load(here.chat.id);
        assert.deepEqual(reopened?.messages.map((m) => [m.content, m.status]), [['Hi', 'done'], ['first second', 'stopped']]);
        assert.equal(reopened?.title, 'Named elsewhere');
        here.stop();
      });

      it('renaming it in the answering window while the other window pinned it keeps both', async () => {
        const { here, answering } = await streamingWindow();
        const there = makeSession();
        await there.newChat();
        await there.setPinned(here.chat.id, true);
        assert.equal(await here.rename(here.chat.id, 'Named here'), true);
        release();
        await answering;
        const stored = new HistoryStore(memory).load(here.chat.id);
        assert.deepEqual([stored?.title, stored?.pinned, stored?.messages[1].content], ['Named here', true, 'first second']);
      });
    });

    describe('a chat another window deletes while this one answers in it', () => {
      let release: () => void;
      beforeEach(() => {
        release = gateAnswer();
      });

      /** Window A streams 'first' (journaled) and waits; window B deletes the chat; then A's answer ends. */
      async function deletedWhileAnswering(keep: boolean | Promise<boolean>, beforeEnd?: (id: string) => Promise<void>): Promise<{ here: ChatSession; id: string; offered: string[] }> {
        const offered: string[] = [];
        const here = makeSession({ offerKeep: async (title) => { offered.push(title); return keep; } });
        const answering = here.send('Hi');
        await until(() => here.chat.messages[1]?.content === 'first');
        timers.advance(SAVE_INTERVAL_MS);
        const id = here.chat.id;
        await until(() => memory.read(`chat-${id}.journal`) !== undefined);
        const there = makeSession();
        await there.newChat();
        await there.deleteChat(id);
        assert.equal(memory.read(`chat-${id}.json`), undefined);
        release();
        await until(() => here.chat.messages[1]?.content === 'first second');
        timers.advance(SAVE_INTERVAL_MS);
        await beforeEnd?.(id);
        await answering;
        return { here, id, offered };
      }

      it('stays deleted when the answer ends: no file, no journal; the answer stays on screen and the user is asked', async () => {
        const { here, id, offered } = await deletedWhileAnswering(false);
        assert.equal(memory.read(`chat-${id}.json`), undefined, 'not written back');
        assert.equal(memory.read(`chat-${id}.journal`), undefined, 'its journal is gone too');
        assert.deepEqual(offered, [here.chat.title]);
        assert.deepEqual(here.chat.messages.map((m) => [m.content, m.status]), [['Hi', 'done'], ['first second', 'done']]);
        const lastHistory = posted.filter((m) => m.type === 'history').at(-1);
        assert.ok(lastHistory?.type === 'history' && !lastHistory.history.some((summary) => summary.id === id));
        assert.ok(logged.some((entry) => entry.level === 'info' && entry.message.includes('another window deleted')));
      });

      it('the journal it kept writing after the deletion goes too', async () => {
        let end = (): void => undefined;
        release = gateAnswer(new Promise<void>((resolve) => (end = resolve)));
        const { id } = await deletedWhileAnswering(false, async (id) => {
          await until(() => memory.read(`chat-${id}.journal`)?.includes('second') === true);
          end();
        });
        assert.deepEqual([memory.read(`chat-${id}.json`), memory.read(`chat-${id}.journal`)], [undefined, undefined]);
      });

      it('Keep Chat stores it again, whole, with the answer', async () => {
        const { id } = await deletedWhileAnswering(true);
        await until(() => new HistoryStore(memory).load(id)?.messages[1]?.status === 'done');
        const stored = new HistoryStore(memory).load(id);
        assert.deepEqual(stored?.messages.map((m) => [m.content, m.status]), [['Hi', 'done'], ['first second', 'done']]);
        assert.equal(memory.read(`chat-${id}.journal`), undefined);
      });

      it('a chat file that cannot be read meanwhile is not taken for a deletion: the answer writes it whole again', async () => {
        const here = makeSession({ offerKeep: async () => { throw new Error('not offered'); } });
        const answering = here.send('Hi');
        await until(() => here.chat.messages[1]?.content === 'first');
        const id = here.chat.id;
        await memory.writeAtomic(`chat-${id}.json`, '{ damaged');
        release();
        await answering;
        assert.deepEqual(new HistoryStore(memory).load(id)?.messages.map((m) => [m.content, m.status]), [['Hi', 'done'], ['first second', 'done']]);
      });

      it('Keep Chat after this window moved on to another chat still stores the kept one, whole', async () => {
        let keep = (_value: boolean): void => undefined;
        const { here, id } = await deletedWhileAnswering(new Promise<boolean>((resolve) => (keep = resolve)));
        await here.newChat();
        assert.notEqual(here.chat.id, id);
        keep(true);
        await until(() => new HistoryStore(memory).load(id)?.messages[1]?.status === 'done');
        assert.deepEqual(new HistoryStore(memory).load(id)?.messages.map((m) => m.content), ['Hi', 'first second']);
      });

      it('renaming it in this window stores it again, under the new name', async () => {
        const { here, id } = await deletedWhileAnswering(false);
        assert.equal(await here.rename(id, 'Kept by its name'), true);
        const stored = new HistoryStore(memory).load(id);
        assert.deepEqual([stored?.title, stored?.messages.map((m) => m.content)], ['Kept by its name', ['Hi', 'first second']]);
      });

      it('continuing it in this window stores it again, the earlier messages included', async () => {
        const { here, id } = await deletedWhileAnswering(false);
        client.script = echo;
        await here.send('again');
        const stored = new HistoryStore(memory).load(id);
        assert.deepEqual(stored?.messages.map((m) => m.content), ['Hi', 'first second', 'again', 'again']);
      });
    });

    it('a chat another window deleted while this one had it open (idle) is stored again when this window continues it', async () => {
      const here = makeSession();
      await here.send('one');
      const id = here.chat.id;
      const there = makeSession();
      await there.newChat();
      await there.deleteChat(id);
      await here.send('two');
      assert.deepEqual(new HistoryStore(memory).load(id)?.messages.map((m) => m.content), ['one', 'one', 'two', 'two']);
    });

    it('a name another window gave the open chat is kept when this window continues it', async () => {
      const here = makeSession();
      await here.send('one');
      const there = makeSession();
      await there.newChat();
      await there.rename(here.chat.id, 'Named elsewhere');
      // Pinned here before it continues: the file's name comes with the pin.
      assert.equal(await here.setPinned(here.chat.id, true), undefined);
      assert.equal(here.chat.title, 'Named elsewhere');
      await here.send('two');
      const stored = new HistoryStore(memory).load(here.chat.id);
      assert.deepEqual([stored?.title, stored?.pinned], ['Named elsewhere', true]);
      assert.deepEqual(stored?.messages.map((m) => m.content), ['one', 'one', 'two', 'two']);
    });

    it('reopening the open chat from the list shows what another window added to it', async () => {
      const here = makeSession();
      await here.send('one');
      await tick();
      timers.advance(1000);
      const there = makeSession();
      await there.send('two');
      await tick();
      replays = 0;
      await here.openChat(here.chat.id);
      assert.equal(replays, 1);
      assert.deepEqual(here.chat.messages.map((m) => m.content), ['one', 'one', 'two', 'two']);
    });

    it('New Chat starts empty and keeps the old chat in history', async () => {
      const session = makeSession();
      await session.send('Old');
      const oldId = session.chat.id;
      await session.newChat();
      assert.notEqual(session.chat.id, oldId);
      assert.equal(session.chat.messages.length, 0);
      assert.ok(replays > 0);
      assert.deepEqual(session.history().map((s) => s.id), [oldId]);
    });

    it('opens and deletes past chats', async () => {
      const session = makeSession();
      await session.send('First chat');
      const firstId = session.chat.id;
      await session.newChat();
      await session.send('Second chat');
      const secondId = session.chat.id;

      await session.openChat(firstId);
      assert.equal(session.chat.id, firstId);
      assert.equal(session.chat.messages[0].content, 'First chat');

      posted = [];
      await session.deleteChat(secondId);
      assert.deepEqual(session.history().map((s) => s.id), [firstId]);
      assert.deepEqual(posted.map((m) => m.type), ['history']);

      replays = 0;
      await session.deleteChat(firstId);
      assert.deepEqual(session.history(), []);
      assert.equal(session.chat.messages.length, 0, 'deleting the open chat starts a new one');
      assert.equal(replays, 1);
    });

    it('opening an unknown chat keeps the current one and refreshes the list', async () => {
      const session = makeSession();
      await session.send('Here');
      const id = session.chat.id;
      posted = [];
      await session.openChat('gone');
      assert.equal(session.chat.id, id);
      assert.deepEqual(posted.map((m) => m.type), ['history']);
    });
  });

  it('captureState drops deltas still waiting, since the state already has their text', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    client.script = async function* () {
      yield { type: 'text', text: 'abc' };
      await gate;
    };
    const session = makeSession();
    const done = session.send('Hi');
    await until(() => session.chat.messages[1]?.content === 'abc');
    const state = session.captureState();
    assert.equal(state.chat.messages[1].content, 'abc');
    assert.equal(state.busy, true);
    timers.advance(100);
    release();
    await done;
    assert.equal(posted.filter((m) => m.type === 'delta').length, 0, 'no delta repeats text the state carried');
  });

  it('logs prompts and answers only at trace level', async () => {
    client.script = async function* () {
      yield { type: 'text', text: 'private answer' };
      throw new ApiError('Service unavailable', { status: 503 });
    };
    await makeSession().send('private question');
    const mentions = logged.filter((line) => /private (question|answer)/.test(line.message));
    assert.ok(mentions.length >= 2, 'both are traced');
    assert.deepEqual([...new Set(mentions.map((line) => line.level))], ['trace']);
    assert.ok(logged.some((line) => line.level === 'warn' && line.message.includes('Service unavailable')));
  });

  describe('saving costs what changed, failures show, nothing is lost', () => {
    /** memory files that count the bytes each write or append puts on disk. */
    function countBytes(files: ChatFiles): number[] {
      const writes: number[] = [];
      const writeAtomic = files.writeAtomic.bind(files);
      const append = files.append.bind(files);
      files.writeAtomic = async (name, text) => {
        if (name.startsWith('chat-')) writes.push(Buffer.byteLength(text));
        return writeAtomic(name, text);
      };
      files.append = async (name, text) => {
        writes.push(Buffer.byteLength(text));
        await append(name, text);
      };
      return writes;
    }

    /** A stream the test drives: each step() lets it yield the next chunk (and, after the last, end). */
    function steppedStream(chunks: string[]): { script: Script; step(): Promise<void> } {
      let next: (() => void) | undefined;
      const wait = (): Promise<void> => new Promise<void>((resolve) => (next = resolve));
      return {
        script: async function* () {
          for (const chunk of chunks) {
            await wait();
            yield { type: 'text', text: chunk };
          }
          await wait();
          yield { type: 'done', finishReason: 'stop' };
        },
        async step() {
          await until(() => next !== undefined);
          const release = next;
          next = undefined;
          release?.();
        },
      };
    }

    async function bytesPerStreamingSave(priorMessages: number): Promise<number[]> {
      memory = memoryChatFiles();
      const store = new HistoryStore(memory);
      const big = 'y'.repeat(2000);
      const prior = { id: 'long-chat', title: 'Long', createdAt: 1, updatedAt: 1, messages: Array.from({ length: priorMessages }, (_, i) => ({
        id: `m${i}`, role: (i % 2 === 0 ? 'user' : 'assistant') as 'user' | 'assistant', content: big, status: 'done' as const, createdAt: 1,
      })) };
      await store.save(prior);
      await store.setCurrentId('long-chat');
      const writes = countBytes(memory);
      const chunks = Array.from({ length: 6 }, () => 'z'.repeat(100));
      const stream = steppedStream(chunks);
      client.script = stream.script;
      const session = makeSession();
      const done = session.send('go');
      await until(() => writes.length === 1);
      const streamingSaves: number[] = [];
      for (let i = 0; i < chunks.length; i++) {
        await stream.step();
        await until(() => session.chat.messages.at(-1)?.content.length === (i + 1) * 100);
        const before = writes.length;
        timers.advance(500);
        await until(() => writes.length > before);
        streamingSaves.push(writes.at(-1) ?? 0);
      }
      await stream.step();
      await done;
      const stored = new HistoryStore(memory).load('long-chat');
      assert.equal(stored?.messages.at(-1)?.content, chunks.join(''), 'the finished answer is stored whole');
      assert.equal(memory.read('chat-long-chat.journal'), undefined, 'the journal is folded in at the end');
      return streamingSaves;
    }

    it('a save while an answer streams writes the new text only: bytes per save do not grow with the chat', async () => {
      const small = await bytesPerStreamingSave(2);
      const large = await bytesPerStreamingSave(400);
      assert.equal(small.length, 6);
      assert.deepEqual(large, small, 'the same bytes per save for a 1.6 KB and an 800 KB chat');
      assert.ok(small.every((bytes) => bytes < 200), `each save writes about the 100 new characters: ${small.join(', ')}`);
    });

    it('a crash mid-answer: the chat file plus its journal reopen the answer, marked stopped, with all saved text', async () => {
      client.script = hangAfter('first');
      const session = makeSession();
      void session.send('Hi');
      await until(() => session.chat.messages[1]?.content === 'first');
      timers.advance(500);
      await until(() => memory.read(`chat-${session.chat.id}.journal`) !== undefined);
      // The chat file still has the empty answer; the journal has the text. A torn last line (a crash mid-append) is skipped.
      await memory.append(`chat-${session.chat.id}.journal`, '{"m":"x","c":"tor');
      const reopened = new HistoryStore(memory).load(session.chat.id);
      assert.deepEqual(reopened?.messages.map((m) => [m.content, m.status]), [['Hi', 'done'], ['first', 'stopped']]);
      session.stop();
    });

    it('a failed save is shown in the chat before the answer shows finished, and cleared once saving works again', async () => {
      let failing = true;
      const writeAtomic = memory.writeAtomic.bind(memory);
      memory.writeAtomic = async (name, text) => {
        if (failing) throw new Error("ENOTDIR: not a directory, mkdir '/x/chats'");
        return writeAtomic(name, text);
      };
      const session = makeSession();
      await session.send('Hi');
      const failure = posted.findIndex((m) => m.type === 'saveStatus' && m.error?.includes('ENOTDIR'));
      const finished = posted.findIndex((m) => m.type === 'messageUpdated' && m.message.status === 'done');
      assert.ok(failure >= 0, 'the failure is posted');
      assert.ok(failure < finished, 'before the answer shows finished');
      assert.equal(posted.filter((m) => m.type === 'saveStatus').length, 1, 'once, not at every save');
      assert.match(session.captureState().saveError ?? '', /ENOTDIR/, 'a reloaded view shows it again');
      failing = false;
      await session.send('again');
      assert.deepEqual(posted.filter((m) => m.type === 'saveStatus').at(-1), { type: 'saveStatus' });
      assert.equal(session.captureState().saveError, undefined);
    });

    it('closing writes what is not on disk yet, a save that failed included, and never a chat only looked at', async () => {
      const before = makeSession();
      await before.send('Hi');
      await before.close();
      const writes: string[] = [];
      const writeAtomic = memory.writeAtomic.bind(memory);
      let failing = false;
      memory.writeAtomic = async (name, text) => {
        if (failing) throw new Error('ENOSPC: no space left on device');
        writes.push(name);
        return writeAtomic(name, text);
      };
      // The extension starting again: the chat is shown (read), looked at, and the window closes.
      const looked = makeSession();
      assert.equal(looked.chat.messages.length, 2);
      const updatedAt = looked.chat.updatedAt;
      timers.advance(60_000);
      await looked.close();
      assert.equal(writes.length, 0, `written back: ${writes.join(', ')}`);
      assert.equal(new HistoryStore(memory).load(looked.chat.id)?.updatedAt, updatedAt, 'its updated time kept');
      // An answer whose final save failed: closing tries once more.
      failing = true;
      const failed = makeSession();
      await failed.send('again');
      assert.match(failed.captureState().saveError ?? '', /ENOSPC/);
      failing = false;
      await failed.close();
      assert.ok(writes.includes(`chat-${failed.chat.id}.json`), `written at close: ${writes.join(', ')}`);
      assert.equal(new HistoryStore(memory).load(failed.chat.id)?.messages.length, 4);
    });

    it('a send while an answer streams is given back to the prompt, not dropped', async () => {
      client.script = hangAfter('partial');
      const session = makeSession();
      const first = session.send('one');
      await until(() => session.chat.messages[1]?.content === 'partial');
      await session.send('typed meanwhile');
      assert.deepEqual(posted.filter((m) => m.type === 'sendRejected').map((m) => m.type === 'sendRejected' && m.text), ['typed meanwhile']);
      assert.equal(session.chat.messages.filter((m) => m.role === 'user').length, 1);
      session.stop();
      await first;
    });

    it('a deleted chat can be restored with Undo', async () => {
      let answerUndo!: (undo: boolean) => void;
      const offered: string[] = [];
      const session = makeSession({
        offerUndo: (title) => {
          offered.push(title);
          return new Promise((resolve) => (answerUndo = resolve));
        },
      });
      await session.send('Keep me');
      const id = session.chat.id;
      await session.newChat();
      await session.deleteChat(id);
      assert.equal(new HistoryStore(memory).load(id), undefined);
      assert.deepEqual(offered, ['Keep me']);
      answerUndo(true);
      await until(() => new HistoryStore(memory).load(id) !== undefined);
      assert.deepEqual(new HistoryStore(memory).load(id)?.messages.map((m) => m.content), ['Keep me', 'Keep me']);
      assert.ok(posted.filter((m) => m.type === 'history').at(-1)?.type === 'history');
    });

    it('an answer cut at the size limit is kept, marked with the size-limit finish reason, and saved', async () => {
      client.script = async function* (call) {
        assert.equal(call.options?.maxAnswerChars, 10, 'the limit reaches the client');
        yield { type: 'text', text: '0123456789' };
        yield { type: 'cutOff', reason: 'maxAnswerChars', limit: 10 };
      };
      const session = makeSession({ getLimits: () => ({ maxAnswerChars: 10 }) });
      await session.send('Hi');
      const stored = new HistoryStore(memory).load(session.chat.id)?.messages[1];
      assert.equal(stored?.content, '0123456789');
      assert.equal(stored?.status, 'done');
      assert.equal(stored?.finishReason, ANSWER_SIZE_LIMIT);
    });
  });
});
