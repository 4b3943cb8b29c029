// The link schemes model output may carry. The host checks again before opening anything.
const SAFE_LINK = /^(?:https?:|mailto:)/i;

export function isSafeLink(url: string): boolean {
  return SAFE_LINK.test(url.trim());
}
