// Pure (no vscode): the files waiting above the prompt for the next message. The tray holds where
// each one is, never its content: that is read when the message is sent (see chatContext.ts).
import type { AttachmentChip } from '../../shared/protocol';

export interface TrayItem<U> extends AttachmentChip {
  uri: U;
}

export class AttachmentTray<U> {
  private items: TrayItem<U>[] = [];
  private nextId = 1;

  constructor(private readonly onChange: () => void, private readonly keyOf: (uri: U) => string) {}

  /** Adds the chips not there yet (the same file and kind once); true when anything was added. */
  add(chips: ReadonlyArray<Omit<TrayItem<U>, 'id'>>): boolean {
    let added = false;
    for (const chip of chips) {
      const key = this.keyOf(chip.uri);
      const existing = this.items.find((item) => item.kind === chip.kind && this.keyOf(item.uri) === key);
      if (existing) {
        Object.assign(existing, chip, { id: existing.id });
      } else {
        this.items.push({ ...chip, id: `a${this.nextId++}` });
      }
      added = true;
    }
    if (added) this.onChange();
    return added;
  }

  /** Items whose file is `key` (a file can be there twice: as a file and as its problems). */
  itemsOf(key: string): TrayItem<U>[] {
    return this.items.filter((item) => this.keyOf(item.uri) === key);
  }

  /** The size a chip shows, measured again (its file changed); no change when it is gone or the same. */
  resize(id: string, size: { tokens: number; cut?: boolean }): void {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item || (item.tokens === size.tokens && item.cut === size.cut)) return;
    item.tokens = size.tokens;
    if (size.cut) item.cut = true;
    else delete item.cut;
    this.onChange();
  }

  remove(id: string): void {
    const before = this.items.length;
    this.items = this.items.filter((item) => item.id !== id);
    if (this.items.length !== before) this.onChange();
  }

  /**
   * The items the user sent with a message (those of `ids` still here, in the tray's order), taken
   * out of the tray. Ids the view no longer showed are not sent.
   */
  take(ids: readonly string[]): TrayItem<U>[] {
    const wanted = new Set(ids);
    const taken = this.items.filter((item) => wanted.has(item.id));
    if (taken.length > 0) {
      this.items = this.items.filter((item) => !wanted.has(item.id));
      this.onChange();
    }
    return taken;
  }

  chips(): AttachmentChip[] {
    return this.items.map(({ uri: _uri, ...chip }) => ({ ...chip }));
  }
}
