// How attached files become the text of a user message: fences, cuts, refusals, paths, and the
// request the chat builds from messages that carry them.
import * as assert from 'node:assert/strict';
import { buildRequestMessages } from '../../../../src/host/chat/conversation';
import { cutPoint, decodeText, formatAttachment, userWireContent } from '../../../../src/host/attachments/wireContent';
import type { TranscriptMessage } from '../../../../src/shared/protocol';
import { estimateTokens } from '../../../../src/shared/estimateTokens';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('attachments on the wire (wireContent)', () => {
  it('fences a file with its language and workspace-relative path, the fence longer than any backtick run in it', () => {
    const sent = formatAttachment({ path: 'src/app.ts', languageId: 'typescript', text: 'const a = 1;\n' });
    assert.equal(sent.text, '```typescript src/app.ts\nconst a = 1;\n```');
    assert.equal(sent.tokens, estimateTokens(sent.text));
    assert.equal(sent.cut, undefined);
    const markdown = formatAttachment({ path: 'docs/README.md', languageId: 'markdown', text: 'Intro\n\n````ts\nx\n````\nand ``inline``' });
    assert.match(markdown.text, /^`````markdown docs\/README\.md\n/);
    assert.match(markdown.text, /\n`````$/);
    const lines = markdown.text.split('\n');
    assert.equal(lines.filter((line) => line.startsWith('`````')).length, 2, 'only the outer fence has five backticks');
  });

  it('keeps a path with spaces one word in the info string, and CRLF line ends become LF', () => {
    const sent = formatAttachment({ path: 'my dir/a b.py', languageId: 'python', text: 'x = 1\r\ny = 2\r\n' });
    assert.equal(sent.text, '```python my%20dir/a%20b.py\nx = 1\ny = 2\n```');
  });

  it('cuts a file larger than the budget at a line break, with a marker in the sent text and the cut recorded', () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const sent = formatAttachment({ path: 'big.txt', languageId: 'plaintext', text }, 'file', 50);
    assert.ok(sent.cut, 'the attachment is marked as cut');
    assert.ok(sent.cut.sentChars <= 50);
    assert.equal(sent.cut.totalChars, text.length);
    const [body, marker] = sent.text.split('\n```\n');
    assert.ok(body.endsWith(text.slice(0, sent.cut.sentChars)), 'the sent part is the beginning of the file, whole lines');
    assert.ok(!body.endsWith('line'), 'no line is cut in half');
    assert.match(marker, /^\[Cut: only the first \d+ of 100 lines \(\d+ of 789 characters\) of big\.txt were sent; the limit is 50 characters per file\.\]$/);
    assert.equal(sent.tokens, estimateTokens(sent.text));
  });

  it('cuts a single line longer than the budget at the budget', () => {
    assert.equal(cutPoint('x'.repeat(200), 64), 64);
    assert.equal(cutPoint('short', 64), 5);
    assert.equal(cutPoint('ab\ncd\nef', 4), 2);
  });

  it('refuses binary files (a NUL byte) and bytes that are not UTF-8, with the reason; a BOM is dropped', () => {
    assert.deepEqual(decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])), { refused: 'binary file (it contains NUL bytes)' });
    assert.deepEqual(decodeText(new Uint8Array([0x61, 0xff, 0xfe, 0x62])), { refused: 'not UTF-8 text' });
    assert.deepEqual(decodeText(utf8('\ufeffhé')), { text: 'hé' });
    const refused = formatAttachment({ path: 'logo.png', refused: 'binary file (it contains NUL bytes)' });
    assert.deepEqual(refused, { path: 'logo.png', kind: 'file', text: '', tokens: 0, refused: 'binary file (it contains NUL bytes)' });
  });

  it('puts the attachments before the typed text and leaves refused ones out', () => {
    const a = formatAttachment({ path: 'a.ts', languageId: 'typescript', text: 'a' });
    const b = formatAttachment({ path: 'b.bin', refused: 'binary file (it contains NUL bytes)' });
    const c = formatAttachment({ path: 'c.ts', languageId: 'typescript', text: 'c' });
    assert.equal(userWireContent({ content: 'What do these do?', attachments: [a, b, c] }), '```typescript a.ts\na\n```\n\n```typescript c.ts\nc\n```\n\nWhat do these do?');
    assert.equal(userWireContent({ content: 'plain' }), 'plain');
    assert.equal(userWireContent({ content: 'only refused', attachments: [b] }), 'only refused');
  });

  it('the request carries every user message with its attachments, and the newest message\'s instructions as a system message after the system prompt', () => {
    const attachment = formatAttachment({ path: 'a.ts', languageId: 'typescript', text: 'let x;' });
    const history: TranscriptMessage[] = [
      { id: '1', role: 'user', content: 'first', status: 'done', createdAt: 0, attachments: [attachment], instructions: { paths: ['AGENTS.md'], text: 'OLD RULES', tokens: 3 } },
      { id: '2', role: 'assistant', content: 'answer', status: 'done', createdAt: 0 },
      { id: '3', role: 'user', content: 'second', status: 'done', createdAt: 0, instructions: { paths: ['AGENTS.md'], text: 'Project instructions from AGENTS.md:\n\nUse tabs.', tokens: 9 } },
    ];
    assert.deepEqual(buildRequestMessages(history, 'Be brief.'), [
      { role: 'system', content: 'Be brief.' },
      { role: 'system', content: 'Project instructions from AGENTS.md:\n\nUse tabs.' },
      { role: 'user', content: '```typescript a.ts\nlet x;\n```\n\nfirst' },
      { role: 'assistant', content: 'answer' },
      { role: 'user', content: 'second' },
    ]);
    // Turned off for the newest message: no instructions are sent, not even older ones.
    const off = history.map((message) => (message.id === '3' ? { ...message, instructions: undefined } : message));
    assert.deepEqual(buildRequestMessages(off).map((message) => message.role), ['user', 'assistant', 'user']);
  });
});
