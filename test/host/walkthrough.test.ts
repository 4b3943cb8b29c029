// The walkthrough's steps complete on context keys (package.json `walkthroughs`, checked against
// src/host/context/contextKeyNames.ts by test/unit/release/walkthrough.test.ts). Here, in the real
// extension host, doing each step's action sets its key; each key is first set false, so a key left
// true by an earlier test cannot pass for the action's.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CONTEXT_KEYS, type ContextKey } from '../../src/host/context/contextKeyNames';
import { hooks, serverUrl, setUserSetting, snapshotState, waitFor } from './hooks';

describe('walkthrough: each step\'s action sets its context key (in the real extension host)', () => {
  let restore: () => Promise<void>;
  before(async () => {
    restore = await snapshotState();
  });
  after(async () => {
    await restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  async function keyAfter(key: ContextKey, action: () => Promise<unknown>): Promise<void> {
    const { contextKeys } = await hooks();
    await contextKeys.set(key, false);
    await action();
    await waitFor(`${key} to be set`, () => contextKeys.get(key) === true);
  }

  it('Set Base URL → modelAccess.hasBaseUrl', async () => {
    const { contextKeys } = await hooks();
    await setUserSetting('baseUrl', undefined);
    await waitFor('hasBaseUrl to turn false without a base URL', () => contextKeys.get(CONTEXT_KEYS.hasBaseUrl) === false);
    await setUserSetting('baseUrl', serverUrl());
    await waitFor('hasBaseUrl to turn true', () => contextKeys.get(CONTEXT_KEYS.hasBaseUrl) === true);
  });

  it('Set API Key → modelAccess.hasApiKey', async () => {
    const { keys } = await hooks();
    await keyAfter(CONTEXT_KEYS.hasApiKey, () => keys.set('demo-key'));
  });

  it('Select Model → modelAccess.hasModel', async () => {
    const { contextKeys } = await hooks();
    await setUserSetting('model', undefined);
    await waitFor('hasModel to turn false without a model', () => contextKeys.get(CONTEXT_KEYS.hasModel) === false);
    await setUserSetting('model', 'echo-1');
    await waitFor('hasModel to turn true', () => contextKeys.get(CONTEXT_KEYS.hasModel) === true);
  });

  it('Test Connection that passes → modelAccess.connectionTested; one that fails leaves it unset', async () => {
    const { contextKeys } = await hooks();
    await setUserSetting('model', 'echo-1');
    await contextKeys.set(CONTEXT_KEYS.connectionTested, false);
    await setUserSetting('baseUrl', 'http://127.0.0.1:9/v1');
    const failed = await vscode.commands.executeCommand<{ status: string }>('modelAccess.testConnection', 'Default');
    assert.equal(failed.status, 'fail');
    assert.equal(contextKeys.get(CONTEXT_KEYS.connectionTested), false);
    await setUserSetting('baseUrl', serverUrl());
    await keyAfter(CONTEXT_KEYS.connectionTested, async () => {
      const result = await vscode.commands.executeCommand<{ status: string; report: string }>('modelAccess.testConnection', 'Default');
      assert.equal(result.status, 'pass', result.report);
    });
  });

  it('an answer finished in the Chat view → modelAccess.chatAnswered; the selection sent with it → modelAccess.selectionSent', async () => {
    const { contextKeys } = await hooks();
    await setUserSetting('model', 'echo-1');
    await contextKeys.set(CONTEXT_KEYS.chatAnswered, false);
    await contextKeys.set(CONTEXT_KEYS.selectionSent, false);
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'const walkthrough = 1;\n' });
    await vscode.window.showTextDocument(document);
    assert.equal(await vscode.commands.executeCommand('modelAccess.askAboutSelection', 'What is this?'), true);
    await waitFor('chatAnswered to be set', () => contextKeys.get(CONTEXT_KEYS.chatAnswered) === true);
    assert.equal(contextKeys.get(CONTEXT_KEYS.selectionSent), true);
  });

  it('Send Selection to Chat → modelAccess.selectionSent; nothing to send leaves it unset', async () => {
    const { contextKeys } = await hooks();
    await contextKeys.set(CONTEXT_KEYS.selectionSent, false);
    const empty = await vscode.workspace.openTextDocument({ language: 'typescript', content: '\n' });
    await vscode.window.showTextDocument(empty);
    assert.equal(await vscode.commands.executeCommand('modelAccess.sendSelection'), false);
    assert.equal(contextKeys.get(CONTEXT_KEYS.selectionSent), false);
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'const sent = true;\n' });
    await vscode.window.showTextDocument(document);
    await keyAfter(CONTEXT_KEYS.selectionSent, async () => assert.equal(await vscode.commands.executeCommand('modelAccess.sendSelection'), true));
  });
});
