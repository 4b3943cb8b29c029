// The answer's text in pieces: every read gives what one string would, and copies at most what it returns.
import * as assert from 'node:assert/strict';
import { GrowingText, PIECE_CHARS, TextQueue } from '../../../../src/webview/markdown/growingText';
import { seededRandom } from './streamFixture';

/** `text` appended to a GrowingText in random chunks (some larger than a piece, some empty). */
function grown(text: string, seed: number): { growing: GrowingText; work: { copiedChars: number } } {
  const work = { copiedChars: 0 };
  const growing = new GrowingText(work);
  const random = seededRandom(seed);
  for (let at = 0; at < text.length;) {
    const size = Math.floor(random() * (random() < 0.1 ? 3 * PIECE_CHARS : 300));
    growing.append(text.slice(at, at + size));
    at += size;
  }
  return { growing, work };
}

describe('GrowingText', () => {
  const text = Array.from({ length: 3_000 }, (_, index) => `line ${index} — ${'x'.repeat(index % 17)}\n`).join('');

  it('slices, reads characters and joins exactly as one string would', () => {
    for (const seed of [1, 2, 3]) {
      const { growing } = grown(text, seed);
      assert.equal(growing.length, text.length);
      const random = seededRandom(seed + 10);
      for (let i = 0; i < 500; i++) {
        const start = Math.floor(random() * (text.length + 20)) - 10;
        const end = start + Math.floor(random() * 3 * PIECE_CHARS) - 100;
        assert.equal(growing.slice(start, end), text.slice(Math.max(0, start), Math.max(0, end)), `slice(${start}, ${end})`);
        assert.equal(growing.slice(Math.max(0, start)), text.slice(Math.max(0, start)));
        assert.equal(growing.charAt(start), text.charAt(start));
      }
      assert.equal(growing.toString(), text);
      assert.equal(growing.slice(5, 5), '');
      assert.equal(new GrowingText().toString(), '');
    }
  });

  it('knows what extends it', () => {
    const { growing } = grown(text, 4);
    assert.ok(growing.isPrefixOf(text));
    assert.ok(growing.isPrefixOf(`${text}more`));
    assert.ok(!growing.isPrefixOf(text.slice(0, -1)));
    assert.ok(!growing.isPrefixOf(`${text.slice(0, 1_000)}X${text.slice(1_001)}`));
    assert.ok(new GrowingText().isPrefixOf(''));
  });

  it('copies no more than a slice returns, and the piece being appended to: not the whole text', () => {
    const { growing, work } = grown(text, 5);
    const before = work.copiedChars;
    // The last 1,000 characters, again and again as a renderer takes its open block each frame.
    for (let i = 0; i < 100; i++) {
      growing.append('y');
      growing.slice(growing.length - 1_000);
    }
    const copied = work.copiedChars - before;
    assert.ok(copied <= 100 * (1_000 + 2 * PIECE_CHARS), `${copied} characters copied`);
    // (A fifth of the whole text each time at most, whatever a piece's size: the text is 62,000 characters.)
    assert.ok(copied < 100 * text.length / 5, `${copied} characters copied`);
  });
});

describe('TextQueue', () => {
  it('gives back what was pushed, in order, in slices of any size', () => {
    const random = seededRandom(7);
    const text = Array.from({ length: 2_000 }, (_, index) => `item ${index}\n`).join('');
    const queue = new TextQueue();
    let pushed = 0;
    let out = '';
    while (out.length < text.length) {
      if (pushed < text.length && random() < 0.6) {
        const size = Math.floor(random() * 900);
        queue.push(text.slice(pushed, pushed + size));
        pushed = Math.min(text.length, pushed + size);
      }
      assert.equal(queue.length, pushed - out.length);
      assert.equal(queue.toString(), text.slice(out.length, pushed));
      out += queue.take(Math.floor(random() * 1_500));
    }
    assert.equal(out, text);
    assert.equal(queue.length, 0);
    assert.equal(queue.take(10), '');
    queue.push('again');
    queue.clear();
    assert.equal(queue.toString(), '');
  });

  it('a frame that takes from a long backlog after more arrived copies what it takes, not the backlog', () => {
    // The page behind the stream: 200,000 characters waiting, 500 more arriving and 1,000 taken each frame.
    const work = { copiedChars: 0 };
    const queue = new TextQueue(work);
    queue.push('x'.repeat(200_000));
    for (let frame = 0; frame < 150; frame++) {
      queue.push('y'.repeat(500));
      queue.take(1_000);
    }
    assert.ok(work.copiedChars < 150 * (1_000 + 2 * PIECE_CHARS), `${work.copiedChars} characters copied`);
    assert.ok(work.copiedChars < 150 * 200_000 / 20, `${work.copiedChars} characters copied`);
  });
});
