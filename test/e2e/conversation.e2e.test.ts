// Working with a conversation in the real workbench: Edit and resend, Regenerate, and the history
// list (start a new chat, reopen the earlier one, delete one).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { eventually, useFreshEditor } from './fixture';

describe('flow: edit, regenerate and history', () => {
  const world = useFreshEditor({ apiKey: 'demo-key', settings: { 'modelAccess.model': 'echo-1' } });

  const transcript = (): Promise<[string, string][]> => world.chat.transcript();

  /** New Chat and Show Chat History are the Chat view's title actions (the webview has no copies). */
  /** New Chat from the view's title: it shows the conversation in place of the history list. */
  async function newChat(): Promise<void> {
    await world.workbench.clickViewTitleAction('Chat', 'New Chat');
    await world.chat.frame.locator('.history-list').waitFor({ state: 'hidden', timeout: 15_000 });
  }
  async function openHistory(): Promise<void> {
    if (!(await world.chat.frame.locator('.history-list').isVisible())) {
      await world.workbench.clickViewTitleAction('Chat', 'Show Chat History');
    }
  }

  it('edits a sent message and resends from there', async () => {
    await world.openModelAccess();
    await world.chat.send('first version');
    await world.chat.assistantMessage(0, 'done');
    const frame = world.chat.frame;
    await frame.locator('.message[data-role=user] button.edit').first().click();
    const input = frame.locator('.message[data-role=user] textarea.edit-input');
    await input.fill('second version');
    await frame.locator('.message[data-role=user] button.edit-send').click();
    // echo-1 answers with the edited text; the old exchange is gone, not appended to.
    await eventually(transcript, (messages) => messages.length === 2 && messages[1][1] === 'second version', 'the edited exchange');
    assert.deepEqual(await transcript(), [['user', 'second version'], ['assistant', 'second version']]);
  });

  it('regenerates the last answer in place', async () => {
    const before = await world.chat.messages('assistant').first().getAttribute('data-id');
    await world.chat.frame.locator('.message[data-role=assistant] button.regenerate').last().click();
    await eventually(
      async () => [await world.chat.messages('assistant').count(), await world.chat.messages('assistant').first().getAttribute('data-id')],
      ([count, id]) => count === 1 && id !== before,
      'a new answer replacing the old one',
    );
    await world.chat.assistantMessage(0, 'done');
    assert.deepEqual(await transcript(), [['user', 'second version'], ['assistant', 'second version']]);
  });

  it('starts a new chat, reopens the earlier one from the history, and deletes one', async () => {
    const frame = world.chat.frame;
    await newChat();
    await eventually(() => world.chat.messages().count(), (count) => count === 0, 'New Chat to empty the conversation');
    await world.chat.send('another chat');
    await world.chat.assistantMessage(0, 'done');

    await world.workbench.clickViewTitleAction('Chat', 'Show Chat History');
    const items = frame.locator('.history-list .history-item');
    await eventually(() => items.count(), (count) => count === 2, 'both chats in the history list');
    await items.filter({ hasText: 'second version' }).locator('button.open-chat').click();
    await eventually(transcript, (messages) => messages[0]?.[1] === 'second version', 'the earlier chat to reopen');
    assert.deepEqual(await transcript(), [['user', 'second version'], ['assistant', 'second version']]);

    await openHistory();
    await items.filter({ hasText: 'another chat' }).locator('button.delete-chat').click();
    await eventually(() => items.count(), (count) => count === 1, 'the deleted chat to leave the list');
    assert.equal(await items.filter({ hasText: 'another chat' }).count(), 0);
    // The open chat was not the one deleted.
    assert.deepEqual(await transcript(), [['user', 'second version'], ['assistant', 'second version']]);
  });

  /** The extension's history folder in this editor's user data (see README: History). */
  const chatsFolder = (): string => path.join(world.editor.userDataDir, 'User', 'globalStorage', 'model-access.model-access', 'chats');


  it('a deleted chat comes back with Undo', async () => {
    const frame = world.chat.frame;
    await newChat();
    await world.chat.send('delete and undo');
    await world.chat.assistantMessage(0, 'done');
    await openHistory();
    const items = frame.locator('.history-list .history-item');
    await items.filter({ hasText: 'delete and undo' }).locator('button.delete-chat').click();
    await eventually(() => items.filter({ hasText: 'delete and undo' }).count(), (count) => count === 0, 'the chat to leave the list');
    const toast = world.workbench.notifications().filter({ hasText: 'Deleted the chat "delete and undo"' });
    await toast.locator('.monaco-button', { hasText: 'Undo' }).click();
    // Deleting the open chat showed a new one: the list stays open for it, and the chat comes back in it.
    assert.ok(await frame.locator('.history-list').isVisible(), 'the list is still open');
    await eventually(() => items.filter({ hasText: 'delete and undo' }).count(), (count) => count === 1, 'the chat to come back');
  });

  it('a chat another window deleted while this one answered stays deleted, until Keep Chat stores it again', async () => {
    const frame = world.chat.frame;
    await newChat();
    await world.workbench.runCommand('Model Access: Select Model');
    await world.workbench.pickQuickPickItem('slow-1');
    await eventually(() => world.chat.modelPicker().innerText(), (text) => text.trim() === 'slow-1', 'the chat model button to show slow-1');
    try {
      await world.chat.send('deleted elsewhere');
      const answer = world.chat.messages('assistant').first();
      await eventually(() => world.chat.contentText(answer).catch(() => ''), (text) => text.trim().split(/\s+/).length >= 3, 'slow-1 to stream a few words');
      // What another window's Delete does to the folder: the chat's file goes.
      const files = (): string[] => fs.readdirSync(chatsFolder()).filter((name) => name.endsWith('.json')
        && fs.readFileSync(path.join(chatsFolder(), name), 'utf8').includes('deleted elsewhere'));
      const [file] = files();
      assert.ok(file, 'the chat was saved when its answer started');
      fs.rmSync(path.join(chatsFolder(), file));
      await world.chat.stopButton().click();
      await world.chat.assistantMessage(0, 'stopped', 10_000);
      const toast = world.workbench.notifications().filter({ hasText: 'Another window deleted the chat "deleted elsewhere" while this window was answering in it, so it is not saved.' });
      await toast.waitFor({ state: 'visible', timeout: 15_000 });
      assert.deepEqual(files(), [], 'the answer\'s end did not write the deleted chat back');
      assert.deepEqual(fs.readdirSync(chatsFolder()).filter((name) => name.endsWith('.journal')), [], 'no journal is left behind');
      await toast.locator('.monaco-button', { hasText: 'Keep Chat' }).click();
      await eventually(async () => files().length, (count) => count === 1, 'Keep Chat to store the chat again');
      const kept = JSON.parse(fs.readFileSync(path.join(chatsFolder(), files()[0]), 'utf8')) as { messages: { role: string; content: string; status: string }[] };
      assert.deepEqual(kept.messages.map((message) => [message.role, message.status]), [['user', 'done'], ['assistant', 'stopped']]);
      assert.equal(kept.messages[0].content, 'deleted elsewhere');
      assert.equal(kept.messages[1].content.trim(), (await world.chat.contentText(answer)).trim());
    } finally {
      await world.workbench.runCommand('Model Access: Select Model');
      await world.workbench.pickQuickPickItem('echo-1');
      await world.workbench.dismissNotificationToasts();
    }
    assert.equal(await frame.locator('.message').count(), 2);
  });

  it('lists a chat file that cannot be read as damaged, opens it, and deletes it', async () => {
    fs.writeFileSync(path.join(chatsFolder(), 'chat-broken.json'), '{"id":"broken","messages":[{"ro');
    const frame = world.chat.frame;
    // New Chat sends the view the history again, read from the folder.
    await newChat();
    const damaged = frame.locator('.history-list .history-item.damaged');
    // The new chat's state brings the damaged entry; it no longer closes the list Show History opened after it.
    await openHistory();
    await eventually(() => damaged.count(), (count) => count === 1, 'the damaged chat in the open history list');
    assert.match(await damaged.textContent() ?? '', /Damaged chat \(cannot be read\)/);
    await damaged.locator('button.open-chat-file').click();
    await world.workbench.page.locator('.tabs-container .tab', { hasText: 'chat-broken.json' }).waitFor({ state: 'visible', timeout: 15_000 });
    assert.ok(await frame.locator('.history-list').isVisible(), 'the list is still open');
    await damaged.locator('button.delete-chat').click();
    await eventually(() => damaged.count(), (count) => count === 0, 'the damaged chat to be deleted');
    assert.equal(fs.existsSync(path.join(chatsFolder(), 'chat-broken.json')), false);
    await world.workbench.dismissNotificationToasts();
  });

  it('shows a failed save in the chat until saving works again', async () => {
    const folder = chatsFolder();
    const aside = `${folder}.aside`;
    fs.renameSync(folder, aside);
    fs.writeFileSync(folder, 'a file where the folder should be');
    try {
      await newChat();
      await world.chat.send('not saved');
      await world.chat.assistantMessage(0, 'done');
      const banner = world.chat.frame.locator('.save-error');
      await banner.waitFor({ state: 'visible', timeout: 15_000 });
      assert.match(await banner.textContent() ?? '', /This chat could not be saved: .*(EEXIST|ENOTDIR)/);
    } finally {
      fs.rmSync(folder, { force: true });
      fs.renameSync(aside, folder);
    }
    await world.chat.send('saved again');
    await eventually(() => world.chat.frame.locator('.save-error').isVisible(), (visible) => !visible, 'the alert to go once a save works');
  });
});
