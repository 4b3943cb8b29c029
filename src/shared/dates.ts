// How the history, the search results and the Search Chats quick pick show a date.

const WHEN_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Made on first use, then kept: `Date.prototype.toLocaleString` with options makes a formatter on every call
 * (in V8 some 0.2–0.3 ms: the history list of 100 chats, re-rendered as each answer ends, took 20–30 ms
 * of the page's thread), while one kept formatter formats a date in microseconds. The locale is the page's
 * or the extension host's, which does not change while it runs.
 */
let whenFormat: Intl.DateTimeFormat | undefined;

/** A chat's date in the user's locale (medium date, short time); empty when it is not a date. */
export function formatWhen(timestamp: number): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  whenFormat ??= new Intl.DateTimeFormat(undefined, WHEN_FORMAT);
  return whenFormat.format(date);
}
