// The one markdown-it configuration for untrusted model output. Safety comes from the
// configuration itself: raw HTML is escaped, only http/https/mailto links are created,
// and images are rendered as links so nothing remote is ever loaded. The sanitizer
// (sanitizer.ts) is the second line of defence, not the first.
import MarkdownIt from 'markdown-it';
import { markBidiControls } from './bidi';
import { highlightCode, highlightGrowingCode, isKnownLanguage, type HighlightCache, type HighlightWork } from './highlight';
import { isSafeLink } from './links';
import { t } from '../strings';

type RenderRule = MarkdownIt.Renderer.RenderRule;
type Token = MarkdownIt.Token;


const { escapeHtml } = new MarkdownIt().utils;

/** What the streaming renderer passes while it renders the open tail of an answer. */
export interface StreamingEnv {
  /** Highlighting state of the tail's code blocks, by their order in the tail: kept between frames. */
  highlightCaches?: HighlightCache[];
  /** Counts this render's code blocks, to find each one's cache. */
  codeBlockIndex?: number;
  work?: HighlightWork;
  /**
   * The page is behind the stream: finished code blocks of a known language render as plain text, their
   * `<code>` marked `PLAIN_CODE_CLASS`, to be highlighted once it has caught up (plainCodeBlock.ts).
   */
  plainCode?: boolean;
  /**
   * True for a language whose grammar must not run in this frame yet (grammarWarmth.ts): its blocks render as
   * plain text, a finished one marked `PLAIN_CODE_CLASS` as while the page is behind; an open tail's block
   * unhighlighted, until a later render.
   */
  coldLanguage?: (language: string) => boolean;
}

/**
 * Marks the `<code>` of a finished block rendered plain while the page was behind or its grammar cold
 * (StreamingEnv.plainCode, coldLanguage).
 */
export const PLAIN_CODE_CLASS = 'code-plain';

function highlightFor(code: string, language: string, env: StreamingEnv | undefined, cold: boolean): string | undefined {
  if (env?.highlightCaches === undefined) {
    return cold ? undefined : highlightCode(code, language, env?.work);
  }
  // (Counted when cold too: the blocks after it keep their own caches.)
  const index = env.codeBlockIndex ?? 0;
  env.codeBlockIndex = index + 1;
  if (cold) return undefined;
  env.highlightCaches[index] ??= { language: '', code: '', html: '' };
  return highlightGrowingCode(code, language, env.highlightCaches[index], env.work);
}

function codeBlockHtml(code: string, language: string, env?: StreamingEnv): string {
  const known = isKnownLanguage(language);
  const cold = known && env?.coldLanguage?.(language) === true;
  // (Not the open tail's blocks: they keep their highlighting caches from frame to frame, and render again.)
  const plain = known && env?.highlightCaches === undefined && (env?.plainCode === true || cold);
  const highlighted = plain ? undefined : highlightFor(code, language, env, cold);
  const languageClass = plain ? ` language-${escapeHtml(language)} ${PLAIN_CODE_CLASS}`
    : highlighted === undefined ? '' : ` language-${escapeHtml(language)}`;
  const label = escapeHtml(language === '' ? 'text' : language);
  return (
    `<div class="code-block" data-lang="${label}">` +
    `<div class="code-header"><span class="code-lang">${markBidiControls(label)}</span><span class="code-actions">` +
    `<button type="button" class="copy-code" title="${escapeHtml(t('copyCode'))}" aria-label="${escapeHtml(t('copyCodeLabel'))}">` +
    '<span class="codicon codicon-copy" aria-hidden="true"></span></button>' +
    `<button type="button" class="insert-code" title="${escapeHtml(t('insertCode'))}" aria-label="${escapeHtml(t('insertCodeLabel'))}">` +
    '<span class="codicon codicon-insert" aria-hidden="true"></span></button>' +
    '</span></div>' +
    // Focusable: a long line scrolls the block sideways, and keyboard users must be able to scroll it too.
    `<pre tabindex="0"><code class="hljs${languageClass}">${markBidiControls(highlighted ?? escapeHtml(code))}</code></pre></div>\n`
  );
}

/** A fence's language: the first word of its info string. */
export function fenceLanguage(token: Token): string {
  return token.info.trim().split(/\s+/)[0] ?? '';
}

/** A code block's frame (header, buttons, empty `<code>`), exactly as a rendered fence has it. */
export function emptyCodeBlockHtml(language: string): string {
  return codeBlockHtml('', language);
}

const renderFence: RenderRule = (tokens, index, _options, env: StreamingEnv | undefined) => {
  const token = tokens[index];
  return codeBlockHtml(token.content, fenceLanguage(token), env);
};

const renderIndentedCode: RenderRule = (tokens, index) => codeBlockHtml(tokens[index].content, '');

function isInsideLink(tokens: Token[], index: number): boolean {
  let depth = 0;
  for (let i = 0; i < index; i++) {
    if (tokens[i].type === 'link_open') depth++;
    if (tokens[i].type === 'link_close') depth--;
  }
  return depth > 0;
}

/** `![alt](url)` becomes a link to the image (or plain text inside a link): no request is made. */
const renderImage: RenderRule = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const alt = escapeHtml(self.renderInlineAsText(token.children ?? [], options, env));
  const src = token.attrGet('src') ?? '';
  const label = `<span class="codicon codicon-file-media" aria-hidden="true"></span>${alt === '' ? escapeHtml(t('image')) : markBidiControls(alt)}`;
  if (isInsideLink(tokens, index) || !isSafeLink(src)) {
    return `<span class="image-ref">${label}</span>`;
  }
  const href = escapeHtml(src);
  return `<a class="image-ref" href="${href}" title="${href}">${label}</a>`;
};

/**
 * Shows where a link goes before it is clicked. The target comes first: a title written by
 * the model (`[x](https://evil "https://good")`) must not pass for the destination.
 */
function addLinkTitle(defaultRule: RenderRule): RenderRule {
  return (tokens, index, options, env, self) => {
    const token = tokens[index];
    const href = token.attrGet('href');
    if (href !== null) {
      const title = token.attrGet('title');
      token.attrSet('title', title === null || title.trim() === '' ? href : `${href}\n${title}`);
    }
    return defaultRule(tokens, index, options, env, self);
  };
}

/**
 * Table alignment as a class: markdown-it writes `style="text-align:…"`, which the CSP
 * (no 'unsafe-inline' styles) blocks and the sanitizer removes anyway.
 */
const renderAlignedCell: RenderRule = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  const alignment = /^text-align:(left|center|right)$/.exec(token.attrGet('style') ?? '');
  if (token.attrs) {
    token.attrs = token.attrs.filter(([name]) => name !== 'style');
  }
  if (alignment) {
    token.attrJoin('class', `align-${alignment[1]}`);
  }
  return self.renderToken(tokens, index, options);
};

/** Text and inline code, escaped as markdown-it does, with bidi controls made visible. */
const renderText: RenderRule = (tokens, index) => markBidiControls(escapeHtml(tokens[index].content));
const renderInlineCode: RenderRule = (tokens, index, _options, _env, self) =>
  `<code${self.renderAttrs(tokens[index])}>${markBidiControls(escapeHtml(tokens[index].content))}</code>`;

/**
 * Text turns into a link when it is unmistakably one, as on GitHub (its "extended autolinks"): a URL with its
 * scheme (`https://…`), one starting `www.` (opened as `http://`), an e-mail address. Not a bare `name.tld`:
 * linkify-it's fuzzy links made every file name whose extension is a country's domain a link to a web site
 * (`README.md`, `main.py`, `build.sh` → `http://README.md`), which a model writes all the time: a click on a
 * file's name opened whatever site has that name. (Parsing costs the same either way, measured in Node.)
 */
function linkOnlyUnmistakableUrls(md: MarkdownIt): void {
  md.linkify.set({ fuzzyLink: false });
  let wwwTail: RegExp | undefined;
  md.linkify.add('www.', {
    validate: (text, pos, self) => {
      // (linkify-it's own host, port and path patterns, as its http: rule uses after `//`.)
      // (Typed as RegExps: the src_ entries are pattern sources, strings.)
      const re = self.re as unknown as Record<string, string>;
      wwwTail ??= new RegExp(`^${re.src_host_port_strict}${re.src_path}`, 'i');
      const tail = wwwTail.exec(text.slice(pos))?.[0] ?? '';
      // A domain after `www.`: at least one more dot before the path (`www.example.com`, not `www.example`).
      return /^[^/?#:]*\.[^/?#:]/.test(tail) ? tail.length : 0;
    },
    normalize: (match) => {
      match.url = `http://${match.url}`;
    },
  });
}

export function createMarkdownEngine(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  linkOnlyUnmistakableUrls(md);
  md.renderer.rules.text = renderText;
  md.renderer.rules.code_inline = renderInlineCode;
  md.validateLink = isSafeLink;
  md.renderer.rules.fence = renderFence;
  md.renderer.rules.code_block = renderIndentedCode;
  md.renderer.rules.image = renderImage;
  // A table scrolls sideways in a box of its own (focusable, like a code block, for the keyboard):
  // scrolling the <table> itself needs `display: block` on it, and then every row added while it
  // streams rebuilt the boxes of the whole table (issue 8).
  md.renderer.rules.table_open = (tokens, index, options, _env, self) => `<div class="table-scroll" tabindex="0">${self.renderToken(tokens, index, options)}`;
  md.renderer.rules.table_close = (tokens, index, options, _env, self) => `${self.renderToken(tokens, index, options).trimEnd()}</div>\n`;
  md.renderer.rules.th_open = renderAlignedCell;
  md.renderer.rules.td_open = renderAlignedCell;
  const defaultLinkOpen: RenderRule =
    md.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
  md.renderer.rules.link_open = addLinkTitle(defaultLinkOpen);
  return md;
}

/**
 * A parser of `md`'s block structure alone: its options and link checks (reference definitions are
 * blocks), none of its inline rules, so an inline token comes without children. (createMarkdownEngine adds
 * no block rules: markdown-it's own are the same here; a test compares the two parsers' blocks.) An open
 * paragraph's parse needs no more: its text is parsed inline by streamingRenderer.ts (paragraphPart), settled
 * and unsettled part apart, and parsing the whole block with the inline rules too did that work twice.
 * Rendering 100 KB arriving 5,000 characters at a time, in plain Node (medians of 16 runs, alternating with
 * the parse that ran them): a paragraph 19–20 ms against 12–13.5, a quote 31 against 21–23, the mixed
 * answer 38–56 against 31–47; a list the same.
 */
export function blockParser(md: MarkdownIt): MarkdownIt {
  let blocks = blockParsers.get(md);
  if (blocks === undefined) {
    blocks = new MarkdownIt(md.options);
    blocks.validateLink = md.validateLink;
    blocks.normalizeLink = md.normalizeLink;
    blocks.normalizeLinkText = md.normalizeLinkText;
    blocks.core.ruler.enableOnly(['normalize', 'block']);
    blockParsers.set(md, blocks);
  }
  return blocks;
}

/** One block parser for each engine: making one took ~0.4 ms (500 in 215 ms, plain Node), and every message has a renderer. */
const blockParsers = new WeakMap<MarkdownIt, MarkdownIt>();
