// Bidirectional-text control characters (the "Trojan Source" trick) can make text, and above
// all code, display in another order than it is written: code that reads as harmless can do
// something else once inserted. They are shown instead: each one in a span that isolates its
// effect and names it (the stylesheet prints the name), keeping the character itself so Copy
// and Insert still get the text exactly as written.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Marks each bidi control character of `escapedText` (HTML text content, already escaped). */
export function markBidiControls(escapedText: string): string {
  return escapedText.replace(BIDI_CONTROLS, (char) => {
    const name = `U+${char.charCodeAt(0).toString(16).toUpperCase()}`;
    return `<span class="bidi-control" data-bidi="${name}" title="Bidirectional control character ${name}">${char}</span>`;
  });
}
