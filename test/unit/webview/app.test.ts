import * as assert from 'node:assert/strict';
import type { TranscriptMessage } from '../../../src/shared/protocol';
import { BEHIND_FOLLOW_MS, USER_SCROLL_MS } from '../../../src/webview/conversation/conversationView';
import { estimatedHeight } from '../../../src/webview/conversation/heightEstimate';
import { olderPage, stateStart } from '../../../src/host/chat/olderMessages';
import { BEHIND_FRAME_BUDGET_CHARS, FRAME_BUDGET_CHARS } from '../../../src/webview/frameBudget';
import { click, createAppHarness, isShown, key, stateMessage, type AppHarness } from './appHarness';

let nextId = 1;
function message(role: TranscriptMessage['role'], content: string, extra: Partial<TranscriptMessage> = {}): TranscriptMessage {
  return { id: `m${nextId++}`, role, content, status: 'done', createdAt: 1, ...extra };
}

const state = stateMessage;

function type(h: AppHarness, text: string): HTMLTextAreaElement {
  const prompt = h.$<HTMLTextAreaElement>('textarea#prompt');
  prompt.value = text;
  prompt.dispatchEvent(new h.window.Event('input', { bubbles: true }));
  return prompt;
}

describe('webview/app (jsdom)', () => {
  describe('conversation rendering (DOM contract)', () => {
    it('the footer shows the parameters the answer was asked with, after the usage', () => {
      const h = createAppHarness();
      const both = message('assistant', 'a', { model: 'echo-1', usage: { inputTokens: 1, outputTokens: 2 }, parameters: { temperature: 0.2, reasoningEffort: 'high' } });
      const only = message('assistant', 'b', { model: 'echo-1', parameters: { topP: 0.9 } });
      h.receive(state([both, only]));
      h.runFrames();
      assert.equal(h.$(`.message[data-id="${both.id}"] .usage`).textContent, 'Tokens: 1 in · 2 out — Parameters: temperature 0.2 · reasoning effort high');
      assert.equal(h.$(`.message[data-id="${only.id}"] .usage`).textContent, 'Parameters: top_p 0.9');
      assert.equal(isShown(h.$(`.message[data-id="${only.id}"] .usage`)), true);
    });

    it('replays a state: messages with role, status, id, markdown content, usage, reasoning and errors', () => {
      const h = createAppHarness();
      const question = message('user', 'What is **2+2**?');
      const answer = message('assistant', 'It is `4`.', { model: 'echo-1', reasoning: 'Add them.', usage: { inputTokens: 12, outputTokens: 3 } });
      const failed = message('assistant', 'partial text', {
        status: 'error',
        error: { message: 'Invalid API key', status: 401, type: 'authentication_error', code: 'invalid_api_key', actions: ['setApiKey'] },
      });
      h.receive(state([question, answer, failed]));
      h.runFrames();

      const messages = h.$$('.message');
      assert.deepEqual(messages.map((m) => [m.dataset.role, m.dataset.status, m.dataset.id]), [
        ['user', 'done', question.id],
        ['assistant', 'done', answer.id],
        ['assistant', 'error', failed.id],
      ]);
      assert.equal(h.$(`.message[data-id="${question.id}"] .content strong`).textContent, '2+2');
      assert.equal(h.$(`.message[data-id="${answer.id}"] .content code`).textContent, '4');
      assert.equal(h.$(`.message[data-id="${answer.id}"] .usage`).textContent, 'Tokens: 12 in · 3 out');
      const reasoning = h.$<HTMLDetailsElement>(`.message[data-id="${answer.id}"] details.reasoning`);
      assert.equal(reasoning.open, false);
      assert.equal(reasoning.querySelector('.reasoning-content')?.textContent?.trim(), 'Add them.');
      assert.equal(h.doc.querySelector(`.message[data-id="${question.id}"] details.reasoning`), null);
      const error = h.$(`.message[data-id="${failed.id}"] .error`);
      assert.match(error.textContent ?? '', /Invalid API key/);
      assert.match(error.textContent ?? '', /HTTP 401 · authentication_error · invalid_api_key/);
      assert.equal(h.$(`.message[data-id="${failed.id}"] .content`).textContent?.trim(), 'partial text', 'a failed answer keeps its text');
      assert.equal(isShown(h.$(`.message[data-id="${answer.id}"] .error`)), false);
      assert.equal(isShown(h.$(`.message[data-id="${failed.id}"] .usage`)), false, 'no usage, no parameters: no footer');
    });

    it('shows the model id on the model picker, which opens the host quick pick', () => {
      const h = createAppHarness();
      h.receive(state([]));
      const picker = h.$<HTMLButtonElement>('button#model-picker');
      assert.equal(picker.textContent, 'echo-1');
      click(h.window, picker);
      assert.deepEqual(h.posted, [{ type: 'pickModel' }]);
      h.receive({ type: 'modelChanged', model: 'showcase-1' });
      assert.equal(picker.textContent, 'showcase-1');
    });

    it('marks a stopped answer and keeps its partial text', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'hi'), answer], { busy: true }));
      h.receive({ type: 'delta', messageId: answer.id, content: 'Partial ans' });
      h.runFrames();
      h.receive({ type: 'messageUpdated', message: { ...answer, content: 'Partial ans', status: 'stopped' } });
      h.runFrames();
      const view = h.$(`.message[data-id="${answer.id}"]`);
      assert.equal(view.dataset.status, 'stopped');
      assert.equal(view.querySelector('.content')?.textContent?.trim(), 'Partial ans');
      assert.ok(isShown(view.querySelector('.status-note')));
      assert.equal(h.$('#status').textContent, 'Answer stopped.');
    });

    it('says when an answer was cut off at the output-token limit', () => {
      const h = createAppHarness();
      const whole = message('assistant', 'All of it', { status: 'done' });
      const cut = message('assistant', 'Half of', { status: 'done', finishReason: 'length' });
      h.receive(state([message('user', 'a'), whole, message('user', 'b'), cut]));
      h.runFrames();
      assert.equal(isShown(h.$(`.message[data-id="${whole.id}"] .status-note`)), false);
      const note = h.$(`.message[data-id="${cut.id}"] .status-note`);
      assert.ok(isShown(note));
      assert.match(note.textContent ?? '', /output-token limit/);
    });

    it('offers error actions that post runAction', () => {
      const h = createAppHarness();
      const failed = message('assistant', '', {
        status: 'error',
        error: { message: 'Service unavailable', status: 503, actions: ['retry', 'selectModel'] },
      });
      h.receive(state([message('user', 'q'), failed]));
      const buttons = h.$$<HTMLButtonElement>('.message .error button[data-action]');
      assert.deepEqual(buttons.map((b) => b.dataset.action), ['retry', 'selectModel']);
      click(h.window, buttons[0]);
      assert.deepEqual(h.posted, [{ type: 'runAction', action: 'retry' }]);
    });

    it('offers Regenerate on the last answer only, and not while busy', () => {
      const h = createAppHarness();
      const first = message('assistant', 'one');
      const last = message('assistant', 'two');
      h.receive(state([message('user', 'a'), first, message('user', 'b'), last]));
      assert.equal(isShown(h.$(`.message[data-id="${first.id}"] button.regenerate`)), false);
      const regenerate = h.$(`.message[data-id="${last.id}"] button.regenerate`);
      assert.ok(isShown(regenerate));
      click(h.window, regenerate);
      assert.deepEqual(h.posted, [{ type: 'regenerate' }]);
      h.receive({ type: 'busy', busy: true });
      assert.equal(isShown(regenerate), false);
    });

    it('edits a user message inline and posts edit', () => {
      const h = createAppHarness();
      const question = message('user', 'old question');
      h.receive(state([question, message('assistant', 'answer')]));
      click(h.window, h.$(`.message[data-id="${question.id}"] button.edit`));
      const editor = h.$<HTMLTextAreaElement>(`.message[data-id="${question.id}"] textarea.edit-input`);
      assert.equal(editor.value, 'old question');
      assert.equal(h.doc.activeElement, editor);
      editor.value = 'new question';
      editor.dispatchEvent(key(h.window, 'keydown', { key: 'Enter', shiftKey: true }));
      assert.deepEqual(h.posted, [], 'Shift+Enter is a new line in the editor too');
      editor.dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
      assert.deepEqual(h.posted, [{ type: 'edit', messageId: question.id, text: 'new question' }]);
      assert.equal(h.doc.querySelector('textarea.edit-input'), null);
    });

    /** A question and its answer shown, the answer's Regenerate focused. */
    function focusedRegenerate(): { h: AppHarness; question: TranscriptMessage; regenerate: HTMLButtonElement } {
      const h = createAppHarness();
      const question = message('user', 'q');
      const answer = message('assistant', 'a');
      h.receive(state([question, answer]));
      const regenerate = h.$<HTMLButtonElement>(`.message[data-id="${answer.id}"] button.regenerate`);
      regenerate.focus();
      return { h, question, regenerate };
    }

    it('keeps keyboard focus in the view when the host replaces the conversation (Regenerate, Edit, Retry)', () => {
      const { h, question, regenerate } = focusedRegenerate();
      click(h.window, regenerate);
      // The host truncates after the question and replays the state: the focused button is gone.
      h.receive(state([question]));
      assert.equal(h.doc.activeElement, h.$('textarea#prompt'));

      // Edit keeps the message (its id), so its Edit button, which has focus back, stays; the answer
      // that follows makes the host busy, which disables the button and sends focus to the prompt.
      const edit = h.$<HTMLButtonElement>('button.edit');
      click(h.window, edit);
      h.$('textarea.edit-input').dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
      h.receive(state([{ ...question, content: 'edited' }]));
      assert.equal(h.doc.activeElement, edit);
      h.receive({ type: 'busy', busy: true });
      assert.equal(h.doc.activeElement, h.$('textarea#prompt'));
    });

    it('moves focus to the prompt when the focused button is disabled or hidden because an answer starts', () => {
      // Chromium moves focus off such a button only later, to the page: keyboard users were stranded.
      const h = createAppHarness();
      const question = message('user', 'q');
      const answer = message('assistant', 'a');
      h.receive(state([question, answer]));
      const edit = h.$<HTMLButtonElement>(`.message[data-id="${question.id}"] button.edit`);
      edit.focus();
      h.receive({ type: 'busy', busy: true });
      assert.equal(edit.disabled, true);
      assert.equal(h.doc.activeElement, h.$('textarea#prompt'));

      h.receive({ type: 'busy', busy: false });
      const regenerate = h.$<HTMLButtonElement>(`.message[data-id="${answer.id}"] button.regenerate`);
      regenerate.focus();
      h.receive({ type: 'busy', busy: true });
      assert.equal(isShown(regenerate), false);
      assert.equal(h.doc.activeElement, h.$('textarea#prompt'));
    });

    it('never takes the focus back while the user is outside the page (an editor, the command palette)', () => {
      const { h, question } = focusedRegenerate();
      // The page keeps its active element when the workbench takes the focus; only the document knows it lost it.
      h.doc.hasFocus = () => false;
      h.receive({ type: 'busy', busy: true });
      h.receive(state([question]));
      assert.notEqual(h.doc.activeElement, h.$('textarea#prompt'));
    });

    it('leaves focus alone when a replay arrives while the user is elsewhere in the view', () => {
      const h = createAppHarness();
      h.receive(state([message('user', 'q')]));
      const picker = h.$<HTMLButtonElement>('button#model-picker');
      picker.focus();
      h.receive(state([message('user', 'q')]));
      assert.equal(h.doc.activeElement, picker);
    });

    it('cancels an edit with Escape', () => {
      const h = createAppHarness();
      const question = message('user', 'q');
      h.receive(state([question]));
      click(h.window, h.$('button.edit'));
      h.$('textarea.edit-input').dispatchEvent(key(h.window, 'keydown', { key: 'Escape' }));
      assert.equal(h.doc.querySelector('textarea.edit-input'), null);
      assert.ok(isShown(h.$(`.message[data-id="${question.id}"] .content`)));
      assert.deepEqual(h.posted, []);
    });
  });

  describe('streaming', () => {
    it('shows the final text together with the final status, without waiting for a frame', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      h.receive({ type: 'delta', messageId: answer.id, content: 'Last words' });
      h.receive({ type: 'messageUpdated', message: { ...answer, content: 'Last words', status: 'done' } });
      const view = h.$(`.message[data-id="${answer.id}"]`);
      assert.equal(view.dataset.status, 'done');
      assert.equal(view.querySelector('.content')?.textContent?.trim(), 'Last words');
    });

    it('a streaming answer gets the frame\'s budget before an older message still rendering (a pasted 40 KB prompt, echoed)', () => {
      const h = createAppHarness();
      const prompt = Array.from({ length: 800 }, (_, i) => `Line ${i} of the pasted text.`).join('\n\n');
      const question = message('user', prompt);
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([], { busy: true }));
      h.receive({ type: 'messageAdded', message: question });
      h.receive({ type: 'messageAdded', message: answer });
      const reply = Array.from({ length: 100 }, (_, i) => `Answer word ${i}.`).join(' ');
      h.receive({ type: 'delta', messageId: answer.id, content: reply });
      const text = (role: string): string => (h.$(`.message[data-role=${role}] .content`).textContent ?? '').replace(/\s+/g, ' ').trim();
      const words = (markdown: string): string => markdown.replace(/\s+/g, ' ').trim();
      h.runFrames();
      assert.equal(text('assistant'), words(reply), 'the answer rendered whole in the first frame');
      assert.ok(text('user').length < words(prompt).length, 'the question is not rendered whole yet');
      for (let frames = 0; frames < 100 && h.runFrames() > 0; frames++);
      assert.equal(text('user'), words(prompt), 'and then the question is');
    });

    it('writes the status attributes only when they change, not once per frame while an answer streams', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      h.runFrames();
      const view = h.$(`.message[data-id="${answer.id}"]`);
      const observer = new h.window.MutationObserver(() => undefined);
      observer.observe(view, { attributes: true, attributeFilter: ['data-status', 'aria-busy'] });
      let content = '';
      for (let i = 0; i < 20; i++) {
        content += `word${i} `;
        h.receive({ type: 'delta', messageId: answer.id, content: `word${i} ` });
        h.runFrames();
      }
      assert.deepEqual(observer.takeRecords().map((record) => record.attributeName), [], 'no writes while it streams');
      h.receive({ type: 'messageUpdated', message: { ...answer, content, status: 'done' } });
      assert.deepEqual(observer.takeRecords().map((record) => record.attributeName), ['data-status', 'aria-busy'], 'one write each when it ends');
    });

    it('renders hundreds of deltas arriving within one frame with one render', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'count')], { busy: true }));
      h.runFrames();
      h.receive({ type: 'messageAdded', message: answer });
      h.runFrames();
      const rendersBefore = h.app.scheduler.frames;
      let expected = '';
      // As many as one frame's budget of text takes (a larger batch renders over several frames: next test).
      let count = 0;
      for (let i = 0; ; i++) {
        const piece = i % 100 === 99 ? `w${i}\n\n` : `w${i} `;
        if (expected.length + piece.length > FRAME_BUDGET_CHARS) break;
        expected += piece;
        count++;
        h.receive({ type: 'delta', messageId: answer.id, content: piece });
      }
      assert.ok(count >= 500, `${count} deltas`);
      assert.equal(h.runFrames(), 1, 'one frame requested for all the deltas');
      assert.equal(h.app.scheduler.frames - rendersBefore, 1);
      const paragraphs = h.$$(`.message[data-id="${answer.id}"] .content p`).map((p) => p.textContent);
      assert.deepEqual(paragraphs, expected.trim().split('\n\n').map((p) => p.trim()));
    });

    it('renders a batch larger than a frame over several frames, and shows the final status only when all of it is in', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      const item = (i: number): string => `- item ${i} with some words in it\n`;
      const text = Array.from({ length: 2_000 }, (_, i) => item(i)).join('');
      h.receive({ type: 'delta', messageId: answer.id, content: text });
      h.receive({ type: 'messageUpdated', message: { ...answer, content: text, status: 'done' } });
      const view = h.$(`.message[data-id="${answer.id}"]`);
      // The final update renders its first part at once (one task), the rest one part per frame.
      const items: number[] = [view.querySelectorAll('.content li').length];
      while (view.dataset.status === 'streaming') {
        assert.ok(h.runFrames() > 0, 'rendering stalled');
        items.push(view.querySelectorAll('.content li').length);
      }
      assert.equal(view.dataset.status, 'done');
      assert.equal(view.querySelectorAll('.content li').length, 2_000);
      assert.ok(items.length > 3, `rendered in ${items.length} frames`);
      const steps = items.map((count, i) => count - (items[i - 1] ?? 0));
      // No frame renders more than the larger budget (the page is behind): that many characters of items.
      const shortestItem = item(0).length;
      assert.ok(Math.max(...steps) <= Math.ceil(BEHIND_FRAME_BUDGET_CHARS / shortestItem) + 1, `items added per frame: ${steps.join(', ')}`);
    });

    /**
     * An app whose list grows 100 px a frame, with the follows (scrollTop writes) recorded. jsdom has
     * no layout: a ResizeObserver the test calls stands for the browser's, after each frame's layout.
     */
    function followedApp(): { h: AppHarness; scrolls: number[]; frame(): number; height(): number } {
      const observers: ((entries: unknown[]) => void)[] = [];
      const h = createAppHarness('', undefined, (window) => {
        (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
          constructor(callback: (entries: unknown[]) => void) { observers.push(callback); }
          observe(): void {}
        };
      });
      const scroller = h.$('#conversation');
      let height = 0;
      const scrolls: number[] = [];
      Object.defineProperty(scroller, 'scrollHeight', { get: () => height });
      Object.defineProperty(scroller, 'scrollTop', { get: () => scrolls.at(-1) ?? 0, set: (top: number) => scrolls.push(top) });
      const frame = (): number => {
        const ran = h.runFrames();
        height += 100;
        // (No entries: jsdom has no sizes to report.)
        observers.forEach((callback) => callback([]));
        return ran;
      };
      return { h, scrolls, frame, height: () => height };
    }

    it('lets the browser keep what is on screen in place while the user reads away from the end, not while it follows the stream', () => {
      const { h, scrolls, frame } = followedApp();
      const scroller = h.$('#conversation');
      const answer = message('assistant', 'an answer');
      h.receive(state([message('user', 'q'), answer]));
      frame();
      frame();
      scroller.dispatchEvent(new h.window.Event('scroll'));
      assert.equal(scroller.hasAttribute('data-reading'), false, 'following: the view keeps to the end itself');
      scroller.dispatchEvent(new h.window.Event('wheel'));
      scrolls.push(scrolls.at(-1)! - 150);
      scroller.dispatchEvent(new h.window.Event('scroll'));
      assert.equal(scroller.hasAttribute('data-reading'), true, 'scrolled up: anchored (chat.css)');
      (h.$('button.scroll-to-bottom') as HTMLButtonElement).click();
      assert.equal(scroller.hasAttribute('data-reading'), false, 'Scroll to Latest: following again');
      h.receive({ type: 'revealMessage', messageId: answer.id });
      assert.equal(scroller.hasAttribute('data-reading'), true, 'a search hit opened: the reader is there');
    });

    it('keeps a search hit where it was scrolled to while what is around it is laid out and grows, until the view follows the end', () => {
      const { h, scrolls, frame, height } = followedApp();
      const messages = Array.from({ length: 40 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `Message ${i}`));
      h.receive(state(messages));
      while (h.runFrames() > 0) { /* the older messages */ }
      const target = h.$(`.message[data-id="${messages[4].id}"]`);
      // jsdom has no layout: scrolled to the middle, and its top as the browser would give it.
      let centred = 0;
      let targetTop = 400;
      (target as HTMLElement & { scrollIntoView(options?: unknown): void }).scrollIntoView = () => { centred++; };
      target.getBoundingClientRect = () => ({ top: targetTop } as DOMRect);
      h.receive({ type: 'revealMessage', messageId: messages[4].id });
      assert.equal(centred, 1);
      const before = scrolls.at(-1)!;
      // The messages above it are laid out and grow by 900 px, of which the browser's anchoring kept none.
      targetTop += 900;
      frame();
      assert.equal(scrolls.at(-1), before + 900, 'scrolled by what it moved');
      targetTop -= 900;
      const settled = scrolls.length;
      frame();
      assert.equal(scrolls.length, settled, 'nothing moved: the view is not touched');
      (h.$('button.scroll-to-bottom') as HTMLButtonElement).click();
      targetTop += 300;
      frame();
      assert.equal(scrolls.at(-1), height(), 'following the end again');
    });

    it('while the user reads up the chat, puts what is at the middle of the view back where it was when the list changes size, as far as the browser\'s anchoring did not', () => {
      const { h, scrolls, frame, height } = followedApp();
      const scroller = h.$('#conversation');
      const messages = Array.from({ length: 40 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `Message ${i}`));
      h.receive(state(messages));
      while (h.runFrames() > 0) { /* the older messages */ }
      frame();
      // jsdom has no layout: the element at the middle of the view, and its top, as the browser would give them.
      const middle = h.$(`.message[data-id="${messages[10].id}"] .content`);
      let middleTop = 300;
      (h.doc as unknown as { elementFromPoint(): Element }).elementFromPoint = () => middle;
      middle.getBoundingClientRect = () => ({ top: middleTop } as DOMRect);
      scroller.dispatchEvent(new h.window.Event('wheel'));
      scrolls.push(scrolls.at(-1)! - 400);
      scroller.dispatchEvent(new h.window.Event('scroll'));
      assert.equal(scroller.hasAttribute('data-reading'), true);
      const before = scrolls.at(-1)!;
      // Messages above it were laid out and grew by 700 px; the browser's anchoring moved the view by 500 of them.
      middleTop += 200;
      frame();
      assert.equal(scrolls.at(-1), before + 200, 'the 200 px left over');
      middleTop -= 200;
      scroller.dispatchEvent(new h.window.Event('scroll'));
      const settled = scrolls.length;
      frame();
      assert.equal(scrolls.length, settled, 'nothing moved: the view is not touched');
      // Following the end again: the view keeps to the end, not to what was read.
      (h.$('button.scroll-to-bottom') as HTMLButtonElement).click();
      middleTop += 300;
      frame();
      assert.equal(scrolls.at(-1), height(), 'at the end');
    });

    it('keeps a Find match where it was scrolled to the same way, the first one and the next after Enter', () => {
      const { h, scrolls, frame } = followedApp();
      const messages = Array.from({ length: 40 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', i === 4 || i === 6 ? `the okapi ${i}` : `Message ${i}`));
      h.receive(state(messages));
      while (h.runFrames() > 0) { /* the older messages */ }
      // jsdom has no layout: each element's top as the browser would give it, moved by `shift`.
      let shift = 0;
      const centred: Element[] = [];
      const proto = h.window.HTMLElement.prototype as unknown as { scrollIntoView(): void; getBoundingClientRect(): DOMRect };
      proto.scrollIntoView = function (this: Element) { centred.push(this); };
      proto.getBoundingClientRect = () => ({ top: 400 + shift } as DOMRect);
      const inMessage = (index: number) => (element: Element | undefined): boolean => element?.closest('.message')?.getAttribute('data-id') === messages[index].id;
      h.doc.dispatchEvent(key(h.window, 'keydown', { key: 'f', ctrlKey: true }));
      const input = h.$<HTMLInputElement>('.find-bar .find-input');
      input.value = 'okapi';
      input.dispatchEvent(new h.window.Event('input', { bubbles: true }));
      assert.ok(inMessage(4)(centred.at(-1)), 'the first match is scrolled to');
      let before = scrolls.at(-1)!;
      shift = 500;
      frame();
      assert.equal(scrolls.at(-1), before + 500, 'and kept there as what is around it grows');
      input.dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
      assert.ok(inMessage(6)(centred.at(-1)), 'Enter: the next match');
      before = scrolls.at(-1)!;
      shift = 800;
      frame();
      assert.equal(scrolls.at(-1), before + 300, 'kept there too: Enter in the find box is not the user scrolling the view');
    });

    it('stops following only when the user scrolls up (wheel, key, touch, scrollbar), not when the position goes up by itself', () => {
      const { h, scrolls, frame } = followedApp();
      const scroller = h.$('#conversation');
      h.receive(state([message('user', 'q'), message('assistant', 'an answer')]));
      frame();
      frame();
      const reading = (): boolean => scroller.hasAttribute('data-reading');
      /** The browser's scroll event, as after each change of the position (the view's own too). */
      const scrolled = (): void => { scroller.dispatchEvent(new h.window.Event('scroll')); };
      /** The position goes up by 150 px (after `input`, if any). */
      const up = (input?: Event): void => {
        if (input) scroller.dispatchEvent(input);
        scrolls.push(scrolls.at(-1)! - 150);
        scrolled();
      };
      scrolled();
      // The content shrank under the end of the view, then grew (a reopened chat's older messages rendering above).
      up();
      assert.equal(reading(), false, 'no input: still following');
      const followed = scrolls.length;
      frame();
      assert.ok(scrolls.length > followed, 'and it follows the end again');
      scrolled();
      for (const input of [new h.window.Event('wheel'), new h.window.KeyboardEvent('keydown', { key: 'PageUp' }), new h.window.Event('touchmove'), new h.window.Event('pointerdown')]) {
        up(input);
        assert.equal(reading(), true, `scrolled up after ${input.type}`);
        (h.$('button.scroll-to-bottom') as HTMLButtonElement).click();
        h.window.dispatchEvent(new h.window.Event('pointerup'));
        scrolled();
        assert.equal(reading(), false, 'Scroll to Latest: following again');
      }
      // A wheel turn long ago is not this scroll's cause; a pointer still held down (on the scrollbar) is.
      scroller.dispatchEvent(new h.window.Event('wheel'));
      h.advance(USER_SCROLL_MS + 1);
      up();
      assert.equal(reading(), false, `${USER_SCROLL_MS} ms after the wheel: still following`);
      scroller.dispatchEvent(new h.window.Event('pointerdown'));
      h.advance(USER_SCROLL_MS + 1);
      up();
      assert.equal(reading(), true, 'the scrollbar dragged up');
    });

    it('marks a chunk or group of code lines once the browser has laid it out (content-visibility), with one listener', () => {
      const { h, frame } = followedApp();
      // (Still streaming: the open code block's lines are in groups.)
      h.receive(state([message('user', 'q'), message('assistant', 'one\n\ntwo\n\n```js\nconst a = 1;\nconst b = 2;\n', { status: 'streaming' })]));
      frame();
      const chunk = h.$('.md-chunk');
      const lines = h.$('.code-lines');
      const changed = (target: Element, skipped: boolean): void => {
        // (Chromium's event does not bubble: the page listens in the capture phase.)
        target.dispatchEvent(Object.assign(new h.window.Event('contentvisibilityautostatechange', { bubbles: false }), { skipped }));
      };
      changed(chunk, true);
      assert.equal(chunk.hasAttribute('data-shown'), false, 'skipped: never laid out yet');
      changed(chunk, false);
      changed(lines, false);
      assert.deepEqual([chunk.hasAttribute('data-shown'), lines.hasAttribute('data-shown')], [true, true]);
      changed(chunk, true);
      assert.equal(chunk.hasAttribute('data-shown'), true, 'skipped again: it keeps its laid-out size');
    });

    it('follows a stream it renders behind at most every BEHIND_FOLLOW_MS, and at once when it has caught up', () => {
      const { h, scrolls, frame, height } = followedApp();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      h.runFrames();
      h.advance(BEHIND_FOLLOW_MS);
      const followed = scrolls.length;
      const text = 'word '.repeat((8 * BEHIND_FRAME_BUDGET_CHARS) / 5);
      h.receive({ type: 'delta', messageId: answer.id, content: text });
      frame();
      assert.equal(scrolls.length, followed + 1, 'the frame that fell behind is followed (the last follow was long ago)');
      frame();
      frame();
      assert.equal(scrolls.length, followed + 1, 'behind: not followed again within BEHIND_FOLLOW_MS');
      h.advance(BEHIND_FOLLOW_MS);
      assert.equal(scrolls.length, followed + 2, 'the follow put off is made when BEHIND_FOLLOW_MS has passed');
      assert.equal(scrolls.at(-1), height());
      h.advance(10 * BEHIND_FOLLOW_MS);
      assert.equal(scrolls.length, followed + 2, 'and only once');
      frame();
      assert.equal(scrolls.length, followed + 3, 'a frame BEHIND_FOLLOW_MS after the last follow is followed');
      // Then not again until the frame that renders the last of the text (several frames on).
      let frames = 0;
      for (; scrolls.length === followed + 3; frames++) assert.ok(frame() > 0, 'rendering stalled');
      assert.ok(frames > 2, `${frames} frames`);
      assert.equal(h.$(`.message[data-id="${answer.id}"] .content`).textContent?.trim(), text.trim());
      assert.equal(scrolls.length, followed + 4);
      assert.equal(scrolls.at(-1), height(), 'caught up: followed at once');
      const after = scrolls.length;
      frame();
      frame();
      assert.deepEqual([scrolls.length, scrolls.at(-1)], [after + 2, height()], 'keeping up: followed every frame again');
    });

    it('renders behind the stream only for an answer that streamed: a long prompt or a replayed answer is followed every frame, at the normal budget', () => {
      const { h, scrolls, frame } = followedApp();
      const text = 'word '.repeat((4 * BEHIND_FRAME_BUDGET_CHARS) / 5);
      const shown = (id: string): number => h.$(`.message[data-id="${id}"] .content`).textContent?.length ?? 0;
      const replayed = message('assistant', text);
      // (A reopened chat: its older messages, final, render over several frames too.)
      h.receive(state([message('user', 'q'), replayed]));
      const prompt = message('user', text);
      for (const [id, arrive] of [[replayed.id, () => undefined], [prompt.id, () => h.receive({ type: 'messageAdded', message: prompt })]] as const) {
        arrive();
        for (let frames = 0; shown(id) < text.trim().length; frames++) {
          assert.ok(frames < 100, 'rendering stalled');
          const [followed, before] = [scrolls.length, shown(id)];
          frame();
          assert.equal(scrolls.length, followed + 1, `${id}: followed every frame`);
          assert.ok(shown(id) - before <= FRAME_BUDGET_CHARS + 1_000, `${id}: ${shown(id) - before} characters in a frame`);
        }
      }
    });

    it('while the page is behind a streaming answer, a long prompt renders no more; it renders on once the answer has caught up, and alongside an answer that keeps up', () => {
      const h = createAppHarness();
      const shown = (id: string): number => h.$(`.message[data-id="${id}"] .content`).textContent?.length ?? 0;
      const prompt = message('user', 'word '.repeat((6 * BEHIND_FRAME_BUDGET_CHARS) / 5));
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive({ type: 'messageAdded', message: prompt });
      h.receive({ type: 'messageAdded', message: answer });
      const fast = 'word '.repeat((4 * BEHIND_FRAME_BUDGET_CHARS) / 5);
      h.receive({ type: 'delta', messageId: answer.id, content: fast });
      // The frame that falls behind: the answer renders first and leaves text over.
      h.runFrames();
      const held = shown(prompt.id);
      let frames = 0;
      while (shown(answer.id) < fast.trim().length) {
        assert.ok(h.runFrames() > 0 && frames++ < 100, 'rendering stalled');
        assert.equal(shown(prompt.id), held, `frame ${frames}: the prompt rendered while the page was behind`);
      }
      assert.ok(frames >= 3, `the answer caught up in ${frames} frames`);
      assert.ok(held < prompt.content.trim().length, 'the prompt was not yet whole (else this test shows nothing)');
      // Caught up: the answer now gets a little text each frame, and the prompt renders alongside it.
      const steps: number[] = [];
      for (let i = 0; shown(prompt.id) < prompt.content.trim().length; i++) {
        assert.ok(i < 100, 'the prompt stalled');
        const before = shown(prompt.id);
        h.receive({ type: 'delta', messageId: answer.id, content: ' more' });
        h.runFrames();
        steps.push(shown(prompt.id) - before);
      }
      assert.ok(steps.every((step) => step > 0), `the prompt's growth per frame: ${steps.join(', ')}`);
    });

    it('a code block arriving faster than frames render it shows as plain text first: the answer is done once all its text is in, and is highlighted in the frames after', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      const lines = 1_500;
      const code = Array.from({ length: lines }, (_, i) => `const value${i} = compute(${i}); // line ${i}\n`).join('');
      const text = `\`\`\`ts\n${code}\`\`\`\n`;
      assert.ok(text.length > 2 * BEHIND_FRAME_BUDGET_CHARS);
      h.receive({ type: 'delta', messageId: answer.id, content: text });
      h.runFrames();
      h.receive({ type: 'messageUpdated', message: { ...answer, content: text, status: 'done' } });
      const view = h.$(`.message[data-id="${answer.id}"]`);
      const keywords = (): number => view.querySelectorAll('.content code .hljs-keyword').length;
      for (let frames = 0; view.dataset.status === 'streaming'; frames++) {
        assert.ok(h.runFrames() > 0 && frames < 100, 'rendering stalled');
      }
      assert.equal(view.querySelector('.content code')?.textContent, code, 'done: all of the code is shown');
      const plainAtDone = keywords();
      assert.ok(plainAtDone < lines / 2, `${plainAtDone} of ${lines} lines highlighted when the answer was done`);
      let frames = 0;
      while (h.runFrames() > 0) assert.ok(frames++ < 100, 'highlighting stalled');
      assert.ok(frames >= 2, `highlighted in ${frames} frames`);
      assert.equal(keywords(), lines, 'every line highlighted');
      assert.equal(view.querySelector('.content code')?.textContent, code);
    });

    it('opens a chat with its newest answer rendered first, when the messages on screen are more than a frame renders', () => {
      const h = createAppHarness();
      // Twelve answers of 3,000 characters: more than a frame's budget (FRAME_BUDGET_CHARS) together.
      const messages = Array.from({ length: 12 }, (_, i) => message('assistant', `Answer ${i}\n\n${'word '.repeat(600)}`));
      h.receive(state(messages));
      const rendered = (): boolean[] => h.$$('.message').map((view) => view.dataset.status === 'done');
      assert.deepEqual(h.$$('.message').map((view) => view.dataset.id), messages.map((m) => m.id), 'in order');
      assert.equal(rendered().at(-1), true, 'the newest, at the end of the view, whole at once');
      assert.equal(rendered()[0], false, 'the oldest of them in a later frame');
      assert.match(h.$$('.message').at(-1)?.textContent ?? '', /Answer 11/);
      while (h.runFrames() > 0);
      assert.ok(rendered().every(Boolean));
    });

    it('opens a chat of 500 messages with its last messages first, then the older ones a batch per frame, in order', () => {
      const h = createAppHarness();
      const messages = Array.from({ length: 500 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `Message **${i}**\n\n- a\n- b`));
      h.receive(state(messages));
      const shownFirst = h.$$('.message').map((view) => view.dataset.id);
      assert.ok(shownFirst.length > 0 && shownFirst.length <= 20, `${shownFirst.length} messages rendered at once`);
      assert.deepEqual(shownFirst, messages.slice(-shownFirst.length).map((m) => m.id));
      let frames = 0;
      let largestBatch = 0;
      for (let before = shownFirst.length; h.runFrames() > 0; frames++) {
        const now = h.$$('.message').length;
        largestBatch = Math.max(largestBatch, now - before);
        before = now;
      }
      assert.deepEqual(h.$$('.message').map((view) => view.dataset.id), messages.map((m) => m.id));
      assert.ok(frames > 10 && largestBatch <= 25, `${frames} frames, up to ${largestBatch} messages per frame`);
      assert.equal(h.$(`.message[data-id="${messages[0].id}"] .content strong`).textContent, '0');
      // Each frame's older messages in a group of their own, which the browser skips whole off screen (chat.css);
      // the ones shown first, the newest among them, in the list itself.
      const groups = h.$$('.message-list > .message-group');
      const older = 500 - shownFirst.length;
      assert.deepEqual(groups.map((group) => group.querySelectorAll(':scope > .message').length),
        [older % 20, ...Array(Math.floor(older / 20)).fill(20)].filter(Boolean), 'a group per frame, the oldest (the last rendered) the rest');
      assert.equal(groups.length, frames);
      // Each message counts an estimate from its text until the browser lays it out, and each group their sum (chat.css).
      const px = (element: Element, name: string): number => Number((element as HTMLElement).style.getPropertyValue(name).replace(/px$/, ''));
      for (const view of h.$$('.message')) {
        assert.equal(px(view, '--message-height'), estimatedHeight(messages.find((m) => m.id === view.dataset.id)?.content ?? '', { width: 0, fontSize: Number.NaN, lineHeight: Number.NaN }));
      }
      assert.ok(groups.every((group) => px(group, '--group-height') === Array.from(group.children).reduce((sum, view) => sum + px(view, '--message-height'), 0)),
        'each group counts the sum of its messages\' estimates');
      assert.deepEqual(h.$$('.message-list > .message').map((view) => view.dataset.id), shownFirst);
      assert.equal(h.$('.message-list').lastElementChild?.getAttribute('data-id'), messages.at(-1)?.id, 'the newest is the list\'s last child');
      // Only the last answer offers Regenerate, also after the older ones arrived.
      assert.equal(h.$$('.message button.regenerate').filter((button) => !button.hidden).length, 1);
    });

    describe('a long chat sent in parts (its newest messages in the state, the older ones when the page asks)', () => {
      const longChat = (): TranscriptMessage[] => Array.from({ length: 500 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `Message **${i}**\n\n${'word '.repeat(200)}`));
      /** What the page asked the host for since `from`. */
      const asked = (h: AppHarness, from = 0): { chatId: string; beforeId: string }[] =>
        h.posted.slice(from).flatMap((posted) => posted.type === 'loadOlder' ? [{ chatId: posted.chatId, beforeId: posted.beforeId }] : []);
      /** Opens `messages` the way the host sends a chat the page does not show. */
      const open = (h: AppHarness, messages: TranscriptMessage[]): number => {
        const start = stateStart(messages);
        assert.ok(start > 0);
        h.receive(state(messages.slice(start), { olderMessages: start }));
        return start;
      };
      /** The host's reply to the page's last request (olderPage, as the host answers it). */
      const reply = (h: AppHarness, messages: TranscriptMessage[]): void => {
        const { chatId, beforeId } = asked(h).at(-1)!;
        const page = olderPage(messages, beforeId)!;
        h.receive({ type: 'olderMessages', chatId, beforeId, messages: page.messages, more: page.more });
      };

      it('shows the newest messages first, asks for the older ones once they are rendered, a page at a time while the one before renders, and ends with every message in order', () => {
        const h = createAppHarness();
        const messages = longChat();
        const start = open(h, messages);
        assert.deepEqual(asked(h), [], 'nothing asked before the newest messages are rendered');
        h.runFrames();
        assert.equal(h.$$('.message').at(-1)?.dataset.status, 'done', 'the newest rendered');
        assert.deepEqual(asked(h), [{ chatId: 'chat-1', beforeId: messages[start].id }], 'then the messages before the oldest it has');
        let replies = 0;
        for (let frames = 0; frames < 1_000; frames++) {
          assert.ok(asked(h).length <= replies + 1, 'one request at a time');
          if (asked(h).length > replies) {
            const { more } = olderPage(messages, asked(h).at(-1)!.beforeId)!;
            reply(h, messages);
            replies++;
            assert.equal(asked(h).length, more > 0 ? replies + 1 : replies, 'the next page asked for at once, while this one renders');
          }
          if (h.runFrames() === 0 && asked(h).length === replies) break;
        }
        assert.deepEqual(h.$$('.message').map((view) => view.dataset.id), messages.map((m) => m.id), 'every message once, in order');
        assert.ok(h.$$('.message').every((view) => view.dataset.status === 'done'));
        assert.ok(replies > 5, `${replies} pages`);
      });

      it('takes no older messages it did not ask for: after another chat was opened, a reply repeated or for another message', () => {
        const h = createAppHarness();
        const messages = longChat();
        open(h, messages);
        h.runFrames();
        const [request] = asked(h);
        const page = olderPage(messages, request.beforeId)!;
        const shown = h.$$('.message').length;
        h.receive({ type: 'olderMessages', chatId: request.chatId, beforeId: messages[0].id, messages: page.messages, more: 0 });
        h.receive({ type: 'olderMessages', chatId: 'chat-2', beforeId: request.beforeId, messages: page.messages, more: 0 });
        while (h.runFrames() > 0);
        assert.equal(h.$$('.message').length, shown, 'not the message asked about, not this chat: nothing added');
        h.receive({ type: 'olderMessages', ...request, messages: page.messages, more: page.more });
        const posted = h.posted.length;
        h.receive({ type: 'olderMessages', ...request, messages: page.messages, more: page.more });
        while (h.runFrames() > 0);
        assert.equal(h.$$('.message').length, shown + page.messages.length, 'the reply it asked for, once');
        // Another chat opened while a page of this one was on its way.
        const other = [message('user', 'q'), message('assistant', 'a')];
        h.receive(stateMessage(other, { chat: { id: 'chat-2', title: 'Other', createdAt: 1, updatedAt: 2, messages: other } }));
        // (The page asked for the next page at once.)
        const next = asked(h).at(-1)!;
        assert.notEqual(next.beforeId, request.beforeId);
        const late = olderPage(messages, next.beforeId)!;
        h.receive({ type: 'olderMessages', ...next, messages: late.messages, more: late.more });
        while (h.runFrames() > 0);
        assert.deepEqual(h.$$('.message').map((view) => view.dataset.id), other.map((m) => m.id));
        assert.deepEqual(asked(h, posted).filter((request) => request.chatId === 'chat-2'), [], 'a whole chat: nothing to ask for');
      });

      it('shows a search hit older than what the state brought once the page holding it has come', () => {
        const h = createAppHarness();
        const messages = longChat();
        open(h, messages);
        h.runFrames();
        const target = messages[3];
        h.receive({ type: 'revealMessage', messageId: target.id });
        assert.equal(h.$$('.message.revealed').length, 0, 'not here yet');
        let replies = 0;
        for (let frames = 0; frames < 1_000 && h.$$('.message.revealed').length === 0; frames++) {
          if (asked(h).length > replies) {
            reply(h, messages);
            replies++;
          }
          h.runFrames();
        }
        assert.deepEqual(h.$$('.message.revealed').map((view) => view.dataset.id), [target.id]);
      });
    });

    describe('a replay of the same chat', () => {
      /** The chat rendered whole (all frames run), and a recorder of every change under the message list. */
      function rendered(messages: TranscriptMessage[]): { h: AppHarness; changes: () => MutationRecord[] } {
        const h = createAppHarness();
        h.receive(state(messages));
        for (let frames = 0; frames < 500 && h.runFrames() > 0; frames++);
        const observer = new h.window.MutationObserver(() => undefined);
        observer.observe(h.$('.message-list'), { childList: true, subtree: true, characterData: true });
        return { h, changes: () => observer.takeRecords() };
      }
      const element = (h: AppHarness, id: string): HTMLElement => h.$(`.message[data-id="${id}"]`);
      /** Changes inside a message's rendered text (its markdown parsed, sanitized, put in the DOM again). */
      const contentChanges = (records: MutationRecord[]): MutationRecord[] => records.filter((record) => {
        const target = record.target.nodeType === 1 ? record.target as Element : record.target.parentElement;
        return target?.closest('.content') != null;
      });

      it('keeps the messages it still has as they are: Regenerate in a long chat removes the last answer and renders nothing again', () => {
        const messages = Array.from({ length: 60 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `Message **${i}**\n\n- a\n- b\n\n\`\`\`ts\nconst x = ${i};\n\`\`\``));
        const { h, changes } = rendered(messages);
        const before = messages.map((m) => element(h, m.id));
        // The host drops the last answer and replays the chat (truncateAfter), then answers again.
        h.receive(state(messages.slice(0, -1)));
        assert.equal(h.runFrames(), 0, 'nothing left to render in later frames');
        const records = changes();
        assert.deepEqual(contentChanges(records), [], 'no message\'s text rendered again');
        assert.deepEqual(records.filter((record) => record.target === h.$('.message-list')).flatMap((record) => [...record.addedNodes]), [], 'no message added or moved');
        assert.deepEqual(h.$$('.message'), before.slice(0, -1), 'the same elements, in order');
        assert.equal(h.doc.querySelector(`.message[data-id="${messages.at(-1)?.id}"]`), null);
        // The answer now last offers Regenerate; the one before no longer does.
        assert.equal(isShown(h.$(`.message[data-id="${messages.at(-3)?.id}"] button.regenerate`)), false);
        assert.equal(h.$$('.message button.regenerate').filter((button) => !button.hidden).length, 0, 'the last message is a question now');
      });

      it('ending inside a group of older messages (an Edit far up), keeps them in it but the newest in the list itself, and drops a group left empty', () => {
        const messages = Array.from({ length: 60 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `Message **${i}**`));
        const { h, changes } = rendered(messages);
        const before = messages.map((m) => element(h, m.id));
        const groupOf = (id: string): Element | null | undefined => element(h, id).closest('.message-group');
        assert.ok(groupOf(messages[13].id) && groupOf(messages[13].id) === groupOf(messages[14].id) && groupOf(messages[14].id) === groupOf(messages[15].id), 'the 15th message is inside a group');
        const edited = { ...messages[14], content: 'Message **14**, edited' };
        h.receive(state([...messages.slice(0, 14), edited]));
        assert.equal(h.runFrames(), 0, 'nothing left to render in later frames');
        assert.deepEqual(h.$$('.message'), before.slice(0, 15), 'the same elements, in order');
        const changed = new Set(contentChanges(changes()).map((record) => (record.target.nodeType === 1 ? record.target as Element : record.target.parentElement)?.closest('.message')));
        assert.deepEqual([...changed], [before[14]], 'only the edited message\'s text changed');
        assert.equal(h.$('.message-list').lastElementChild, before[14], 'the newest is the list\'s last child');
        assert.equal(before[14].parentElement, h.$('.message-list'));
        assert.deepEqual(h.$$('.message-group').map((group) => Array.from(group.children).map((child) => child.getAttribute('data-id'))),
          [messages.slice(0, 8), messages.slice(8, 14)].map((part) => part.map((m) => m.id)), 'the groups keep what they still have; the emptied one is gone');
        const next = message('assistant', 'new answer');
        h.receive({ type: 'messageAdded', message: next });
        assert.deepEqual(h.$$('.message').map((view) => view.dataset.id), [...messages.slice(0, 15).map((m) => m.id), next.id]);
        assert.equal(h.$('.message-list').lastElementChild?.getAttribute('data-id'), next.id);
      });

      it('renders again only a message whose text changed (Edit), and what the replay adds', () => {
        const question = message('user', 'first question');
        const answer = message('assistant', 'first answer');
        const later = [message('user', 'second question'), message('assistant', 'second answer')];
        const { h, changes } = rendered([question, answer, ...later]);
        const answerElement = element(h, answer.id);
        const questionElement = element(h, question.id);
        h.receive(state([question, answer, { ...later[0], content: 'second question, edited' }]));
        assert.equal(element(h, answer.id), answerElement);
        assert.equal(element(h, question.id), questionElement);
        assert.equal(h.$(`.message[data-id="${later[0].id}"] .content`).textContent?.trim(), 'second question, edited');
        assert.equal(h.doc.querySelector(`.message[data-id="${later[1].id}"]`), null);
        const changed = new Set(contentChanges(changes()).map((record) => (record.target.nodeType === 1 ? record.target as Element : record.target.parentElement)?.closest('.message')));
        assert.deepEqual([...changed], [element(h, later[0].id)], 'only the edited message\'s text changed');
        const next = message('assistant', 'new answer');
        h.receive(state([question, answer, { ...later[0], content: 'second question, edited' }, next]));
        assert.deepEqual(h.$$('.message').map((view) => view.dataset.id), [question.id, answer.id, later[0].id, next.id]);
        assert.equal(h.$(`.message[data-id="${next.id}"] .content`).textContent?.trim(), 'new answer');
      });

      it('keeps a streaming answer streaming: deltas after the replay extend the same view', () => {
        const h = createAppHarness();
        const question = message('user', 'q');
        const answer = message('assistant', '', { status: 'streaming' });
        h.receive(state([], { busy: true }));
        h.receive({ type: 'messageAdded', message: question });
        h.receive({ type: 'messageAdded', message: answer });
        h.receive({ type: 'delta', messageId: answer.id, content: 'Hello ' });
        h.runFrames();
        const view = element(h, answer.id);
        // A New Chat's state that reached the page after the first prompt: the chat as the host has it now.
        h.receive(state([question, { ...answer, content: 'Hello ' }], { busy: true }));
        h.receive({ type: 'delta', messageId: answer.id, content: 'world.' });
        h.receive({ type: 'messageUpdated', message: { ...answer, content: 'Hello world.', status: 'done' } });
        assert.equal(element(h, answer.id), view);
        assert.equal(view.dataset.status, 'done');
        assert.equal(view.querySelector('.content')?.textContent?.trim(), 'Hello world.');
      });

      it('renders another chat, or a message whose role changed, anew; a shown message cut off from the end by one not shown renders again in order', () => {
        const messages = Array.from({ length: 30 }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `Message ${i}`));
        const { h } = rendered(messages);
        const before = new Map(messages.map((m) => [m.id, element(h, m.id)]));
        // A message the page never had, among the older ones: those before it render again, after it as they were.
        const inserted = message('user', 'inserted');
        const replayed = [...messages.slice(0, 5), inserted, ...messages.slice(5)];
        h.receive(state(replayed));
        for (let frames = 0; frames < 100 && h.runFrames() > 0; frames++);
        assert.deepEqual(h.$$('.message').map((view) => view.dataset.id), replayed.map((m) => m.id));
        assert.equal(element(h, messages[5].id), before.get(messages[5].id), 'kept: in one run with the last messages');
        assert.notEqual(element(h, messages[0].id), before.get(messages[0].id), 'rendered again with the backlog');
        assert.equal(h.$(`.message[data-id="${messages[0].id}"] .content`).textContent?.trim(), 'Message 0');

        const last = replayed.at(-1) as TranscriptMessage;
        h.receive(state([...replayed.slice(0, -1), { ...last, role: 'user' }]));
        assert.notEqual(element(h, last.id), before.get(last.id));
        assert.equal(element(h, last.id).dataset.role, 'user');

        const other = [message('user', 'another chat')];
        h.receive(state(other, { chat: { id: 'chat-2', title: 'Second', createdAt: 1, updatedAt: 2, messages: other } }));
        assert.deepEqual(h.$$('.message').map((view) => view.dataset.id), [other[0].id]);
      });

      it('keeps what a user message sent as it was (an opened attachment stays open) unless it changed', () => {
        const question = message('user', 'Why?', { attachments: [{ path: 'src/a.ts', kind: 'file', text: 'const a = 1;', tokens: 5 }] });
        const { h } = rendered([question, message('assistant', 'Because.')]);
        const details = h.$<HTMLDetailsElement>('details.sent-attachment');
        details.open = true;
        h.receive(state([question]));
        assert.equal(h.$('details.sent-attachment'), details, 'the same element');
        assert.ok(details.open, 'still open after the replay');
        h.receive(state([{ ...question, attachments: [{ path: 'src/b.ts', kind: 'file', text: 'const b = 2;', tokens: 5 }] }]));
        assert.equal(h.$('details.sent-attachment summary').textContent, 'src/b.ts · ~5 tokens', 'a changed attachment shows');
        assert.equal(h.$$('details.sent-attachment').length, 1);
      });

      it('drops reasoning a replayed message no longer has', () => {
        const answer = message('assistant', 'a', { reasoning: 'thought' });
        const { h } = rendered([message('user', 'q'), answer]);
        assert.ok(h.doc.querySelector('details.reasoning'));
        h.receive(state([message('user', 'q2'), { ...answer, reasoning: undefined }]));
        assert.equal(h.doc.querySelector('details.reasoning'), null);
      });
    });

    it('keeps finished blocks in the DOM and replaces only the open tail', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      h.receive({ type: 'delta', messageId: answer.id, content: 'First paragraph.\n\nSecond' });
      h.runFrames();
      h.receive({ type: 'delta', messageId: answer.id, content: ' paragraph\n\n' });
      h.runFrames();
      const first = h.$(`.message[data-id="${answer.id}"] .content p`);
      for (const piece of ['Third', ' one', '\n\n```js\nlet x', ' = 1;\n```\n']) {
        h.receive({ type: 'delta', messageId: answer.id, content: piece });
        h.runFrames();
        assert.equal(h.$(`.message[data-id="${answer.id}"] .content p`), first, 'the first paragraph node is never re-created');
      }
      h.receive({ type: 'messageUpdated', message: { ...answer, content: 'First paragraph.\n\nSecond paragraph\n\nThird one\n\n```js\nlet x = 1;\n```\n', status: 'done' } });
      h.runFrames();
      const content = h.$(`.message[data-id="${answer.id}"] .content`);
      assert.equal(content.querySelectorAll('p').length, 3);
      assert.equal(content.querySelector('.code-block code')?.textContent, 'let x = 1;\n');
      assert.equal(content.querySelector('p'), first);
    });

    it('extends an open code block in place instead of rebuilding it every frame', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      h.receive({ type: 'delta', messageId: answer.id, content: 'Here:\n\n```ts\n' });
      h.runFrames();
      const codeOf = (): HTMLElement => h.$(`.message[data-id="${answer.id}"] .content .code-block code`);
      let code = '';
      let firstLine: Node | null = null;
      for (let i = 0; i < 40; i++) {
        const line = i === 7 ? '/* a comment\n   over lines */\n' : `const v${i}: string = \`${i}\`;\n`;
        code += line;
        for (const piece of [line.slice(0, 6), line.slice(6)]) {
          h.receive({ type: 'delta', messageId: answer.id, content: piece });
          h.runFrames();
        }
        assert.equal(codeOf().textContent, code);
        if (i === 1) firstLine = codeOf().firstChild;
        if (i >= 1) assert.equal(codeOf().firstChild, firstLine, `lines already shown are not re-created (line ${i})`);
      }
      assert.ok(h.$(`.message[data-id="${answer.id}"] .code-block[data-lang="ts"] button.copy-code`));
      assert.ok(h.$(`.message[data-id="${answer.id}"] .code-block code.hljs.language-ts .hljs-keyword`));
      h.receive({ type: 'messageUpdated', message: { ...answer, content: `Here:\n\n\`\`\`ts\n${code}\`\`\`\n`, status: 'done' } });
      const blocks = h.$$(`.message[data-id="${answer.id}"] .content .code-block`);
      assert.equal(blocks.length, 1);
      assert.equal(blocks[0].querySelector('code')?.textContent, code);
      assert.ok(blocks[0].querySelector('code .hljs-comment'));
    });

    it('marks bidi control characters in a code block while it streams too', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      for (const piece of ['```js\nconst a = "\u202E";\n', 'const b = "\u2066', '";\n```\n\n```\nplain \u202D\n']) {
        h.receive({ type: 'delta', messageId: answer.id, content: piece });
        h.runFrames();
      }
      const marks = h.$$(`.message[data-id="${answer.id}"] .code-block .bidi-control`).map((mark) => mark.dataset.bidi);
      assert.deepEqual(marks, ['U+202E', 'U+2066', 'U+202D']);
    });

    it('groups finished blocks into small chunks, so layout skips clean ones whole', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      for (let i = 0; i < 100; i++) {
        h.receive({ type: 'delta', messageId: answer.id, content: `Paragraph ${i}.\n\n` });
        h.runFrames();
      }
      const chunks = h.$$(`.message[data-id="${answer.id}"] .md-blocks > .md-chunk`);
      assert.ok(chunks.length >= 6, `${chunks.length} chunks`);
      assert.ok(chunks.every((chunk) => chunk.childElementCount <= 16));
      assert.equal(h.$$(`.message[data-id="${answer.id}"] .content p`).length, 100);
    });

    it('does not touch other messages while one streams', () => {
      const h = createAppHarness();
      const earlier = message('assistant', 'Earlier **answer**');
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'a'), earlier, message('user', 'b'), answer], { busy: true }));
      h.runFrames();
      const earlierStrong = h.$(`.message[data-id="${earlier.id}"] .content strong`);
      const observer = new h.window.MutationObserver(() => undefined);
      observer.observe(h.$(`.message[data-id="${earlier.id}"]`), { subtree: true, childList: true, characterData: true, attributes: true });
      for (let i = 0; i < 50; i++) {
        h.receive({ type: 'delta', messageId: answer.id, content: `token ${i} ` });
        h.runFrames();
      }
      assert.deepEqual(observer.takeRecords(), []);
      assert.equal(h.$(`.message[data-id="${earlier.id}"] .content strong`), earlierStrong);
    });

    it('streams reasoning into the collapsed block', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      h.runFrames();
      assert.equal(h.doc.querySelector('details.reasoning'), null);
      h.receive({ type: 'delta', messageId: answer.id, reasoning: 'Let me think' });
      h.runFrames();
      const details = h.$<HTMLDetailsElement>('details.reasoning');
      assert.ok(isShown(details));
      assert.equal(details.open, false);
      assert.equal(details.querySelector('summary')?.textContent, 'Thinking…');
      h.receive({ type: 'delta', messageId: answer.id, content: 'Answer' });
      h.receive({ type: 'messageUpdated', message: { ...answer, content: 'Answer', reasoning: 'Let me think', status: 'done' } });
      h.runFrames();
      assert.equal(details.querySelector('summary')?.textContent, 'Reasoning');
    });

    it('counts down a 429 back-off each second, then clears when the answer arrives', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      const start = 1_700_000_000_000;
      h.receive({ type: 'retrying', notice: { messageId: answer.id, attempt: 1, maxRetries: 3, retryAt: start + 3000, delayMs: 3000 } });
      const countdown = h.$('.message .retry-countdown');
      assert.ok(isShown(countdown));
      assert.equal(countdown.textContent, 'Rate limited — retrying in 3s');
      h.advance(1000);
      assert.equal(countdown.textContent, 'Rate limited — retrying in 2s');
      h.advance(1000);
      assert.equal(countdown.textContent, 'Rate limited — retrying in 1s');
      h.advance(1000);
      assert.equal(countdown.textContent, 'Rate limited — retrying in 0s');
      assert.ok(isShown(countdown));
      h.receive({ type: 'delta', messageId: answer.id, content: 'Finally' });
      assert.equal(isShown(countdown), false);
    });

    it('announces a back-off once, with its delay, instead of every tick of the countdown', () => {
      const h = createAppHarness();
      const answer = message('assistant', '', { status: 'streaming' });
      h.receive(state([message('user', 'q'), answer], { busy: true }));
      h.receive({ type: 'retrying', notice: { messageId: answer.id, attempt: 2, maxRetries: 3, retryAt: 1_700_000_000_000 + 5000, delayMs: 5000 } });
      assert.match(h.$('#status').textContent ?? '', /Rate limited\. Retrying in 5 seconds, attempt 2 of 3\./);
      for (let node: Element | null = h.$('.retry-countdown'); node; node = node.parentElement) {
        assert.equal(node.getAttribute('aria-live'), null, 'the ticking countdown is not a live region');
        assert.ok(!['status', 'alert', 'log', 'timer'].includes(node.getAttribute('role') ?? '') || node.getAttribute('aria-live') === 'off',
          `the ticking countdown is not inside a live region (${node.className})`);
      }
    });
  });

  describe('prompt', () => {
    it('sends on Enter, makes a new line on Shift+Enter, and clears after sending', () => {
      const h = createAppHarness();
      h.receive(state([]));
      const prompt = type(h, 'hello');
      const shiftEnter = key(h.window, 'keydown', { key: 'Enter', shiftKey: true });
      prompt.dispatchEvent(shiftEnter);
      assert.equal(shiftEnter.defaultPrevented, false);
      assert.deepEqual(h.posted, []);
      const enter = key(h.window, 'keydown', { key: 'Enter' });
      prompt.dispatchEvent(enter);
      assert.equal(enter.defaultPrevented, true);
      assert.deepEqual(h.posted, [{ type: 'send', text: 'hello' }]);
      assert.equal(prompt.value, '');
      assert.deepEqual(h.savedStates.at(-1), { draft: '' });
    });

    it('does not send on the Enter that confirms an IME composition', () => {
      const h = createAppHarness();
      h.receive(state([]));
      const prompt = type(h, 'にほんご');
      prompt.dispatchEvent(key(h.window, 'keydown', { key: 'Enter', isComposing: true }));
      prompt.dispatchEvent(key(h.window, 'keydown', { key: 'Enter', keyCode: 229 }));
      assert.deepEqual(h.posted, []);
    });

    it('disables Send while the prompt is empty or blank', () => {
      const h = createAppHarness();
      h.receive(state([]));
      const send = h.$<HTMLButtonElement>('button#send');
      assert.equal(send.disabled, true);
      const prompt = type(h, '   \n ');
      assert.equal(send.disabled, true);
      prompt.dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
      assert.deepEqual(h.posted, []);
      type(h, 'question');
      assert.equal(send.disabled, false);
      click(h.window, send);
      assert.deepEqual(h.posted, [{ type: 'send', text: 'question' }]);
    });

    it('keeps focus in the prompt after sending with the Send button', () => {
      const h = createAppHarness();
      h.receive(state([]));
      type(h, 'question');
      const send = h.$<HTMLButtonElement>('button#send');
      send.focus();
      click(h.window, send);
      h.receive({ type: 'busy', busy: true });
      assert.equal(h.doc.activeElement, h.$('textarea#prompt'));
    });

    it('lets a keyboard user reach the conversation to scroll it with the arrow and page keys', () => {
      const h = createAppHarness();
      const conversation = h.$('#conversation');
      // A long answer may have nothing focusable in it: without a tab stop, it could not be scrolled.
      assert.ok(conversation.tabIndex >= 0, `tabindex ${conversation.getAttribute('tabindex')}`);
      assert.equal(conversation.getAttribute('aria-label'), 'Conversation');
    });

    it('keeps the draft in view state and restores it', () => {
      const h = createAppHarness();
      type(h, 'half-written');
      assert.deepEqual(h.savedStates.at(-1), { draft: 'half-written' });
      const restored = createAppHarness('half-written');
      assert.equal(restored.$<HTMLTextAreaElement>('textarea#prompt').value, 'half-written');
      assert.equal(restored.$<HTMLButtonElement>('button#send').disabled, false);
    });

    it('shows Stop only while busy; Stop posts stop and Enter does not send meanwhile', () => {
      const h = createAppHarness();
      h.receive(state([]));
      const stop = h.$<HTMLButtonElement>('button#stop');
      assert.equal(isShown(stop), false);
      h.receive({ type: 'busy', busy: true });
      assert.ok(isShown(stop));
      assert.equal(isShown(h.$('button#send')), false);
      const prompt = type(h, 'next question');
      prompt.dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
      click(h.window, stop);
      assert.deepEqual(h.posted, [{ type: 'stop' }]);
      assert.equal(prompt.value, 'next question', 'the draft survives');
      h.receive({ type: 'busy', busy: false });
      assert.equal(isShown(stop), false);
    });

    it('takes text from the host (Send Selection): appended below the draft, or replacing it', () => {
      const h = createAppHarness();
      h.receive(state([]));
      type(h, 'Explain:');
      h.receive({ type: 'setInput', text: '```ts\nlet a;\n```', mode: 'append' });
      const prompt = h.$<HTMLTextAreaElement>('textarea#prompt');
      assert.equal(prompt.value, 'Explain:\n\n```ts\nlet a;\n```');
      assert.equal(h.doc.activeElement, prompt);
      h.receive({ type: 'setInput', text: 'fresh', mode: 'replace' });
      assert.equal(prompt.value, 'fresh');
      assert.deepEqual(h.savedStates.at(-1), { draft: 'fresh' });
    });
  });

  describe('toolbar, history and welcome', () => {
    it('has no New Chat, History or Export button of its own: they are the view\'s title actions', () => {
      const h = createAppHarness();
      assert.deepEqual(h.$$('.toolbar button').map((button) => button.id), ['model-picker']);
      assert.equal(h.doc.querySelector('button#new-chat, button#history, button#export'), null);
    });

    it('closes the history list only when the host shows the conversation (New Chat from the view title), not on a state', () => {
      const h = createAppHarness();
      h.receive(state([message('user', 'q')]));
      h.receive({ type: 'showHistory' });
      assert.ok(isShown(h.$('.history-list')));
      h.receive(state([message('user', 'q')]));
      assert.ok(isShown(h.$('.history-list')), 'a replay of the same chat keeps the list open');
      // Another chat's state (another window saved, or a New Chat the user asked for before History) keeps it open.
      h.receive(state([], { chat: { id: 'chat-2', title: '', messages: [], createdAt: 0, updatedAt: 0 } }));
      assert.ok(isShown(h.$('.history-list')), 'a state of another chat keeps the list open');
      h.receive({ type: 'showConversation' });
      assert.equal(isShown(h.$('.history-list')), false);
      assert.ok(isShown(h.$('.message-list')), 'the conversation shows again');
    });

    it('keeps the history list open when the open chat is deleted from it (the new chat that replaces it does not close it)', () => {
      const h = createAppHarness();
      const history = [{ id: 'chat-1', title: 'Current', updatedAt: 9, messageCount: 1 }, { id: 'b', title: 'B', updatedAt: 5, messageCount: 2 }];
      h.receive(state([message('user', 'q')], { history }));
      h.receive({ type: 'showHistory' });
      click(h.window, h.$('.history-item[data-chat-id="chat-1"] button.delete-chat'));
      assert.deepEqual(h.posted.at(-1), { type: 'deleteChat', chatId: 'chat-1' });
      h.receive(state([], { chat: { id: 'chat-2', title: '', messages: [], createdAt: 0, updatedAt: 0 }, history: history.slice(1) }));
      assert.ok(isShown(h.$('.history-list')), 'still open after the replacing chat arrived');
      assert.deepEqual(h.$$('.history-list .history-item').map((item) => item.dataset.chatId), ['b']);
    });

    it('lists past chats to open or delete', () => {
      const h = createAppHarness();
      h.receive(state([], {
        history: [
          { id: 'old', title: 'Old chat', updatedAt: 1, messageCount: 2 },
          { id: 'chat-1', title: 'First chat', updatedAt: 5, messageCount: 1 },
        ],
      }));
      assert.equal(isShown(h.$('.history-list')), false);
      h.receive({ type: 'showHistory' });
      assert.ok(isShown(h.$('.history-list')));
      const items = h.$$('.history-list .history-item');
      assert.deepEqual(items.map((i) => i.dataset.chatId), ['chat-1', 'old'], 'newest first');
      assert.ok(items[0].classList.contains('current'));
      click(h.window, items[1].querySelector('button.delete-chat') as Element);
      assert.deepEqual(h.posted, [{ type: 'deleteChat', chatId: 'old' }]);
      click(h.window, items[1]);
      assert.deepEqual(h.posted.at(-1), { type: 'openChat', chatId: 'old' });
      assert.equal(isShown(h.$('.history-list')), false, 'opening a chat closes the list');
    });

    it('keeps keyboard focus on the list when the host sends the list again after a delete', () => {
      const h = createAppHarness();
      const chats = [
        { id: 'chat-1', title: 'Current', updatedAt: 9, messageCount: 1 },
        { id: 'b', title: 'B', updatedAt: 5, messageCount: 2 },
        { id: 'c', title: 'C', updatedAt: 3, messageCount: 2 },
      ];
      h.receive(state([], { history: chats }));
      h.receive({ type: 'showHistory' });
      const remove = h.$<HTMLButtonElement>('.history-item[data-chat-id="b"] button.delete-chat');
      remove.focus();
      click(h.window, remove);
      assert.deepEqual(h.posted.at(-1), { type: 'deleteChat', chatId: 'b' });
      h.receive({ type: 'history', history: chats.filter((chat) => chat.id !== 'b') });
      assert.equal(h.doc.activeElement, h.$('.history-item[data-chat-id="c"] button.open-chat'));
      h.$<HTMLButtonElement>('.history-item[data-chat-id="c"] button.delete-chat').focus();
      h.receive({ type: 'history', history: chats.filter((chat) => chat.id !== 'b') });
      assert.equal(h.doc.activeElement, h.$('.history-item[data-chat-id="c"] button.delete-chat'), 'a list refresh keeps the focused button');
    });

    it('names an untitled chat a fork came from', () => {
      const h = createAppHarness();
      h.receive(state([], { history: [{ id: 'f', title: 'The fork', updatedAt: 2, messageCount: 2, forkedFrom: { chatId: 'gone', title: '', messageId: 'm' } }] }));
      assert.equal(h.$('.history-item .forked-from').textContent, 'forked from Untitled chat');
    });

    it('names the delete button of an untitled chat', () => {
      const h = createAppHarness();
      h.receive(state([], { history: [{ id: 'x', title: '', updatedAt: 1, messageCount: 0 }] }));
      assert.equal(h.$('.history-item button.delete-chat').getAttribute('aria-label'), 'Delete chat "Untitled chat"');
    });

    it('opens the history list when the host asks, and closes it with Escape', () => {
      const h = createAppHarness();
      h.receive({ type: 'showHistory' });
      assert.ok(isShown(h.$('.history-list')));
      h.$('.history-panel').dispatchEvent(key(h.window, 'keydown', { key: 'Escape' }));
      assert.equal(isShown(h.$('.history-list')), false);
      assert.equal(h.doc.activeElement, h.$('textarea#prompt'), 'focus returns to the prompt');
    });

    it('shows the welcome panel while the key or base URL is missing', () => {
      const h = createAppHarness();
      h.receive(state([], { hasApiKey: false, hasBaseUrl: true }));
      assert.ok(isShown(h.$('#welcome')));
      click(h.window, h.$('#welcome button[data-action=setApiKey]'));
      assert.deepEqual(h.posted, [{ type: 'runAction', action: 'setApiKey' }]);
      h.receive({ type: 'config', hasApiKey: true, hasBaseUrl: false });
      assert.ok(isShown(h.$('#welcome')));
      click(h.window, h.$('#welcome button[data-action=setBaseUrl]'));
      assert.deepEqual(h.posted.at(-1), { type: 'runAction', action: 'setBaseUrl' });
      h.receive({ type: 'config', hasApiKey: true, hasBaseUrl: true });
      assert.equal(isShown(h.$('#welcome')), false);
    });
  });

  describe('links and code blocks in answers', () => {
    it('posts link clicks to the host instead of navigating', () => {
      const h = createAppHarness();
      h.receive(state([message('assistant', 'See [docs](https://example.com/docs).')]));
      h.runFrames();
      const event = click(h.window, h.$('.message .content a'));
      assert.equal(event.defaultPrevented, true);
      assert.deepEqual(h.posted, [{ type: 'openLink', href: 'https://example.com/docs' }]);
    });

    it('opens a link exactly once: the click never reaches the workbench\'s own link handler on the window', () => {
      const h = createAppHarness();
      h.receive(state([message('assistant', 'See [docs](https://example.com/docs).')]));
      h.runFrames();
      let reachedWindow = 0;
      h.window.addEventListener('click', () => reachedWindow++);
      h.window.addEventListener('auxclick', () => reachedWindow++);
      const event = click(h.window, h.$('.message .content a'));
      assert.equal(event.defaultPrevented, true);
      assert.equal(reachedWindow, 0);
      assert.deepEqual(h.posted, [{ type: 'openLink', href: 'https://example.com/docs' }]);
    });

    it('never acts on a right or middle click: no link opens, no code is copied or inserted, no action runs', () => {
      const h = createAppHarness();
      const failed = message('assistant', 'See [docs](https://example.com/docs).\n\n```python\nprint("hi")\n```', {
        status: 'error',
        error: { message: 'Invalid API key', status: 401, actions: ['setApiKey'] },
      });
      h.receive(state([message('user', 'hi'), failed], { hasApiKey: false }));
      h.runFrames();
      const targets = [
        '.message .content a', '.code-block button.insert-code', '.code-block button.copy-code', '.message .error button',
        '.message button.copy-message', '.message button.edit', 'button#model-picker', '#welcome button',
      ];
      for (const button of [1, 2]) {
        for (const selector of targets) {
          const event = click(h.window, h.$(selector), button);
          if (selector.endsWith(' a')) {
            assert.equal(event.defaultPrevented, true, 'a middle click on a link must not navigate either');
          }
        }
      }
      assert.deepEqual(h.posted, []);
      assert.equal(h.doc.querySelector('.message-editor'), null, 'a right click opened the editor');
      // The same buttons still work with the primary button.
      click(h.window, h.$('.code-block button.insert-code'));
      assert.deepEqual(h.posted, [{ type: 'insertCode', code: 'print("hi")' }]);
    });

    it('ignores a click event that reports a non-primary button on delegated and direct buttons alike', () => {
      const h = createAppHarness();
      h.receive(state([message('user', 'hi'), message('assistant', '```js\nx\n```')]));
      h.runFrames();
      for (const selector of ['.code-block button.insert-code', '.message button.copy-message', '.message button.edit', 'button#model-picker']) {
        h.$(selector).dispatchEvent(new h.window.MouseEvent('click', { bubbles: true, cancelable: true, button: 2 }));
      }
      assert.deepEqual(h.posted, []);
      assert.equal(h.doc.querySelector('.message-editor'), null);
    });

    it('copies and inserts code from a code block', () => {
      const h = createAppHarness();
      h.receive(state([message('assistant', '```python\nprint("hi")\n```')]));
      h.runFrames();
      click(h.window, h.$('.code-block button.copy-code'));
      click(h.window, h.$('.code-block button.insert-code'));
      assert.deepEqual(h.posted, [
        { type: 'copyText', text: 'print("hi")\n' },
        { type: 'insertCode', code: 'print("hi")' },
      ]);
    });

    it('tells a screen reader that something was copied (the host only shows it in the status bar)', () => {
      const h = createAppHarness();
      h.receive(state([message('assistant', '```js\nx\n```')]));
      h.runFrames();
      click(h.window, h.$('.code-block button.copy-code'));
      assert.equal(h.$('#status').textContent, 'Copied to the clipboard.');
      h.receive({ type: 'messageAdded', message: message('assistant', '', { status: 'streaming' }) });
      click(h.window, h.$('.message button.copy-message'));
      assert.equal(h.$('#status').textContent, 'Copied to the clipboard.');
    });

    it('copies a whole answer', () => {
      const h = createAppHarness();
      h.receive(state([message('assistant', 'All **of** it')]));
      click(h.window, h.$('.message button.copy-message'));
      assert.deepEqual(h.posted, [{ type: 'copyText', text: 'All **of** it' }]);
    });
  });
});
