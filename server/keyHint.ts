/**
 * The only form in which a key is ever stored, logged or shown: at most its first 3 and last 4
 * characters, and never more than two thirds of it, so short keys stay mostly hidden too.
 */
export function maskKey(key: string): string {
  const chars = Array.from(key);
  const visible = Math.floor(chars.length / 3);
  const head = Math.min(3, visible);
  const tail = Math.min(4, visible);
  return `${chars.slice(0, head).join('')}…${tail > 0 ? chars.slice(-tail).join('') : ''}`;
}
