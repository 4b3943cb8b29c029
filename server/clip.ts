/** Text that came from the caller (paths, parameter and model names) is echoed back at most this long. */
const MAX_ECHOED_CHARS = 64;

export function clip(text: string): string {
  return text.length > MAX_ECHOED_CHARS ? `${text.slice(0, MAX_ECHOED_CHARS)}…` : text;
}
