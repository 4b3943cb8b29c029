/**
 * Layer 1 of streaming: network bytes → text. The decoder keeps an incomplete multi-byte
 * sequence at the end of one chunk until the next chunk completes it, so a character split
 * across network chunks comes out whole. Invalid bytes become U+FFFD rather than an error.
 */
export async function* decodeUtf8(chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text.length > 0) yield text;
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield rest;
}
