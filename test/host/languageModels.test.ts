// Model Access as VS Code's language-model provider, through the public vscode.lm API as VS Code's
// chat and other extensions use it, against the reference server. The harness runs this suite in
// both editors and says which one in MODEL_ACCESS_TEST_EDITOR: the newest has the provider API
// (VS Code 1.104+), the older (1.100) must work without it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ModelAccessClient } from '../../src/api';
import type { ClientProvider } from '../../src/host/client/clientProvider';
import { ModelAccessChatProvider } from '../../src/host/lm/modelAccessChatProvider';
import { hooks, listedModelIds, serverUrl, setUserSetting, useDemoKeyAndServer, waitFor } from './hooks';

const VENDOR = 'model-access';
const editor = process.env.MODEL_ACCESS_TEST_EDITOR;

interface AdminRequest {
  model: string | null;
  outcome: string;
}

async function adminRequests(): Promise<AdminRequest[]> {
  const reply = await fetch(new URL('/_admin/requests', serverUrl()));
  return (await reply.json()) as AdminRequest[];
}

async function modelsOf(vendor = VENDOR): Promise<vscode.LanguageModelChat[]> {
  return vscode.lm.selectChatModels({ vendor });
}

async function model(id: string): Promise<vscode.LanguageModelChat> {
  let found: vscode.LanguageModelChat | undefined;
  await waitFor(`the language model ${id}`, async () => {
    found = (await modelsOf()).find((candidate) => candidate.id === id);
    return found !== undefined;
  }, 10_000);
  return found as vscode.LanguageModelChat;
}

async function collect(response: vscode.LanguageModelChatResponse): Promise<{ text: string[]; toolCalls: vscode.LanguageModelToolCallPart[] }> {
  const text: string[] = [];
  const toolCalls: vscode.LanguageModelToolCallPart[] = [];
  for await (const part of response.stream) {
    if (part instanceof vscode.LanguageModelTextPart) text.push(part.value);
    else if (part instanceof vscode.LanguageModelToolCallPart) toolCalls.push(part);
  }
  return { text, toolCalls };
}

describe('language models in VS Code\'s own API (vscode.lm)', function () {
  this.timeout(30_000);

  it('knows which editor it runs in', () => {
    assert.ok(editor === 'older' || editor === 'newest', `MODEL_ACCESS_TEST_EDITOR is ${String(editor)}`);
  });

  if (editor !== 'newest') {
    it('registers no provider where the editor has no provider API (VS Code 1.100), and activates all the same', async () => {
      const api = vscode.lm as unknown as { registerLanguageModelChatProvider?: unknown };
      assert.equal(api.registerLanguageModelChatProvider, undefined, `VS Code ${vscode.version} has the provider API: this is not the older editor`);
      const { languageModels } = await hooks();
      assert.equal(languageModels, undefined);
      assert.deepEqual(await modelsOf(), []);
    });
    return;
  }

  useDemoKeyAndServer();

  it('registers the provider (VS Code 1.104+)', async () => {
    const { languageModels } = await hooks();
    assert.ok(languageModels, `VS Code ${vscode.version}: the provider was not registered`);
  });

  it('selectChatModels lists exactly the server\'s listed models, with limits from their records', async () => {
    const expected = (await listedModelIds()).sort();
    await waitFor('the listed models', async () => (await modelsOf()).length === expected.length, 10_000);
    const models = await modelsOf();
    assert.deepEqual(models.map((m) => m.id).sort(), expected);
    for (const m of models) assert.equal(m.vendor, VENDOR);
    const byId = new Map(models.map((m) => [m.id, m]));
    // echo-1's record says context_length 32768; the default output limit (4096) is kept free of it.
    assert.equal(byId.get('echo-1')?.maxInputTokens, 32768 - 4096);
    // reasoning-1: context_window 65536 and max_output_tokens 8192.
    assert.equal(byId.get('reasoning-1')?.maxInputTokens, 65536 - 8192);
    // stream-only-1's record gives no size: the documented default.
    assert.equal(byId.get('stream-only-1')?.maxInputTokens, 8192);
  });

  // (Parts come as the network reads do: a short echo at full speed is one read, so one part; slow-1's
  // tokens, a read each, come as parts of their own: see the cancellation test below.)
  it('sendRequest to echo-1 streams the echo', async () => {
    const prompt = 'Hello from VS Code\'s language model API, streamed.';
    const response = await (await model('echo-1')).sendRequest([vscode.LanguageModelChatMessage.User(prompt)], {}, new vscode.CancellationTokenSource().token);
    const { text } = await collect(response);
    assert.equal(text.join(''), prompt);
  });

  it('stream-only-1 answers', async () => {
    const response = await (await model('stream-only-1')).sendRequest([vscode.LanguageModelChatMessage.User('only streaming')], {});
    assert.equal((await collect(response)).text.join(''), 'only streaming');
  });

  it('cancelling a request closes the connection: the server records client-closed', async () => {
    const slow = await model('slow-1');
    const source = new vscode.CancellationTokenSource();
    const response = await slow.sendRequest([vscode.LanguageModelChatMessage.User('go slowly')], {}, source.token);
    const before = (await adminRequests()).length;
    let parts = 0;
    for await (const part of response.text) {
      if (part) parts++;
      if (parts === 2) source.cancel();
    }
    assert.ok(parts >= 2);
    await waitFor('the server to record the closed connection', async () => {
      const requests = await adminRequests();
      return requests.slice(before - 1).some((request) => request.model === 'slow-1' && request.outcome === 'client-closed');
    }, 5000);
    const slowRequests = (await adminRequests()).filter((request) => request.model === 'slow-1');
    assert.equal(slowRequests.at(-1)?.outcome, 'client-closed');
  });

  it('the answer size limit applies to VS Code\'s requests too: firehose-1 is cut, said so, and its connection closed', async () => {
    const before = (await adminRequests()).length;
    await setUserSetting('maxAnswerChars', 3000);
    // A million tokens asked: the server is still sending when the client cuts (a short answer could
    // be all written before the cut, and the server would record it completed).
    await setUserSetting('maxOutputTokens', 1_000_000);
    try {
      const response = await (await model('firehose-1')).sendRequest([vscode.LanguageModelChatMessage.User('go')], {});
      const text = (await collect(response)).text.join('');
      const note = '\n\nCut off: the answer reached the size limit (modelAccess.maxAnswerChars), so the connection was closed.';
      assert.ok(text.endsWith(note), `no cut-off note at the end of ${text.length} characters`);
      assert.equal(text.length - note.length, 3000);
      await waitFor('the server to record the closed connection', async () =>
        (await adminRequests()).slice(before).some((request) => request.model === 'firehose-1' && request.outcome === 'client-closed'), 5000);
    } finally {
      await setUserSetting('maxAnswerChars', undefined);
      await setUserSetting('maxOutputTokens', undefined);
    }
  });

  it('a model\'s options (modelAccess.modelOptions) are sent with VS Code\'s requests', async () => {
    // The reference server does not know reasoning_effort: its 400 proves the parameter was sent.
    await setUserSetting('modelOptions', { 'echo-1': { reasoningEffort: 'high' } });
    try {
      const echo = await model('echo-1');
      await assert.rejects(
        async () => collect(await echo.sendRequest([vscode.LanguageModelChatMessage.User('hi')], {})),
        (error: unknown) => error instanceof vscode.LanguageModelError && /reasoning_effort/.test(error.message),
      );
    } finally {
      await setUserSetting('modelOptions', undefined);
    }
    const plain = await (await model('echo-1')).sendRequest([vscode.LanguageModelChatMessage.User('plain')], {});
    assert.equal((await collect(plain)).text.join(''), 'plain');
  });

  it('a refused call reaches the caller as a LanguageModelError with the server\'s message (403 → NoPermissions)', async () => {
    // restricted-1 is listed, but demo-key may not call it: 403 model_not_permitted.
    const restricted = await model('restricted-1');
    await assert.rejects(
      async () => collect(await restricted.sendRequest([vscode.LanguageModelChatMessage.User('hi')], {})),
      (error: unknown) => {
        assert.ok(error instanceof vscode.LanguageModelError, `not a LanguageModelError: ${String(error)}`);
        assert.equal(error.code, vscode.LanguageModelError.NoPermissions().code);
        assert.match(error.message, /not permitted to use the model 'restricted-1'/);
        assert.match(error.message, /HTTP 403, permission_error, model_not_permitted/);
        return true;
      },
    );
  });

  /**
   * The provider with a client of its own (the stored key stays as it is: changing it would reach
   * other suites late, through SecretStorage's change events).
   */
  async function providerWithKey(apiKey: string): Promise<ModelAccessChatProvider> {
    const { catalog, log } = await hooks();
    const clients = { getClient: () => Promise.resolve(new ModelAccessClient({ baseUrl: serverUrl(), apiKey, retry: { maxRetries: 0 } })) } as unknown as ClientProvider;
    return new ModelAccessChatProvider(clients, catalog, log);
  }

  const respond = (provider: ModelAccessChatProvider, id: string): Promise<void> => {
    const info = { id, name: id, family: id, version: id, maxInputTokens: 1000, maxOutputTokens: 100, capabilities: {} };
    return provider.provideLanguageModelChatResponse(info, [vscode.LanguageModelChatMessage.User('hi')], { toolMode: vscode.LanguageModelChatToolMode.Auto }, { report: () => undefined }, new vscode.CancellationTokenSource().token);
  };

  it('a wrong key gives a LanguageModelError (NoPermissions) carrying the server\'s 401 message', async () => {
    const provider = await providerWithKey('wrong-key');
    try {
      await assert.rejects(respond(provider, 'echo-1'), (error: unknown) => {
        assert.ok(error instanceof vscode.LanguageModelError, `not a LanguageModelError: ${String(error)}`);
        assert.equal(error.code, vscode.LanguageModelError.NoPermissions().code);
        assert.match(error.message, /Incorrect API key provided/);
        assert.match(error.message, /HTTP 401, authentication_error, invalid_api_key/);
        return true;
      });
    } finally {
      provider.dispose();
    }
  });

  it('an unknown model gives a LanguageModelError (NotFound) with the server\'s message', async () => {
    const provider = await providerWithKey('demo-key');
    try {
      await assert.rejects(respond(provider, 'no-such-model'), (error: unknown) => {
        assert.ok(error instanceof vscode.LanguageModelError);
        assert.equal(error.code, vscode.LanguageModelError.NotFound().code);
        assert.match(error.message, /'no-such-model' does not exist/);
        return true;
      });
    } finally {
      provider.dispose();
    }
  });

  it('tool calling with tools-1: the model calls the tool, and answers with its result', async () => {
    const tools1 = await model('tools-1');
    const lookup: vscode.LanguageModelChatTool = {
      name: 'lookup',
      description: 'Looks something up',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    };
    const ask = vscode.LanguageModelChatMessage.User('how many cats?');
    const first = await collect(await tools1.sendRequest([ask], { tools: [lookup] }));
    assert.equal(first.toolCalls.length, 1, 'one tool call');
    const [call] = first.toolCalls;
    assert.equal(call.name, 'lookup');
    assert.deepEqual(call.input, { query: 'how many cats?' });
    assert.match(call.callId, /\S/);

    const second = await collect(await tools1.sendRequest([
      ask,
      vscode.LanguageModelChatMessage.Assistant([call]),
      vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(call.callId, [new vscode.LanguageModelTextPart('42 cats')])]),
    ], { tools: [lookup] }));
    assert.equal(second.toolCalls.length, 0);
    assert.equal(second.text.join(''), 'The tool said: 42 cats');
  });

  it('tells VS Code to ask again when the list is refreshed, the base URL changes or tool calling is enabled for a model', async () => {
    const { languageModels } = await hooks();
    assert.ok(languageModels);
    let fired = 0;
    // VS Code announces vscode.lm.onDidChangeChatModels only when what it gets back differs, so the
    // provider's own event is what is checked here.
    const subscriptions = [languageModels.onDidChangeLanguageModelChatInformation(() => fired++)];
    const config = vscode.workspace.getConfiguration('modelAccess');
    try {
      await vscode.commands.executeCommand('modelAccess.refreshModels');
      await waitFor('a change after Refresh Models', () => fired > 0);

      fired = 0;
      await config.update('languageModels.toolCallingModels', ['echo-1'], vscode.ConfigurationTarget.Global);
      await waitFor('a change after enabling tool calling for echo-1', () => fired > 0);

      fired = 0;
      await config.update('baseUrl', `${serverUrl()}/`, vscode.ConfigurationTarget.Global);
      await waitFor('a change after a new base URL', () => fired > 0);
    } finally {
      subscriptions.forEach((subscription) => subscription.dispose());
      await config.update('languageModels.toolCallingModels', undefined, vscode.ConfigurationTarget.Global);
      await config.update('baseUrl', serverUrl(), vscode.ConfigurationTarget.Global);
    }
    // Back as it was: the listed models again.
    await waitFor('the models after the restore', async () => (await modelsOf()).length === (await listedModelIds()).length, 10_000);
  });

  it('counts tokens as an estimate (about four characters each)', async () => {
    const echo = await model('echo-1');
    assert.equal(await echo.countTokens('12345678'), 2);
  });
});
