// The context window in the real workbench: the meter next to the prompt, the oldest turns left out
// with the "not sent" marker (still there after a window reload), and a context-length 400 recovered
// with New chat with a summary and with Drop earlier messages and retry.
import * as assert from 'node:assert/strict';
import { eventually, useFreshEditor } from './fixture';

/** `count` copies of a four-letter word: one token each for the reference server. */
const words = (count: number, word: string): string => Array.from({ length: count }, () => word).join(' ');

describe('flow: context window', () => {
  const world = useFreshEditor({ apiKey: 'demo-key', settings: { 'modelAccess.model': 'small-context-1' } });
  const meter = () => world.chat.frame.locator('.context-meter');
  const marker = () => world.chat.frame.locator('.context-cut');
  const calls = (model: string): { status: number | null; roles: string[] | null }[] =>
    world.server.requests().filter((request) => request.model === model).map(({ status, roles }) => ({ status, roles }));

  it('small-context-1: the meter against its 400 tokens; the oldest turn is left out with the marker, which a reload keeps', async () => {
    await world.openModelAccess();
    await eventually(() => meter().getAttribute('data-limit'), (limit) => limit === '400', 'the meter to know the window from /models');
    await world.chat.prompt().fill(words(50, 'aaaa'));
    // The draft's estimate joins the meter as it is typed: 249 characters → 63 tokens + 4 for the message.
    await eventually(() => meter().getAttribute('data-estimated'), (value) => value === '67', 'the meter to count the draft');
    assert.match(await meter().innerText(), /≈67 \(estimate\) \/ 400 tokens/);
    await world.chat.prompt().press('Enter');
    await world.chat.assistantMessage(0, 'done');
    // The server reported 50 in and 50 out for that answer.
    await eventually(() => meter().getAttribute('data-reported'), (value) => value === '100', 'the meter to show the reported usage');

    await world.chat.send(words(50, 'bbbb'));
    await world.chat.assistantMessage(1, 'done');
    assert.equal(await marker().count(), 0, 'everything fit so far');
    await world.chat.send(words(50, 'cccc'));
    await world.chat.assistantMessage(2, 'done');
    await eventually(() => marker().innerText(), (text) => text.trim() === '2 earlier messages are not sent', 'the marker');
    const secondQuestion = await world.chat.messages('user').nth(1).getAttribute('data-id');
    assert.equal(await marker().evaluate((element) => element.nextElementSibling?.getAttribute('data-id')), secondQuestion);
    assert.deepEqual(calls('small-context-1').map((call) => call.roles), [['user'], ['user', 'assistant', 'user'], ['user', 'assistant', 'user']]);
    assert.ok(calls('small-context-1').every((call) => call.status === 200), 'never a 400');

    await world.workbench.reloadWindow();
    await world.openModelAccess();
    await eventually(() => marker().innerText().catch(() => ''), (text) => text.trim() === '2 earlier messages are not sent', 'the marker after the reload', 30_000);
  });

  it('hidden-context-1: a 400 offers both recoveries; the summary is shown before a new chat starts from it, and the failed chat drops earlier messages and retries', async () => {
    await world.selectModel('hidden-context-1');
    const frame = world.chat.frame;
    // New Chat and Show Chat History are the Chat view's title actions.
    await world.workbench.clickViewTitleAction('Chat', 'New Chat');
    await eventually(() => world.chat.messages().count(), (count) => count === 0, 'New Chat to empty the conversation');
    await eventually(() => meter().innerText(), (text) => /limit unknown/.test(text), 'the meter to say the limit is unknown');
    await world.chat.send(words(150, 'dddd'));
    await world.chat.assistantMessage(0, 'done');
    await world.chat.send(words(150, 'eeee'));
    const failed = await world.chat.assistantMessage(1, 'error');
    assert.match(await failed.locator('.error').innerText(), /maximum context length is 400 tokens[^]*context_length_exceeded/);

    await failed.locator('button[data-action=newChatWithSummary]').click();
    const summary = frame.locator('.summary-panel textarea.summary-text');
    await summary.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match(await summary.inputValue(), /^Summarize the conversation below[^]*User: eeee/);
    assert.equal(await world.chat.messages().count(), 4, 'nothing changes before the user confirms');
    await summary.fill('The user sent two long lists of words.');
    await frame.locator('button.start-from-summary').click();
    await eventually(() => frame.locator('.chat-summary-text').textContent(), (text) => text === 'The user sent two long lists of words.', 'the new chat to start from the summary');
    assert.equal(await frame.locator('.summary-panel').isVisible(), false);
    await world.chat.send('What did I send?');
    await world.chat.assistantMessage(0, 'done');
    assert.deepEqual(calls('hidden-context-1').at(-1), { status: 200, roles: ['system', 'user'] });

    if (!(await frame.locator('.history-list').isVisible())) {
      await world.workbench.clickViewTitleAction('Chat', 'Show Chat History');
    }
    await frame.locator('.history-list .history-item').filter({ hasText: 'dddd' }).locator('button.open-chat').click();
    const reopened = await world.chat.assistantMessage(1, 'error');
    const failedId = await reopened.getAttribute('data-id');
    await reopened.locator('button[data-action=dropEarlierAndRetry]').click();
    // The failed answer stays on screen until the retry's state replaces it.
    await eventually(() => world.chat.messages('assistant').nth(1).getAttribute('data-id'), (id) => id !== failedId, 'the failed answer to be replaced');
    await world.chat.assistantMessage(1, 'done');
    await eventually(() => marker().innerText(), (text) => text.trim() === '2 earlier messages are not sent', 'the marker after the retry');
    assert.deepEqual(calls('hidden-context-1').at(-1), { status: 200, roles: ['user'] });
  });
});
