// Bidirectional-text control characters (the "Trojan Source" trick) can make text, and above
// all code, display in another order than it is written: code that reads as harmless can do
// something else once inserted. Invisible characters (zero-width spaces and joiners, the byte
// order mark) make two identifiers that look alike differ, or hide text between characters.
// Both kinds are shown instead: each one in a span that isolates its effect and names it (the
// stylesheet prints the name), keeping the character itself so Copy and Insert still get the
// text exactly as written.
//
// Bidi controls: the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and
// the marks U+200E (LRM), U+200F (RLM) and U+061C (ALM), which move neutral characters.
import { t } from '../strings';
const BIDI = '\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C';
// Zero-width space, non-joiner, joiner, word joiner, and the zero-width no-break space (BOM).
const INVISIBLE = '\u200B-\u200D\u2060\uFEFF';
const MARKED = new RegExp(`[${BIDI}${INVISIBLE}]`, 'g');
const IS_BIDI = new RegExp(`[${BIDI}]`);
const HAS_MARKED = new RegExp(`[${BIDI}${INVISIBLE}]`);

/** The translated title goes into an attribute of HTML: escaped like any text there. */
const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Marks each bidi control or invisible character of `escapedText` (HTML text content, already escaped). */
export function markBidiControls(escapedText: string): string {
  return escapedText.replace(MARKED, (char) => {
    const name = `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    const title = escapeAttribute(t(IS_BIDI.test(char) ? 'bidiControl' : 'invisibleCharacter', name));
    return `<span class="bidi-control" data-bidi="${name}" title="${title}">${char}</span>`;
  });
}

/** True when `text` holds a character markBidiControls marks. */
export function hasMarkedCharacters(text: string): boolean {
  return HAS_MARKED.test(text);
}
