import { parseJson } from './json';

/** A chunk's text or reasoning, read without parsing the rest of the chunk again. */
export interface TemplateRead {
  field: 'text' | 'reasoning';
  text: string;
}

/**
 * What a chunk must give, once its text is replaced by this marker, to serve as a template: this text, in the field
 * read, and nothing else the stream reader looks at (verify, in ChunkTemplate.learn). Any string would do; this one
 * is unlikely to be a chunk's own text. (Exported for the tests that tell a template's check from a chunk's parse.)
 */
export const MARKER = '\u0000model-access-template\u0000';
const MARKER_LITERAL = JSON.stringify(MARKER);
const QUOTE = 0x22;

/**
 * Learns a template after this many chunks parsed whole, and again only while the templates pay: a server whose
 * every chunk differs outside its text (OpenAI's `obfuscation` field, a per-chunk timestamp) costs a few extra
 * parses, not one per chunk.
 */
const FREE_LEARNS = 4;
/** After FREE_LEARNS, a template is learned again only while each learned so far has served this many chunks. */
const HITS_PER_LEARN = 16;

/**
 * A fast path for the chunks of one stream: a server sends tens of thousands of chunks that differ only in their
 * text (`{"id":"…","object":"chat.completion.chunk","created":…,"model":"…","choices":[{"index":0,"delta":{"content":
 * "…"},"finish_reason":null}]}`), and parsing each whole (JSON.parse of some 200 bytes, then reading its choices)
 * was most of the extension host's work for a fast answer.
 *
 * From a chunk parsed whole that carried only text (or only reasoning), the template keeps the text around the
 * string literal that held it: `prefix` + literal + `suffix`. A later chunk that is `prefix` + one JSON string
 * literal + `suffix`, character for character, is that same chunk with another string at the same place, since a
 * string literal is one JSON value token wherever it stands: only the literal is parsed. Whether the place is the
 * one the stream reader takes the text from, and whether everything else it reads stays empty (reasoning, finish
 * reason, tool calls, usage, an error), is checked once, when the template is learned: the chunk with the marker
 * in that place is parsed and read as any chunk is (`readWhole`), and must give the marker as its text and nothing
 * else. Anything that does not match is parsed whole, as before (a miss costs two string comparisons).
 */
export class ChunkTemplate {
  private prefix = '';
  private suffix = '';
  private field: TemplateRead['field'] | undefined;
  private learns = 0;
  private hits = 0;

  /**
   * `readWhole`: what the stream reader takes from a parsed chunk, `undefined` unless it is text or reasoning
   * alone (no finish reason, tool calls, usage or error).
   */
  constructor(private readonly readWhole: (chunk: unknown) => TemplateRead | undefined) {}

  /** The text of `data` when it fits the template, else undefined (parse it whole). */
  read(data: string): TemplateRead | undefined {
    const { field, prefix, suffix } = this;
    if (field === undefined) return undefined;
    const end = data.length - suffix.length;
    // (At least `""`: an empty string gives no text, as a whole parse would read it; see below. Compared as slices:
    // with startsWith and endsWith, reading a 100 KB mixed answer's 5 MB of events from memory took 29.5 ms; as
    // slices, 13.)
    if (end - prefix.length < 2 || data.slice(0, prefix.length) !== prefix || data.slice(end) !== suffix) return undefined;
    if (data.charCodeAt(prefix.length) !== QUOTE || data.charCodeAt(end - 1) !== QUOTE) return undefined;
    const text = parseJson(data.slice(prefix.length, end));
    // (Not a string: the middle was more than one literal, `"a","b":"c"`. Empty: no text, parsed whole.)
    if (typeof text !== 'string' || text === '') return undefined;
    this.hits++;
    return { field, text };
  }

  /**
   * Learns the template from `data`, a chunk that did not fit and was parsed whole (`chunk`), when it is text or
   * reasoning alone and the server wrote that text as JSON.stringify does.
   */
  learn(data: string, chunk: unknown): void {
    if (this.learns >= FREE_LEARNS && this.hits < HITS_PER_LEARN * this.learns) return;
    const read = this.readWhole(chunk);
    if (read === undefined) return;
    this.learns++;
    const literal = JSON.stringify(read.text);
    // The last place the literal stands (a chunk's text comes after its id and model), and it must be the text's.
    const at = data.lastIndexOf(literal);
    if (at < 0) return;
    const prefix = data.slice(0, at);
    const suffix = data.slice(at + literal.length);
    const check = this.readWhole(parseJson(prefix + MARKER_LITERAL + suffix));
    if (check?.field !== read.field || check.text !== MARKER) return;
    this.prefix = prefix;
    this.suffix = suffix;
    this.field = read.field;
  }
}
