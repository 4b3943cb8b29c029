// How the history, the search results and the Search Chats quick pick show a date.

/** A chat's date in the user's locale (medium date, short time); empty when it is not a date. */
export function formatWhen(timestamp: number): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
