import type { KeyValueStore } from '../../../../src/host/chat/historyStore';

/** An in-memory Memento that, like VS Code's, keeps the very objects it is given (undefined deletes). */
export class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, unknown>();

  get<T>(key: string): T | undefined {
    return this.data.get(key) as T | undefined;
  }

  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) {
      this.data.delete(key);
    } else {
      this.data.set(key, value);
    }
  }
}
