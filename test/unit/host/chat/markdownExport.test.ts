import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { inertMarkdown, loadPreviewParser, loadsAnything as loadsAnythingWith } from '../../../../src/host/chat/inertMarkdown';
import { ANSWER_SIZE_LIMIT } from '../../../../src/shared/finishReason';
import { exportFileName, transcriptToMarkdown } from '../../../../src/host/chat/markdownExport';
import type { Transcript } from '../../../../src/shared/protocol';

const transcript: Transcript = {
  id: 't1',
  title: 'Explain the retry policy',
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  updatedAt: Date.UTC(2026, 0, 2, 3, 5, 0),
  messages: [
    { id: 'u1', role: 'user', content: 'Explain the retry policy', status: 'done', model: 'echo-1', createdAt: 0 },
    {
      id: 'a1', role: 'assistant', content: 'It backs off.\n\n```ts\nwait(500);\n```', status: 'done', model: 'echo-1', createdAt: 0,
      reasoning: 'The user wants ``` details', usage: { inputTokens: 12, outputTokens: 34 },
    },
    { id: 'u2', role: 'user', content: 'Longer, please', status: 'done', createdAt: 0 },
    { id: 'a2', role: 'assistant', content: 'Once upon', status: 'stopped', model: 'slow-1', createdAt: 0 },
    { id: 'u3', role: 'user', content: 'Again', status: 'done', createdAt: 0 },
    {
      id: 'a3', role: 'assistant', content: 'Partial', status: 'error', model: 'echo-1', createdAt: 0,
      error: { message: 'Rate limit exceeded', status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', actions: ['retry'] },
    },
  ],
};

describe('transcriptToMarkdown', () => {
  let markdown = '';
  before(async () => {
    markdown = await transcriptToMarkdown(transcript, new Date(Date.UTC(2026, 0, 3)));
  });

  it('starts with the title, the dates and the models used', async () => {
    assert.ok(markdown.startsWith('# Explain the retry policy\n\n'));
    assert.ok(markdown.includes('- Started: 2026-01-02T03:04:05.000Z'));
    assert.ok(markdown.includes('- Exported: 2026-01-03T00:00:00.000Z'));
    assert.ok(markdown.includes('- Models: `echo-1`, `slow-1`'));
  });

  it('names an untitled chat in the display language, and its file "chat.md"', async () => {
    const untitled: Transcript = { ...transcript, title: '' };
    assert.match(await transcriptToMarkdown(untitled), /^# Untitled chat\n/);
    assert.equal(exportFileName(untitled), 'chat.md');
  });

  it('has every message in order with its author and model', async () => {
    const order = ['## You\n\nExplain the retry policy', '## Assistant (echo-1)\n\n', '## You\n\nLonger, please', '## Assistant (slow-1)', '## You\n\nAgain'];
    let at = 0;
    for (const part of order) {
      const found = markdown.indexOf(part, at);
      assert.ok(found >= at, `missing or out of order: ${part}`);
      at = found;
    }
    assert.ok(markdown.includes('It backs off.\n\n```ts\nwait(500);\n```'));
  });

  it('marks stopped answers and shows errors with status, type and code', async () => {
    assert.match(markdown, /Once upon\n\n_\[Stopped[^\n]*\]_/);
    assert.ok(markdown.includes('Partial'));
    assert.ok(markdown.includes('> **Error** (status 429, type `rate_limit_error`, code `rate_limit_exceeded`): Rate limit exceeded'));
  });

  it('marks an answer cut off at the output-token limit', async () => {
    const cut = await transcriptToMarkdown({
      ...transcript,
      messages: [{ id: 'a', role: 'assistant', content: 'Half of', status: 'done', finishReason: 'length', createdAt: 0 }],
    });
    assert.match(cut, /Half of\n\n_\[Cut off: the answer reached the output-token limit\.\]_/);
    assert.doesNotMatch(markdown, /Cut off/);
  });

  it('marks an answer the chat cut off at the size limit (modelAccess.maxAnswerChars)', async () => {
    const cut = await transcriptToMarkdown({
      ...transcript,
      messages: [{ id: 'a', role: 'assistant', content: 'Lots', status: 'done', finishReason: ANSWER_SIZE_LIMIT, createdAt: 0 }],
    });
    assert.match(cut, /Lots\n\n_\[Cut off: the answer reached the size limit \(modelAccess\.maxAnswerChars\), so the connection was closed\.\]_/);
  });

  it('shows usage and reasoning in a fence its text cannot close', async () => {
    assert.ok(markdown.includes('_Tokens: 12 input, 34 output_'));
    assert.ok(markdown.includes('````text\nThe user wants ``` details\n````'));
  });

  it('says "no reply" for a network failure', async () => {
    const failed = await transcriptToMarkdown({
      ...transcript,
      messages: [{ id: 'x', role: 'assistant', content: '', status: 'error', createdAt: 0, error: { message: 'Connection refused', actions: ['retry'] } }],
    });
    assert.ok(failed.includes('> **Error** (no reply from the server): Connection refused'));
  });
});

describe('exportFileName', () => {
  it('slugs the title', async () => {
    assert.equal(exportFileName(transcript), 'explain-the-retry-policy.md');
    assert.equal(exportFileName({ ...transcript, title: '../../etc/passwd' }), 'etc-passwd.md');
    assert.equal(exportFileName({ ...transcript, title: '日本語' }), 'chat.md');
  });
});

describe('transcriptToMarkdown: a preview of the export loads nothing remote', () => {
  let parser: MarkdownIt;
  before(async () => {
    parser = await loadPreviewParser();
  });
  const loadsAnything = (markdown: string): boolean => loadsAnythingWith(markdown, parser);
  const exportOf = (content: string, extra: Partial<Transcript['messages'][number]> = {}): Promise<string> => transcriptToMarkdown({
    ...transcript,
    title: 'Images',
    messages: [{ id: 'a', role: 'assistant', content, status: 'done', model: 'echo-1', createdAt: 0, ...extra }],
  });

  const hostile = [
    '![x](https://evil/img.png)',
    'Look: ![chart][logo] and ![logo] and ![logo][]\n\n[logo]: https://evil/ref.png',
    'An <img src="https://evil/html.png"> inline',
    '<img src="https://evil/block.png">',
    '<picture><source srcset="https://evil/s.png"></picture>',
    '<div style="background:url(https://evil/bg.png)">x</div>',
    '<video poster="https://evil/poster.png"></video>',
    '- item ![x](https://evil/list.png)\n  > quoted ![y](https://evil/quote.png)',
    '[![badge](https://evil/badge.svg)](https://example.com)',
    '![a `code` alt](https://evil/alt.png) `inline ![kept](as-code)`',
    '`unclosed ![x](https://evil/after-backtick.png)',
    '``` ![x](https://evil/fence-info.png)\nnot code?\n```',
    '\\![x](https://evil/escaped-bang.png)',
  ];
  for (const content of hostile) {
    it(`has no image and no HTML for: ${content.split('\n')[0]}`, async () => {
      const markdown = await exportOf(content);
      assert.equal(loadsAnything(markdown.replace(/<details>[\s\S]*?<\/details>/g, '')), false, markdown);
      assert.equal(loadsAnything(await exportOf('plain', { error: { message: content, status: 500, actions: [] } })), false);
    });
  }

  it('keeps each image as a link to it, as the chat shows it', async () => {
    const markdown = await exportOf('![x](https://evil/img.png) and ![r][ref]\n\n[ref]: https://evil/ref.png');
    const html = new MarkdownIt({ html: true }).render(markdown);
    assert.match(html, /!<a href="https:\/\/evil\/img.png">x<\/a>/);
    assert.match(html, /!<a href="https:\/\/evil\/ref.png">r<\/a>/);
  });

  it('shows HTML as the text the model wrote', async () => {
    const html = new MarkdownIt({ html: true }).render(await exportOf('An <img src="https://evil/x.png"> here'));
    assert.match(html, /An &lt;img src=&quot;https:\/\/evil\/x.png&quot;&gt; here/);
  });

  it('leaves code as written: fenced, indented and inline', async () => {
    const content = 'Use `![a](b)` or:\n\n```md\n![x](https://example.com/x.png)\n<img src="y">\n```\n\n    <img indented>';
    assert.ok((await exportOf(content)).includes(content));
  });

  it('keeps autolinks, escaped characters and comparisons readable', async () => {
    const content = 'See <https://example.com> and a < b > c, 1<2, \\<b>';
    assert.ok((await exportOf(content)).includes(content));
  });

  it('exports text whose images the escaping misses as a plain code block (checked by parsing the result)', async () => {
    // The inline-code scan pairs these backticks across two paragraphs; a parser does not.
    const content = 'tick ` here\n\n![x](https://evil/p.png) and ` there';
    const markdown = inertMarkdown(content, parser);
    assert.equal(markdown, `\`\`\`text\n${content}\n\`\`\``);
    assert.equal(loadsAnything(markdown), false);
    assert.equal(loadsAnything(await exportOf(content)), false);
  });

  it('makes the title and model ids inert too', async () => {
    const markdown = await transcriptToMarkdown({ ...transcript, title: '<img src=https://evil/t.png> ![t](https://evil/t.png)' });
    assert.equal(loadsAnything(markdown.replace(/<details>[\s\S]*?<\/details>/g, '')), false);
  });
});
