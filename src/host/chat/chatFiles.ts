// The file access the chat history needs, over one folder, and its node:fs implementation.
import { promises as fsPromises, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { basename, join } from 'node:path';

/** A file in the folder; `version` changes whenever its content may have changed. */
export interface StoredFile {
  name: string;
  version: string;
  /** When the file last changed (epoch ms), when known. */
  modifiedAt?: number;
}

/**
 * One flat folder of small files. Reads are synchronous (the history store answers synchronously,
 * and its files are small and local); a write or removal settles only once it is on disk.
 */
export interface ChatFiles {
  /** The files in the folder; none when the folder does not exist yet. */
  list(): StoredFile[];
  /** The file's text; undefined when it does not exist. */
  read(name: string): string | undefined;
  /**
   * Replaces the file whole: a reader, or a crash at any moment, sees the old or the new text, never a mix.
   * Settles with the version `list()` gives the file as this write left it (a later change gives another).
   */
  writeAtomic(name: string, text: string): Promise<string>;
  /**
   * Adds `text` at the end of the file (created if missing); settles when it is on disk. A crash
   * mid-append can leave a torn last line: readers of appended files must tolerate it.
   */
  append(name: string, text: string): Promise<void>;
  /** Deletes the file; nothing happens when it is already gone. */
  remove(name: string): Promise<void>;
  /** The file's path on disk, for showing it to the user; undefined when it lives only in memory. */
  locate?(name: string): string | undefined;
}

/** The suffix of the temporary files writeAtomic renames into place. */
export const TEMP_SUFFIX = '.tmp';

/** A temporary file older than this was left by a crash mid-write, not by a write in progress. */
const STALE_TEMP_MS = 10 * 60_000;

/** Windows refuses a rename over a file another process has open for a moment (virus scanners, another window reading it). */
const RENAME_RETRIES = [10, 50, 200];

let tempCounter = 0;

/** ChatFiles over `folder` through node:fs, created on the first write. Files are readable by the user alone. */
export function nodeChatFiles(folder: string): ChatFiles {
  return {
    list(): StoredFile[] {
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch (error) {
        if (isMissing(error)) {
          return [];
        }
        throw error;
      }
      const files: StoredFile[] = [];
      for (const name of names) {
        const stat = statOrUndefined(join(folder, name));
        if (!stat?.isFile()) {
          continue;
        }
        if (name.endsWith(TEMP_SUFFIX)) {
          removeIfStale(join(folder, name), stat);
          continue;
        }
        files.push({ name, version: versionOf(stat), modifiedAt: stat.mtimeMs });
      }
      return files;
    },

    read(name: string): string | undefined {
      try {
        return readFileSync(join(folder, checkedName(name)), 'utf8');
      } catch (error) {
        if (isMissing(error)) {
          return undefined;
        }
        throw error;
      }
    },

    async writeAtomic(name: string, text: string): Promise<string> {
      const target = join(folder, checkedName(name));
      await fsPromises.mkdir(folder, { recursive: true });
      // Unique per process and write, so two windows writing the same chat never share a temp file.
      const temp = `${target}.${process.pid}-${++tempCounter}${TEMP_SUFFIX}`;
      try {
        // On disk before the rename: a crash after it never finds the new name with missing data.
        await writeSynced(temp, 'w', text);
        // Taken before the rename, which keeps the inode, size and time: a write landing over this one
        // after the rename makes another version, never this one.
        const version = versionOf(await fsPromises.stat(temp));
        await renameWithRetry(temp, target);
        return version;
      } catch (error) {
        await fsPromises.rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
    },

    async append(name: string, text: string): Promise<void> {
      await fsPromises.mkdir(folder, { recursive: true });
      await writeSynced(join(folder, checkedName(name)), 'a', text);
    },

    async remove(name: string): Promise<void> {
      await fsPromises.rm(join(folder, checkedName(name)), { force: true });
    },

    locate(name: string): string {
      return join(folder, checkedName(name));
    },
  };
}

/** A file's version: a rename gives the file a new inode, so this changes even when size and time do not. */
function versionOf(stat: Stats): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
}

/** Writes (`w`) or appends (`a`) `text` and settles once it is on disk. Files are readable by the user alone. */
async function writeSynced(file: string, flags: 'w' | 'a', text: string): Promise<void> {
  const handle = await fsPromises.open(file, flags, 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The store names its files itself; this guards the folder against a name that would leave it. */
function checkedName(name: string): string {
  if (!name || name !== basename(name) || name === '.' || name === '..') {
    throw new Error(`Not a plain file name: ${JSON.stringify(name)}`);
  }
  return name;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function removeIfStale(file: string, stat: Stats): void {
  if (Date.now() - stat.mtimeMs > STALE_TEMP_MS) {
    fsPromises.rm(file, { force: true }).catch(() => undefined);
  }
}

async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fsPromises.rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const retryable = code === 'EPERM' || code === 'EACCES' || code === 'EBUSY';
      if (!retryable || attempt >= RENAME_RETRIES.length) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, RENAME_RETRIES[attempt]));
    }
  }
}

/** ChatFiles that live as long as the object: for tests, and the fallback when there is no folder to write to. */
export function memoryChatFiles(): ChatFiles & { readonly texts: Map<string, string> } {
  const texts = new Map<string, string>();
  const versions = new Map<string, number>();
  let writes = 0;
  return {
    texts,
    list: () => [...texts.keys()].map((name) => ({ name, version: String(versions.get(name) ?? 0) })),
    read: (name) => texts.get(name),
    async writeAtomic(name, text) {
      texts.set(name, text);
      versions.set(name, ++writes);
      return String(writes);
    },
    async append(name, text) {
      texts.set(name, (texts.get(name) ?? '') + text);
      versions.set(name, ++writes);
    },
    async remove(name) {
      texts.delete(name);
      versions.delete(name);
    },
  };
}
