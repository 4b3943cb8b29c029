// The words of the "not sent" marker, one source for the chat view and the Markdown export.

export function cutMarkerText(omitted: number): string {
  return `${omitted} earlier message${omitted === 1 ? ' is' : 's are'} not sent`;
}
