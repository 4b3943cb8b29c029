// The stored-chat reader and the Markdown export with attachments and instructions.
import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { parseMessage, parseTranscript } from '../../../../src/host/chat/transcript';
import { transcriptToMarkdown } from '../../../../src/host/chat/markdownExport';
import { formatAttachment } from '../../../../src/host/attachments/wireContent';
import type { Transcript } from '../../../../src/shared/protocol';

const attachment = formatAttachment({ path: 'src/a.ts', languageId: 'typescript', text: 'const a = "```";' });
const stored = {
  id: 'u1', role: 'user', content: 'Why?', status: 'done', createdAt: 1,
  attachments: [
    attachment,
    { path: 'big.txt', kind: 'file', text: '```text big.txt\nab\n```\n[Cut: …]', tokens: 8, cut: { sentChars: 2, totalChars: 9 } },
    { path: 'logo.png', kind: 'file', text: '', tokens: 0, refused: 'binary file (it contains NUL bytes)' },
  ],
  instructions: { paths: ['AGENTS.md'], text: 'Project instructions from AGENTS.md:\n\nUse tabs.', tokens: 11 },
};

describe('stored attachments and instructions', () => {
  it('reads a chat saved before attachments existed as it was', () => {
    const message = parseMessage({ id: 'u', role: 'user', content: 'hi', status: 'done', createdAt: 1 });
    assert.deepEqual(message, { id: 'u', role: 'user', content: 'hi', status: 'done', createdAt: 1 });
  });

  it('keeps well-formed attachments and instructions exactly', () => {
    const message = parseMessage(JSON.parse(JSON.stringify(stored)));
    assert.deepEqual(message?.attachments, stored.attachments);
    assert.deepEqual(message?.instructions, stored.instructions);
  });

  it('drops malformed entries and keeps the rest of the message', () => {
    const message = parseMessage({
      ...stored,
      attachments: [
        attachment,
        { path: 42, kind: 'file', text: 'x', tokens: 1 },
        { path: 'a', kind: 'folder', text: 'x', tokens: 1 },
        { path: 'a', kind: 'file', text: 'x', tokens: -1 },
        { path: 'a', kind: 'file', text: 'x', tokens: 1, cut: { sentChars: 'all' }, refused: 7 },
        'junk',
      ],
      instructions: { paths: ['AGENTS.md'], text: 5, tokens: 1 },
    });
    assert.equal(message?.content, 'Why?');
    assert.deepEqual(message?.attachments, [attachment, { path: 'a', kind: 'file', text: 'x', tokens: 1 }]);
    assert.equal(message?.instructions, undefined);
    assert.equal(parseMessage({ ...stored, attachments: 'none' })?.attachments, undefined);
    assert.equal(parseMessage({ ...stored, attachments: [] })?.attachments, undefined);
  });

  it('takes attachments only on user messages', () => {
    assert.equal(parseMessage({ ...stored, role: 'assistant' })?.attachments, undefined);
  });

  it('survives a save and load round trip inside a transcript', () => {
    const transcript = parseTranscript(JSON.parse(JSON.stringify({ id: 't', title: 'x', createdAt: 1, updatedAt: 2, messages: [stored] })));
    assert.deepEqual(transcript?.messages[0].attachments, stored.attachments);
  });

  it('the Markdown export shows the instructions and each attachment exactly as sent, collapsed, and refusals', async () => {
    const transcript: Transcript = { id: 't', title: 'Attachments', createdAt: 0, updatedAt: 0, messages: [parseMessage(stored)!] };
    const markdown = await transcriptToMarkdown(transcript, new Date(0));
    assert.ok(markdown.includes('<details><summary>System message: project instructions (AGENTS.md, ~11 tokens)</summary>'));
    assert.ok(markdown.includes(`<details><summary>Attached: src/a.ts (~${attachment.tokens} tokens)</summary>\n\n\`\`\`\`\`text\n${attachment.text}\n\`\`\`\`\`\n\n</details>`), 'one backtick longer than the attachment\'s own four');
    assert.ok(markdown.includes('Attached: big.txt (~8 tokens, cut)'));
    assert.ok(markdown.includes('_Not sent: logo.png (binary file (it contains NUL bytes))_'));
    assert.ok(markdown.indexOf('System message') < markdown.indexOf('Why?'), 'the context comes before the question');
    // The sent text stays one code block in a preview: nothing of it is rendered as Markdown.
    const tokens = new MarkdownIt({ html: true }).parse(markdown, {});
    const fences = tokens.filter((token) => token.type === 'fence').map((token) => token.content);
    assert.ok(fences.includes(`${attachment.text}\n`));
  });
});
