import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeChatFiles, type ChatFiles } from '../../../../src/host/chat/chatFiles';

describe('nodeChatFiles', () => {
  let root: string;
  let folder: string;
  let files: ChatFiles;

  const names = (): string[] => fs.readdirSync(folder).sort();

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-files-'));
    folder = path.join(root, 'a', 'b');
    files = nodeChatFiles(folder);
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('lists nothing and reads nothing before the folder exists', () => {
    assert.deepEqual(files.list(), []);
    assert.equal(files.read('x.json'), undefined);
  });

  it('creates the folder on the first write; the file is on disk when the write resolves', async () => {
    await files.writeAtomic('x.json', 'one');
    assert.equal(fs.readFileSync(path.join(folder, 'x.json'), 'utf8'), 'one');
    assert.equal(files.read('x.json'), 'one');
    assert.deepEqual(files.list().map((f) => f.name), ['x.json']);
    assert.deepEqual(names(), ['x.json'], 'no temporary file is left behind');
  });

  it('a write settles with the version list() gives the file it left, and the same text written again is another version', async () => {
    const first = await files.writeAtomic('x.json', 'one');
    assert.equal(files.list().find((file) => file.name === 'x.json')?.version, first);
    const second = await files.writeAtomic('x.json', 'one');
    assert.notEqual(second, first);
    assert.equal(files.list().find((file) => file.name === 'x.json')?.version, second);
  });

  it('keeps the files private to the user', async function () {
    if (process.platform === 'win32') {
      this.skip();
    }
    await files.writeAtomic('x.json', 'one');
    assert.equal(fs.statSync(path.join(folder, 'x.json')).mode & 0o077, 0);
  });

  it('replaces a file by renaming a new one over it, never by writing into it', async () => {
    await files.writeAtomic('x.json', 'one');
    const before = fs.statSync(path.join(folder, 'x.json')).ino;
    const [listed] = files.list();
    await files.writeAtomic('x.json', 'two');
    assert.notEqual(fs.statSync(path.join(folder, 'x.json')).ino, before, 'the same inode was written in place');
    assert.equal(files.read('x.json'), 'two');
    assert.notEqual(files.list()[0].version, listed.version, 'the version changes with the content');
  });

  it('a failed write leaves the old file as it was and no temporary file', async () => {
    await files.writeAtomic('x.json', 'one');
    fs.mkdirSync(path.join(folder, 'blocked.json', 'inside'), { recursive: true });
    await assert.rejects(files.writeAtomic('blocked.json', 'text'));
    assert.deepEqual(names(), ['blocked.json', 'x.json']);
    assert.equal(files.read('x.json'), 'one');
  });

  it('skips folders and temporary files, and removes only stale temporary files', async () => {
    await files.writeAtomic('x.json', 'one');
    fs.mkdirSync(path.join(folder, 'sub'));
    fs.writeFileSync(path.join(folder, 'x.json.1-1.tmp'), 'in progress elsewhere');
    fs.writeFileSync(path.join(folder, 'x.json.1-2.tmp'), 'left by a crash');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(path.join(folder, 'x.json.1-2.tmp'), hourAgo, hourAgo);
    assert.deepEqual(files.list().map((f) => f.name), ['x.json']);
    for (let i = 0; i < 100 && fs.existsSync(path.join(folder, 'x.json.1-2.tmp')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.deepEqual(names(), ['sub', 'x.json', 'x.json.1-1.tmp']);
  });

  it('removes a file, and a missing one without complaint', async () => {
    await files.writeAtomic('x.json', 'one');
    await files.remove('x.json');
    await files.remove('x.json');
    assert.deepEqual(names(), []);
  });

  it('refuses names that would leave the folder', async () => {
    assert.throws(() => files.read('../x.json'));
    await assert.rejects(files.writeAtomic('../x.json', 'escape'));
    await assert.rejects(files.remove('..'));
    assert.ok(!fs.existsSync(path.join(root, 'a', 'x.json')));
  });
});
