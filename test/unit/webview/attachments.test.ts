// The chips above the prompt, `#` and the attach button, and what a sent message shows it carried.
import * as assert from 'node:assert/strict';
import { isHostToWebview, isWebviewToHost, type AttachmentChip, type TranscriptMessage } from '../../../src/shared/protocol';
import { click, createAppHarness, isShown, key, stateMessage } from './appHarness';

const chips: AttachmentChip[] = [
  { id: 'a1', label: 'app.ts', path: 'src/app.ts', kind: 'file', tokens: 1234 },
  { id: 'a2', label: 'Problems: big.ts', path: 'src/big.ts', kind: 'problems', tokens: 16000, cut: true },
];

function typeInto(h: ReturnType<typeof createAppHarness>, prompt: HTMLTextAreaElement, text: string): void {
  for (const char of text) {
    const at = prompt.selectionStart;
    prompt.value = prompt.value.slice(0, at) + char + prompt.value.slice(prompt.selectionEnd);
    prompt.setSelectionRange(at + 1, at + 1);
    prompt.dispatchEvent(new h.window.InputEvent('input', { bubbles: true, data: char, inputType: 'insertText' }));
  }
}

describe('webview attachments (jsdom)', () => {
  it('shows each chip with its name and estimated tokens, marks a cut one, and Remove asks the host', () => {
    const h = createAppHarness();
    h.receive(stateMessage());
    assert.equal(isShown(h.$('.attachments')), false, 'no chips, no bar');
    h.receive({ type: 'attachments', chips });
    const shown = h.$$('.attachment-chip');
    assert.deepEqual(shown.map((chip) => chip.dataset.id), ['a1', 'a2']);
    assert.equal(shown[0].querySelector('.chip-label')?.textContent, 'app.ts');
    assert.equal(shown[0].querySelector('.chip-tokens')?.textContent, '~1,234 tokens');
    assert.ok(shown[1].classList.contains('cut'));
    assert.equal(shown[1].querySelector('.chip-tokens')?.textContent, '~16,000 tokens, cut to fit');
    click(h.window, shown[1].querySelector('button.remove-attachment')!);
    assert.deepEqual(h.posted.at(-1), { type: 'removeAttachment', id: 'a2' });
  });

  it('sends exactly the chips shown with the prompt', () => {
    const h = createAppHarness();
    h.receive(stateMessage());
    h.receive({ type: 'attachments', chips });
    const prompt = h.$<HTMLTextAreaElement>('textarea#prompt');
    prompt.value = 'Explain';
    prompt.dispatchEvent(new h.window.Event('input', { bubbles: true }));
    prompt.dispatchEvent(key(h.window, 'keydown', { key: 'Enter' }));
    assert.deepEqual(h.posted.at(-1), { type: 'send', text: 'Explain', attachmentIds: ['a1', 'a2'] });
  });

  it('the instructions chip is off until the user clicks it, and says what it sends', () => {
    const h = createAppHarness();
    h.receive(stateMessage());
    h.receive({ type: 'attachments', chips: [], instructions: { paths: ['AGENTS.md'], on: false, tokens: 42 } });
    const chip = h.$<HTMLButtonElement>('button.instructions-chip');
    assert.equal(chip.getAttribute('aria-pressed'), 'false');
    assert.match(chip.textContent ?? '', /Instructions: AGENTS\.md.*~42 tokens/);
    click(h.window, chip);
    assert.deepEqual(h.posted.at(-1), { type: 'setInstructions', on: true });
    h.receive({ type: 'attachments', chips: [], instructions: { paths: ['AGENTS.md'], on: true, tokens: 42 } });
    assert.equal(h.$('button.instructions-chip').getAttribute('aria-pressed'), 'true');
    click(h.window, h.$('button.instructions-chip'));
    assert.deepEqual(h.posted.at(-1), { type: 'setInstructions', on: false });
  });

  it('a # at the start of a word opens the host\'s file picker, and goes away once files were added', () => {
    const h = createAppHarness();
    h.receive(stateMessage());
    const prompt = h.$<HTMLTextAreaElement>('textarea#prompt');
    prompt.focus();
    typeInto(h, prompt, 'issue#1 ');
    assert.equal(h.posted.filter((m) => m.type === 'pickAttachments').length, 0, 'a # inside a word is text');
    typeInto(h, prompt, 'see #');
    assert.deepEqual(h.posted.at(-1), { type: 'pickAttachments', via: 'hash' });
    h.receive({ type: 'pickClosed', added: true });
    assert.equal(prompt.value, 'issue#1 see ');
    typeInto(h, prompt, '#');
    h.receive({ type: 'pickClosed', added: false });
    assert.equal(prompt.value, 'issue#1 see #', 'a picker closed without files leaves the # typed');
  });

  it('the attach button opens the host\'s menu', () => {
    const h = createAppHarness();
    h.receive(stateMessage());
    click(h.window, h.$('button#attach'));
    assert.deepEqual(h.posted.at(-1), { type: 'pickAttachments', via: 'menu' });
  });

  it('a sent message shows its instructions and attachments, each expandable to the exact text sent', () => {
    const h = createAppHarness();
    const user: TranscriptMessage = {
      id: 'u1', role: 'user', content: 'Why?', status: 'done', createdAt: 0,
      instructions: { paths: ['AGENTS.md'], text: 'Project instructions from AGENTS.md:\n\nUse tabs.', tokens: 12 },
      attachments: [
        { path: 'src/a.ts', kind: 'file', text: '```typescript src/a.ts\n<b>x</b>\n```', tokens: 9 },
        { path: 'big.txt', kind: 'file', text: '```text big.txt\nab\n```\n[Cut: …]', tokens: 8, cut: { sentChars: 2, totalChars: 9 } },
        { path: 'logo.png', kind: 'file', text: '', tokens: 0, refused: 'binary file (it contains NUL bytes)' },
      ],
    };
    h.receive(stateMessage([user]));
    h.runFrames();
    const message = h.$('.message[data-role=user]');
    const instructions = message.querySelector('details.sent-instructions')!;
    assert.match(instructions.querySelector('summary')?.textContent ?? '', /System message: project instructions \(AGENTS\.md, ~12 tokens\)/);
    assert.equal(instructions.querySelector('pre')?.textContent, user.instructions!.text);
    const attached = [...message.querySelectorAll('details.sent-attachment')];
    assert.equal(attached.length, 2);
    assert.equal(attached[0].querySelector('summary')?.textContent, 'src/a.ts · ~9 tokens');
    assert.equal(attached[0].querySelector('pre')?.textContent, user.attachments![0].text, 'the exact text, as text (no HTML parsed)');
    assert.equal(attached[0].querySelector('b'), null);
    assert.equal(attached[1].querySelector('summary')?.textContent, 'big.txt · ~8 tokens · cut to fit');
    assert.equal(message.querySelector('.sent-attachment.refused')?.textContent, 'Not sent: logo.png (binary file (it contains NUL bytes))');
    assert.equal(message.querySelector('.content')?.textContent?.trim(), 'Why?');
  });
});

describe('attachment messages (protocol guards)', () => {
  it('accepts well-formed attachment messages and refuses malformed ones', () => {
    assert.ok(isWebviewToHost({ type: 'send', text: 'x', attachmentIds: ['a1'] }));
    assert.ok(isWebviewToHost({ type: 'send', text: 'x' }));
    assert.ok(!isWebviewToHost({ type: 'send', text: 'x', attachmentIds: [1] }));
    assert.ok(!isWebviewToHost({ type: 'send', text: 'x', attachmentIds: 'a1' }));
    assert.ok(isWebviewToHost({ type: 'pickAttachments', via: 'hash' }));
    assert.ok(!isWebviewToHost({ type: 'pickAttachments', via: 'disk' }));
    assert.ok(isWebviewToHost({ type: 'removeAttachment', id: 'a1' }));
    assert.ok(!isWebviewToHost({ type: 'removeAttachment' }));
    assert.ok(isWebviewToHost({ type: 'setInstructions', on: true }));
    assert.ok(!isWebviewToHost({ type: 'setInstructions', on: 'yes' }));
    assert.ok(isHostToWebview({ type: 'attachments', chips: [] }));
    assert.ok(!isHostToWebview({ type: 'attachments' }));
    assert.ok(isHostToWebview({ type: 'pickClosed', added: false }));
    assert.ok(!isHostToWebview({ type: 'pickClosed' }));
  });
});
