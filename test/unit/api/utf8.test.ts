import assert from 'node:assert/strict';
import { decodeUtf8 } from '../../../src/api/utf8';

async function reads(chunks: (Uint8Array | string)[]): Promise<string[][]> {
  const out: string[][] = [];
  for await (const pieces of decodeUtf8(chunks)) out.push(pieces);
  return out;
}

async function decodeAll(chunks: Uint8Array[]): Promise<string> {
  return (await reads(chunks)).flat().join('');
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A deterministic sequence of numbers in [0, 1), so a failure can be reproduced. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('api/utf8: bytes → text', () => {
  it('keeps a character split across chunks whole', async () => {
    const raw = bytes('a€b');
    assert.equal(await decodeAll([raw.subarray(0, 2), raw.subarray(2, 3), raw.subarray(3)]), 'a€b');
  });

  it('does not yield a half character on its own', async () => {
    const raw = bytes('😀');
    assert.deepEqual(await reads([raw.subarray(0, 1), raw.subarray(1, 3), raw.subarray(3)]), [['😀']]);
  });

  it('turns invalid bytes and a sequence cut at the end into U+FFFD instead of failing', async () => {
    assert.equal(await decodeAll([Uint8Array.of(0x61, 0xff, 0x62)]), 'a\uFFFDb');
    assert.equal(await decodeAll([Uint8Array.of(0x61, 0xe2, 0x82)]), 'a\uFFFD');
    assert.equal(await decodeAll([Uint8Array.of(0x61, 0x0a, 0xe2, 0x82, 0x0a, 0x62, 0x0a, 0x63)]), 'a\n\uFFFD\nb\nc');
  });

  it('gives one read\'s text as one piece when it is all ASCII, and passes strings through', async () => {
    assert.deepEqual(await reads([bytes('data: a\n\ndata: b\n\n'), 'data: c\n\n']), [['data: a\n\ndata: b\n\n'], ['data: c\n\n']]);
  });

  it('decodes a read that is not all ASCII in runs of whole lines: a line with wider characters on its own', async () => {
    // (So the ASCII lines' events are not parsed as two-byte strings: see decodeUtf8.)
    assert.deepEqual(
      await reads([bytes('data: a\n\ndata: b — c\n\ndata: d\n\ndata: e\n\ndata: “f”\n\ndata: g')]),
      [['data: a\n', '\n', 'data: b — c\n', '\ndata: d\n\ndata: e\n\n', 'data: “f”\n', '\n', 'data: g']],
    );
  });

  it('gives the text TextDecoder gives, however the bytes are split into reads (random text, valid and not)', async () => {
    const alphabet = [0x61, 0x0a, 0x0d, 0x20, 0x80, 0xbf, 0xc2, 0xc3, 0xa9, 0xe2, 0x80, 0x94, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xed, 0xa0];
    const next = numbers(8);
    const ascii = [0x61, 0x62, 0x20, 0x7b, 0x22];
    for (let round = 0; round < 2_000; round++) {
      // Short texts of any of these bytes; and every fourth, long ones that are mostly ASCII, read in long chunks.
      const long = round % 4 === 3;
      const length = long ? 1 + Math.floor(next() * 6_000) : 1 + Math.floor(next() * 40);
      const raw = Uint8Array.from({ length }, () => (long && next() < 0.97 ? (next() < 0.02 ? 0x0a : ascii[Math.floor(next() * ascii.length)]) : alphabet[Math.floor(next() * alphabet.length)]));
      const chunks: Uint8Array[] = [];
      for (let start = 0; start < raw.length;) {
        const end = start + 1 + Math.floor(next() * (long ? 3_000 : 12));
        chunks.push(raw.subarray(start, end));
        start = end;
      }
      assert.equal(await decodeAll(chunks), new TextDecoder().decode(raw), `bytes ${Buffer.from(raw).toString('hex')}`);
    }
  });
});
