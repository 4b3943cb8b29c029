import assert from 'node:assert/strict';
import { decodeUtf8 } from '../../../src/api/utf8';

async function decodeAll(chunks: Uint8Array[]): Promise<string> {
  let text = '';
  for await (const part of decodeUtf8(chunks)) text += part;
  return text;
}

describe('api/utf8: bytes → text', () => {
  it('keeps a character split across chunks whole', async () => {
    const raw = new TextEncoder().encode('a€b');
    assert.equal(await decodeAll([raw.subarray(0, 2), raw.subarray(2, 3), raw.subarray(3)]), 'a€b');
  });

  it('does not yield a half character on its own', async () => {
    const raw = new TextEncoder().encode('😀');
    const parts: string[] = [];
    for await (const part of decodeUtf8([raw.subarray(0, 1), raw.subarray(1, 3), raw.subarray(3)])) parts.push(part);
    assert.deepEqual(parts, ['😀']);
  });

  it('turns invalid bytes and a sequence cut at the end into U+FFFD instead of failing', async () => {
    assert.equal(await decodeAll([Uint8Array.of(0x61, 0xff, 0x62)]), 'a\uFFFDb');
    assert.equal(await decodeAll([Uint8Array.of(0x61, 0xe2, 0x82)]), 'a\uFFFD');
  });
});
