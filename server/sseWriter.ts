/**
 * Writes Server-Sent Events to a reply, one whole event per write (or a batch of whole events),
 * waiting for the socket to drain whenever it asks to: a slow reader slows the writer down
 * instead of filling memory.
 */
import type { ServerResponse } from 'node:http';

/** Batched writes are flushed at about this size. */
const BATCH_BYTES = 16 * 1024;

export class SseWriter {
  private pending = '';
  /** Settles when the last write has been handed to the socket. */
  private lastWriteFlushed: Promise<void> = Promise.resolve();

  /** With `batch`, events are gathered and written in ~16 KiB writes (for models that stream without pauses). */
  constructor(private readonly res: ServerResponse, private readonly batch: boolean) {}

  /** True once the client has gone (or the socket was destroyed): further writes are dropped. */
  get closed(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  /** `data: <json>` (or a raw data string such as [DONE]), optionally preceded by an `event:` line. */
  async send(data: unknown, event?: string): Promise<void> {
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    const text = `${event !== undefined ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
    if (!this.batch) return this.write(text);
    this.pending += text;
    if (this.pending.length >= BATCH_BYTES) await this.flush();
  }

  /** An SSE comment line (`: text`): keeps the connection busy, carries no event. */
  async comment(text: string): Promise<void> {
    await this.flush();
    await this.write(`: ${text}\n\n`);
  }

  async flush(): Promise<void> {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    await this.write(text);
  }

  /** Resolves once the written bytes have been handed to the socket, so a following destroy() loses none. */
  async flushed(): Promise<void> {
    await this.flush();
    if (this.closed) return;
    await new Promise<void>((resolve) => {
      const onClose = (): void => resolve();
      this.res.once('close', onClose);
      void this.lastWriteFlushed.then(() => {
        this.res.off('close', onClose);
        resolve();
      });
    });
  }

  async end(): Promise<void> {
    await this.flush();
    if (!this.closed) this.res.end();
  }

  private write(text: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    let resolveFlushed: () => void = () => undefined;
    this.lastWriteFlushed = new Promise((resolve) => { resolveFlushed = resolve; });
    if (this.res.write(text, () => resolveFlushed())) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }
}
