// Working with a conversation in the real workbench: Edit and resend, Regenerate, and the history
// list (start a new chat, reopen the earlier one, delete one). Then, in the same editor (a suite each started
// and stopped one), finding and organizing chats (organize.ts), attaching context (attachments.ts) and endpoint
// profiles (profiles.ts), in that order.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Transcript } from '../../src/shared/protocol';
import { shapeText } from '../unit/webview/markdown/shapes';
import { describeAttachments } from './attachments';
import { chatsFolder as chatsOf, eventually, useFreshEditor } from './fixture';
import { describeOrganize } from './organize';
import { describeProfiles } from './profiles';
import { atMiddle } from './scrollReference';

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
  const chatsFolder = (): string => chatsOf(world);


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

  it('scrolling up through a reopened long chat moves what is on screen by what the wheel turned, skipping nothing; a search hit far up it opens on screen', async () => {
    // A settled message off screen is skipped by the browser (content-visibility) and counts its last size. With
    // its chunks skipped inside it too, that size held their estimates (200 px each), and as each message came
    // into view and its size changed, what was on screen jumped: a wheel turn of 400 px moved it 226 px (1,631 px
    // with no scroll anchoring at all).
    // (Answers skipped whole: those long enough to be skipped chunk by chunk, markdownView.ts's LONG_MESSAGE_CHUNKS, can
    // still move what is on screen now and then, see the CHANGELOG.)
    const answer = shapeText('mixed', 1_600);
    const now = Date.now();
    const messages = Array.from({ length: 120 }, (_, i) => ({
      id: `m${i}`, role: i % 2 === 0 ? 'user' : 'assistant', status: 'done', model: 'echo-1', createdAt: now - 200 + i,
      content: i % 2 === 0 ? `Question ${i / 2}${i === 4 ? ', about okapis' : ''}` : `Answer ${(i - 1) / 2}.\n\n${answer}`,
    })) as Transcript['messages'];
    const chat: Transcript = { id: 'scrollback', title: 'A long chat to scroll back through', createdAt: now - 300, updatedAt: now, messages };
    const file = path.join(chatsFolder(), 'chat-scrollback.json');
    fs.mkdirSync(chatsFolder(), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(chat));
    const frame = world.chat.frame;
    try {
      // (Opens the view itself: it runs alone too, with --grep.)
      await world.openModelAccess();
      await newChat();
      await openHistory();
      // What the page is sent (host messages arrive as the window's message events): a chat this long comes in parts.
      await frame.locator('body').evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { partsSeen: string[] }).partsSeen = seen;
        window.addEventListener('message', (event: MessageEvent<{ type?: string; chat?: { id: string; messages: unknown[] }; olderMessages?: number; messages?: unknown[] }>) => {
          const { data } = event;
          if (data?.type === 'state' && data.chat) seen.push(`state ${data.chat.id} ${data.chat.messages.length}+${data.olderMessages ?? 0}`);
          if (data?.type === 'olderMessages') seen.push(`older ${data.messages?.length ?? 0}`);
        });
      });
      await frame.locator('.history-item[data-chat-id="scrollback"] button.open-chat').click();
      await eventually(() => frame.locator('.message').count(), (count) => count === 120, 'every message of the long chat');
      const parts = await frame.locator('body').evaluate(() => (window as unknown as { partsSeen: string[] }).partsSeen);
      const [first, ...after] = parts.filter((part) => !part.startsWith('state ') || part.startsWith('state scrollback '));
      assert.equal(first, 'state scrollback 12+108', `its newest 12 messages in the state: ${parts.join(', ')}`);
      assert.equal(after.reduce((sum, part) => sum + (part.startsWith('older ') ? Number(part.slice(6)) : 0), 0), 108,
        `the 108 before them asked for after: ${parts.join(', ')}`);
      // (A message still rendering shows as streaming; the view follows the end until all of them are in.)
      await eventually(() => frame.locator('.message[aria-busy="true"]').count(), (count) => count === 0, 'every message rendered');
      const conversation = frame.locator('#conversation');
      // It shows its end (the view followed it as the older messages rendered above, nothing unpinned it).
      const fromBottom = await conversation.evaluate(async (element) => {
        const frameDone = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
        for (let last = -1; last !== element.scrollTop;) {
          last = element.scrollTop;
          await frameDone();
          await frameDone();
        }
        return element.scrollHeight - element.scrollTop - element.clientHeight;
      });
      assert.ok(fromBottom <= 32, `the reopened chat's end is in view (${fromBottom} px below the view)`);
      const box = await conversation.boundingBox();
      assert.ok(box, 'the conversation is shown');
      await world.workbench.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const middle = async (mark: boolean): Promise<{ id: string; top: number; scrollTop: number; grouped: boolean }> => {
        const { messageId, ...reference } = await atMiddle(conversation, mark);
        if (messageId === undefined) throw new Error('no message at the middle of the view');
        return { id: messageId, ...reference };
      };
      // (Turns larger than the view: each brings messages into view that the browser skipped until then. In turns of
      // 100 px, messages come into view a little at a time, and the test passed without scroll anchoring too.)
      const turnPx = 400;
      const seen = new Set<string>();
      // At least 8,000 px, and five turns into the older messages, which a reopened chat renders in groups the
      // browser skips whole off screen.
      let groupedTurns = 0;
      for (let turn = 0; turn * turnPx < 8_000 || (groupedTurns < 5 && turn < 60); turn++) {
        const before = await middle(true);
        seen.add(before.id);
        if (before.grouped) groupedTurns++;
        await world.workbench.page.mouse.wheel(0, -turnPx);
        const after = await middle(false);
        assert.ok(Math.abs(after.top - before.top - turnPx) <= 2,
          `turn ${turn}: what was at the middle (in ${before.id}) moved ${Math.round(after.top - before.top)} px for a wheel turn of ${turnPx} (scrollTop ${before.scrollTop} → ${after.scrollTop})`);
      }
      // 8,000 px: the middle of the view passed several messages, each laid out as it came near.
      const passed = [...seen].map((id) => Number(id.slice(1)));
      assert.ok(passed.length >= 6, `the messages at the middle, in turn: ${passed.join(', ')}`);
      assert.ok(groupedTurns >= 5, `turns in the groups of older messages: ${groupedTurns} (passed ${passed.join(', ')})`);
      // Each message the browser has laid out by now counted, until then, an estimate from its text (heightEstimate.ts):
      // close to its real height, so a wheel turn lays out the few messages it brings near, not a dozen at once.
      const sizes = await conversation.evaluate((element) => Array.from(element.querySelectorAll<HTMLElement>('.message[data-shown]'), (message) =>
        ({ id: message.dataset.id, estimate: Number.parseFloat(message.style.getPropertyValue('--message-height')), real: message.offsetHeight })));
      assert.ok(sizes.length >= 6, `${sizes.length} messages laid out`);
      for (const { id, estimate, real } of sizes) {
        assert.ok(estimate / real < 1.5 && real / estimate < 1.5, `${id}: estimated ${estimate} px, ${real} px laid out`);
      }

      // A message far up, in a group the browser has skipped so far (never laid out): the hit is scrolled to and drawn.
      assert.equal(await frame.locator('.message-group .message[data-id="m4"]').count(), 1);
      await world.workbench.runCommand('Model Access: Search Chats');
      const quickInput = world.workbench.quickInput();
      await quickInput.locator('.quick-input-box input').fill('okapis');
      const row = quickInput.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'okapis' }).first();
      await row.waitFor({ state: 'visible', timeout: 15_000 });
      await row.click();
      await frame.locator('.message.revealed[data-id="m4"]').waitFor({ state: 'attached', timeout: 15_000 });
      // Read as drawn (innerText): skipped content reads as empty, so this holds once the hit is on screen.
      const hit = frame.locator('.message[data-id="m4"] .content');
      await eventually(() => hit.innerText(), (text) => /okapis/.test(text), 'the revealed question to be drawn on screen');
      const [view, target] = await Promise.all([conversation.boundingBox(), hit.boundingBox()]);
      assert.ok(view && target && target.y >= view.y && target.y + target.height <= view.y + view.height, 'the hit is within the view');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  describeOrganize(world);
  describeAttachments(world);
  describeProfiles(world);
});
