// Use for Chat, Select Model, Copy Model ID and the status bar, in the real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { hooks, listedModelIds, modelAccessConfig, setUserSetting, useDemoKeyAndServer, waitFor } from './hooks';

describe('model commands and status bar (in the real extension host)', () => {
  useDemoKeyAndServer();

  it('Use for Chat sets the model setting and the status bar', async () => {
    const { statusBar } = await hooks();
    await vscode.commands.executeCommand('modelAccess.useModel', 'showcase-1');
    assert.equal(modelAccessConfig().get('model'), 'showcase-1');
    await waitFor('the status bar to show showcase-1', () => statusBar.item.text === '$(hubot) showcase-1');
    assert.equal(statusBar.item.command, 'modelAccess.selectModel');
  });

  it('Use for Chat accepts the tree row it is invoked on', async () => {
    const { modelsTree, statusBar } = await hooks();
    const nodes = await modelsTree.getChildren();
    const echo = nodes.find((node) => node.label === 'echo-1');
    assert.ok(echo);
    await vscode.commands.executeCommand('modelAccess.useModel', echo);
    assert.equal(modelAccessConfig().get('model'), 'echo-1');
    await waitFor('the status bar to show echo-1', () => statusBar.item.text === '$(hubot) echo-1');
    const marked = (await modelsTree.getChildren()).filter((node) => node.kind === 'model' && node.active);
    assert.deepEqual(marked.map((node) => node.label), ['echo-1']);
  });

  it('a tree row passes itself (not a copy) to Use for Chat, which acts on it', async () => {
    const { modelsTree } = await hooks();
    await setUserSetting('model', 'echo-1');
    const row = (await modelsTree.getChildren()).find((node) => node.label === 'slow-1');
    assert.ok(row);
    const command = modelsTree.getTreeItem(row).command;
    assert.equal(command?.command, 'modelAccess.useModel');
    assert.equal(command?.arguments?.[0], row, 'the click passes the row object itself');
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    assert.equal(modelAccessConfig().inspect('model')?.globalValue, 'slow-1');
  });

  it('Use for Chat and Copy Model ID ignore a look-alike of a tree row (another extension\'s object), even in tests', async () => {
    const { modelsTree } = await hooks();
    await setUserSetting('model', 'echo-1');
    const row = (await modelsTree.getChildren()).find((node) => node.label === 'slow-1');
    assert.ok(row);
    const lookalike = { ...row, id: 'restricted-1', label: 'restricted-1' };
    assert.equal(await vscode.commands.executeCommand('modelAccess.useModel', lookalike), undefined);
    assert.equal(modelAccessConfig().inspect('model')?.globalValue, 'echo-1');
    await vscode.commands.executeCommand('modelAccess.copyModelId', lookalike);
    assert.equal(await vscode.env.clipboard.readText(), 'echo-1', 'the active model is copied, not the planted id');
  });

  it('the status bar invites a choice when no model is set', async () => {
    const { statusBar } = await hooks();
    await setUserSetting('model', undefined);
    await waitFor('the status bar to say Select model', () => statusBar.item.text === '$(hubot) Select model');
  });

  it('Select Model offers the listed models and sets the one accepted', async () => {
    const { catalog, statusBar, onModelPicksShown } = await hooks();
    await setUserSetting('model', 'echo-1');
    await catalog.list();
    const shown = new Promise<number>((resolve) => {
      const subscription = onModelPicksShown((count) => {
        subscription.dispose();
        resolve(count);
      });
    });
    const picked = vscode.commands.executeCommand<string | undefined>('modelAccess.selectModel');
    const listed = await listedModelIds();
    // The active model (echo-1, listed first) is on top; the next item is the second listed model.
    assert.equal(await shown, listed.length);
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal(listed[0], 'echo-1');
    assert.equal(await picked, listed[1]);
    assert.equal(modelAccessConfig().get('model'), listed[1]);
    await waitFor(`the status bar to show ${listed[1]}`, () => statusBar.item.text === `$(hubot) ${listed[1]}`);
  });

  it('Copy Model ID puts the id on the clipboard', async () => {
    await vscode.commands.executeCommand('modelAccess.copyModelId', 'firehose-1');
    assert.equal(await vscode.env.clipboard.readText(), 'firehose-1');
  });

  it('Test Connection passes against the reference server and never shows the key', async () => {
    await setUserSetting('model', 'echo-1');
    const result = await vscode.commands.executeCommand<{ status: string; report: string }>('modelAccess.testConnection');
    assert.equal(result.status, 'pass', result.report);
    const count = (await listedModelIds()).length;
    assert.match(result.report, new RegExp(`\\[PASS\\] GET /models: ${count} model\\(s\\)`));
    assert.match(result.report, /\[PASS\] Streaming POST \/chat\/completions: model echo-1, first token after \d+ ms/);
    assert.ok(!result.report.includes('demo-key'), 'the report contains the key');
  });

  it('Test Connection follows modelAccess.stream: off asks without streaming, and stream-only-1 is asked again streaming', async () => {
    await setUserSetting('model', 'echo-1');
    await setUserSetting('stream', false);
    try {
      const whole = await vscode.commands.executeCommand<{ status: string; report: string }>('modelAccess.testConnection');
      assert.equal(whole.status, 'pass', whole.report);
      assert.match(whole.report, /API: {6}chat, streaming off\n/);
      assert.match(whole.report, /\[PASS\] Non-streaming POST \/chat\/completions: model echo-1, /);
      assert.ok(!whole.report.includes('asked again streaming'));

      await setUserSetting('model', 'stream-only-1');
      const streamOnly = await vscode.commands.executeCommand<{ status: string; report: string }>('modelAccess.testConnection');
      assert.equal(streamOnly.status, 'pass', streamOnly.report);
      assert.match(streamOnly.report, /\[PASS\] Non-streaming POST \/chat\/completions: model stream-only-1, .*refused without streaming \(the model only streams\), so asked again streaming/);
    } finally {
      await setUserSetting('stream', undefined);
    }
  });

  it('Test Connection reports a wrong key as a failure', async () => {
    const { keys } = await hooks();
    await keys.set('wrong-key-for-tests');
    try {
      const result = await vscode.commands.executeCommand<{ status: string; report: string }>('modelAccess.testConnection');
      assert.equal(result.status, 'fail');
      assert.match(result.report, /\[FAIL\] GET \/models: .*HTTP 401/);
      assert.ok(!result.report.includes('wrong-key-for-tests'));
    } finally {
      await keys.set('demo-key');
    }
  });
});
