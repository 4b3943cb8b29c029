import * as assert from 'node:assert/strict';
import type { ChatFiles, StoredFile } from '../../../../src/host/chat/chatFiles';
import { QueuedFiles } from '../../../../src/host/chat/queuedFiles';

/** A disk whose operations finish only when the test releases them, recording what ran. */
class SlowDisk implements ChatFiles {
  readonly texts = new Map<string, string>();
  readonly started: string[] = [];
  private readonly waiting: { release: () => void; fail: (error: Error) => void }[] = [];

  list(): StoredFile[] {
    return [...this.texts.keys()].map((name) => ({ name, version: `disk:${this.texts.get(name)}` }));
  }

  read(name: string): string | undefined {
    return this.texts.get(name);
  }

  writeAtomic(name: string, text: string): Promise<string> {
    return this.hold(`write ${name} ${text}`, () => this.texts.set(name, text)).then(() => `disk:${text}`);
  }

  append(name: string, text: string): Promise<void> {
    return this.hold(`append ${name} ${text}`, () => this.texts.set(name, (this.texts.get(name) ?? '') + text));
  }

  remove(name: string): Promise<void> {
    return this.hold(`remove ${name}`, () => this.texts.delete(name));
  }

  get held(): number {
    return this.waiting.length;
  }

  releaseNext(): void {
    this.waiting.shift()?.release();
  }

  failNext(): void {
    this.waiting.shift()?.fail(new Error('disk full'));
  }

  private hold(what: string, apply: () => void): Promise<void> {
    this.started.push(what);
    return new Promise((resolve, reject) => {
      this.waiting.push({ release: () => (apply(), resolve()), fail: reject });
    });
  }
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('QueuedFiles', () => {
  let disk: SlowDisk;
  let files: QueuedFiles;

  beforeEach(() => {
    disk = new SlowDisk();
    files = new QueuedFiles(disk);
  });

  it('runs the changes to one file one at a time, in order', async () => {
    const first = files.writeAtomic('a', '1');
    const second = files.writeAtomic('a', '2');
    const third = files.remove('a');
    await settle();
    assert.deepEqual(disk.started, ['write a 1'], 'the second write waits for the first');
    disk.releaseNext();
    await first;
    await settle();
    assert.deepEqual(disk.started, ['write a 1', 'write a 2']);
    disk.releaseNext();
    await second;
    await settle();
    disk.releaseNext();
    await third;
    assert.equal(disk.read('a'), undefined);
  });

  it('appends run in order after a pending write or removal, and reads see them while it is pending', async () => {
    const removed = files.remove('j');
    const first = files.append('j', 'a');
    const second = files.append('j', 'b');
    assert.equal(files.read('j'), 'ab', 'the removal is pending: reads see what will be there');
    await settle();
    assert.deepEqual(disk.started, ['remove j']);
    disk.releaseNext();
    await removed;
    await settle();
    disk.releaseNext();
    await first;
    await settle();
    disk.releaseNext();
    await second;
    assert.deepEqual(disk.started, ['remove j', 'append j a', 'append j b']);
    assert.equal(disk.read('j'), 'ab');
  });

  it('runs changes to different files side by side', async () => {
    void files.writeAtomic('a', '1');
    void files.writeAtomic('b', '1');
    await settle();
    assert.deepEqual(disk.started, ['write a 1', 'write b 1']);
    disk.releaseNext();
    disk.releaseNext();
  });

  it('reads and lists the latest change at once, then the disk once it is there', async () => {
    await Promise.resolve(disk.texts.set('gone', 'old'));
    const writing = files.writeAtomic('a', 'new');
    const removing = files.remove('gone');
    assert.equal(files.read('a'), 'new');
    assert.equal(files.read('gone'), undefined);
    assert.deepEqual(files.list().map((f) => f.name), ['a']);
    await settle();
    disk.releaseNext();
    disk.releaseNext();
    await Promise.all([writing, removing]);
    await settle();
    assert.deepEqual(files.list(), [{ name: 'a', version: 'disk:new' }]);
  });

  it('a failed change is reported to its caller and does not block the next one', async () => {
    const failing = files.writeAtomic('a', '1');
    const next = files.writeAtomic('a', '2');
    await settle();
    disk.failNext();
    await assert.rejects(failing, /disk full/);
    await settle();
    assert.equal(disk.held, 1);
    disk.releaseNext();
    await next;
    assert.equal(files.read('a'), '2');
  });
});
