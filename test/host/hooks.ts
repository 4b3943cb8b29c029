// Shared by the in-host tests of the host features: the extension's test hooks and small waits.
import type { ModelWindowLookup } from '../../src/host/contextWindow/contextWindowKeeper';
import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import { isStreamingRequiredError } from '../../src/api';
import { nodeChatFiles } from '../../src/host/chat/chatFiles';
import { ChatSession } from '../../src/host/chat/chatSession';
import type { ChatSettings } from '../../src/host/chat/chatTypes';
import { HistoryStore } from '../../src/host/chat/historyStore';
import { readSettings } from '../../src/host/config/settings';
import type { TestHooks } from '../../src/extension';
import { waitFor } from './waitFor';

export const EXTENSION_ID = 'model-access.model-access';

/** The reference server's base URL, which the harness also writes into the user settings. */
export function serverUrl(): string {
  const url = process.env.MODEL_ACCESS_TEST_SERVER_URL;
  assert.ok(url, 'MODEL_ACCESS_TEST_SERVER_URL is not set: run this suite through npm run test:editor');
  return url;
}

/** The objects the extension hands to tests (only in ExtensionMode.Test). */
export async function hooks(): Promise<TestHooks> {
  const extension = vscode.extensions.getExtension<TestHooks | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded`);
  const exported = await extension.activate();
  assert.ok(exported, 'the extension exported no test hooks: is the host running in ExtensionMode.Test?');
  return exported;
}

export { waitFor };

export function modelAccessConfig(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('modelAccess');
}

/** Sets a user setting and waits until the extension can read it back. */
export async function setUserSetting(key: string, value: unknown): Promise<void> {
  await modelAccessConfig().update(key, value, vscode.ConfigurationTarget.Global);
  await waitFor(`modelAccess.${key} to read back`, () => isDeepStrictEqual(modelAccessConfig().inspect(key)?.globalValue, value));
}

/** Remembers the user's key and settings so a test can change them and put them back. */
export async function snapshotState(): Promise<() => Promise<void>> {
  const { keys } = await hooks();
  const stored = (await keys.source()) === 'secretStorage' ? await keys.get() : undefined;
  const baseUrl = modelAccessConfig().inspect('baseUrl')?.globalValue;
  const model = modelAccessConfig().inspect('model')?.globalValue;
  return async () => {
    if (stored) {
      await keys.set(stored);
    } else {
      await keys.clear();
    }
    await setUserSetting('baseUrl', baseUrl);
    await setUserSetting('model', model);
  };
}

/** The model ids the reference server lists for `key`, fetched directly (not through the extension). */
export async function listedModelIds(key = 'demo-key'): Promise<string[]> {
  const reply = await fetch(`${serverUrl().replace(/\/$/, '')}/models`, { headers: { Authorization: `Bearer ${key}` } });
  assert.equal(reply.status, 200);
  const body = (await reply.json()) as { data: { id: string }[] };
  return body.data.map((model) => model.id);
}

/**
 * On the current describe(): demo-key stored and the base URL pointed at the reference server
 * before its tests, and the key and settings as they were restored after them.
 */
export function useDemoKeyAndServer(): void {
  let restore: () => Promise<void>;
  before(async () => {
    restore = await snapshotState();
    const { keys } = await hooks();
    await keys.set('demo-key');
    await setUserSetting('baseUrl', serverUrl());
  });
  after(async () => {
    await restore();
  });
}

/**
 * A chat session on the extension's own clients (the profile each answer asks for) and the user's
 * answer limits, saving into `folder`, posting nowhere. `settings` default: the user's settings as read.
 */
export function hostChatSession(folder: string, settings: () => ChatSettings = readSettings, contextWindow?: ModelWindowLookup): ChatSession {
  return new ChatSession({
    ...(contextWindow ? { contextWindow } : {}),
    getClient: async (profile) => (await hooks()).clients.getClient(profile),
    getSettings: settings,
    getLimits: () => readSettings().limits,
    store: new HistoryStore(nodeChatFiles(folder)),
    post: () => undefined,
    onStateReplaced: () => undefined,
    log: { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    isStreamingRequiredError,
  });
}
