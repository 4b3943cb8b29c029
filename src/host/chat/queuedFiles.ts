import type { ChatFiles, StoredFile } from './chatFiles';

/** A change that has been asked for but may not be on disk yet; undefined text is a removal. */
interface Pending {
  text: string | undefined;
  seq: number;
}

/**
 * ChatFiles whose changes to one file run one after another, in the order they were asked for, so
 * an older write can never land over a newer one. Changes to different files run side by side.
 * Reads see the latest change asked for at once, as an in-memory store would, even before it is
 * on disk; the returned promise says when it is.
 */
export class QueuedFiles implements ChatFiles {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly pending = new Map<string, Pending>();
  private seq = 0;

  constructor(private readonly disk: ChatFiles) {}

  list(): StoredFile[] {
    const files = this.disk.list().filter((file) => !this.pending.has(file.name));
    for (const [name, change] of this.pending) {
      if (change.text !== undefined) {
        files.push({ name, version: `pending:${change.seq}` });
      }
    }
    return files;
  }

  read(name: string): string | undefined {
    const change = this.pending.get(name);
    return change ? change.text : this.disk.read(name);
  }

  writeAtomic(name: string, text: string): Promise<string> {
    return this.enqueue(name, text, () => this.disk.writeAtomic(name, text));
  }

  /**
   * Appends after every change asked for before. When a write or removal of the file is still
   * pending, reads see the appended text too; otherwise they read the disk, which may not have the
   * append yet (appended files are journals, read back only after a crash or by another window).
   */
  append(name: string, text: string): Promise<void> {
    const before = this.pending.get(name);
    if (before === undefined) {
      return this.chain(name, () => this.disk.append(name, text));
    }
    return this.enqueue(name, (before.text ?? '') + text, () => this.disk.append(name, text));
  }

  remove(name: string): Promise<void> {
    return this.enqueue(name, undefined, () => this.disk.remove(name));
  }

  locate(name: string): string | undefined {
    return this.disk.locate?.(name);
  }

  private enqueue<T>(name: string, text: string | undefined, run: () => Promise<T>): Promise<T> {
    const change: Pending = { text, seq: ++this.seq };
    this.pending.set(name, change);
    return this.chain(name, run, change);
  }

  /** Runs `run` after the file's earlier changes; `change`, when given, stops being pending once it is done. */
  private chain<T>(name: string, run: () => Promise<T>, change?: Pending): Promise<T> {
    // A failed change does not block the ones after it; its caller gets the failure.
    const done = (this.tails.get(name) ?? Promise.resolve()).then(run);
    const tail = done
      .catch(() => undefined)
      .then(() => {
        if (change !== undefined && this.pending.get(name) === change) {
          this.pending.delete(name);
        }
        if (this.tails.get(name) === tail) {
          this.tails.delete(name);
        }
      });
    this.tails.set(name, tail);
    return done;
  }
}
