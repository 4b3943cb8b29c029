// Makes untrusted Markdown (model output, server error texts) inert for an exported file: opened
// in a Markdown preview, it must load nothing remote. The chat itself shows images as links and
// raw HTML as text (markdown-it with html:false); the export keeps that:
// - every image (`![x](url)`, `![x][ref]`, `![ref]`) becomes the link it is in the chat, by
//   escaping its `!` (`\![x](url)` renders as "!" and a link);
// - every raw HTML tag (`<img src>`, `<picture>`, `<video poster>`, `<svg>`, styles) is escaped,
//   so it reads as the text the chat shows;
// code (fenced, indented, inline) is left as written, since nothing in code renders.
// Then the result is parsed as a preview would (html on): if any image or HTML is still there
// (a case the escaping got wrong), the text is exported as a plain code block instead.
import type MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

/**
 * The preview's view of Markdown: raw HTML on, as VS Code's Markdown preview has it. Loaded on the
 * first export, not when the extension activates (it is a sizeable part of the bundle).
 */
export async function loadPreviewParser(): Promise<MarkdownIt> {
  const { default: MarkdownItClass } = await import('markdown-it');
  return new MarkdownItClass({ html: true, linkify: true });
}

/** Source line ranges [start, end) of code blocks (fenced or indented), where nothing renders. */
function codeLineRanges(tokens: readonly Token[]): [number, number][] {
  return tokens
    .filter((token) => (token.type === 'fence' || token.type === 'code_block') && token.map !== null)
    .map((token) => token.map as [number, number]);
}

/** An HTML tag's start: `<name`, `</name`, `<!` (comments, doctype) or `<?`. Autolinks (`<https://…>`) are not. */
const TAG_START = /^<(?:\/?[A-Za-z][A-Za-z0-9-]*(?=[\s/>]|$)|[!?])/;

function precededByBackslash(text: string, index: number): boolean {
  let count = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

/** Escapes image openers and HTML tags in `text`, which holds no code block (inline code spans are kept). */
function escapeOutsideInlineCode(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      // A code span closes at the next run of exactly the same length; otherwise the backticks are literal.
      const closing = new RegExp(`(?<!\`)${'`'.repeat(run)}(?!\`)`, 'g');
      closing.lastIndex = i + run;
      const match = closing.exec(text);
      const end = match ? match.index + run : i + run;
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (char === '!' && text[i + 1] === '[' && !precededByBackslash(text, i)) {
      out += '\\![';
      i += 2;
      continue;
    }
    if (char === '<' && !precededByBackslash(text, i) && TAG_START.test(text.slice(i, i + 40))) {
      out += '&lt;';
      i += 1;
      continue;
    }
    out += char;
    i++;
  }
  return out;
}

/** True when a preview of `markdown` would contain an image or raw HTML. */
export function loadsAnything(markdown: string, parser: MarkdownIt): boolean {
  const visit = (tokens: readonly Token[]): boolean =>
    tokens.some((token) => token.type === 'image' || token.type === 'html_inline' || token.type === 'html_block' || visit(token.children ?? []));
  return visit(parser.parse(markdown, {}));
}

/** A fence longer than any backtick run in `text`, so the text can never close it early. */
export function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return '`'.repeat(longest + 1);
}

/** `markdown` with images as links and HTML as text; see the file comment. */
export function inertMarkdown(markdown: string, parser: MarkdownIt): string {
  const lines = markdown.split('\n');
  const code = new Array<boolean>(lines.length).fill(false);
  for (const [start, end] of codeLineRanges(parser.parse(markdown, {}))) {
    for (let line = start; line < end && line < lines.length; line++) code[line] = true;
  }
  const parts: string[] = [];
  let segment: string[] = [];
  const flush = (): void => {
    if (segment.length > 0) parts.push(escapeOutsideInlineCode(segment.join('\n')));
    segment = [];
  };
  lines.forEach((line, index) => {
    if (code[index]) {
      flush();
      parts.push(line);
    } else {
      segment.push(line);
    }
  });
  flush();
  const result = parts.join('\n');
  if (!loadsAnything(result, parser)) {
    return result;
  }
  const fence = fenceFor(markdown);
  return `${fence}text\n${markdown}\n${fence}`;
}
