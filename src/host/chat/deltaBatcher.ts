import type { DeltaMessage } from '../../shared/protocol';
import { realTimers, type Timers } from './timers';

/**
 * At most 20 deltas a second, the pace at which VS Code's own chat list re-renders a streaming answer (a
 * 50 ms timer). Each delta costs the host a message and the page a frame: its render, and the style, layout
 * and paint of the whole document, which in code-server is the workbench's too (traced: about 5 ms a frame
 * that added a few hundred characters). Against 25 ms, alternating in the editor bench (3 runs each), a 60 KB list at
 * 2,000 tokens/s cost the renderer 3.6-3.9 s of CPU instead of 4.5-5.0 s, and had no task over 50 ms in any
 * run (4 in one before); full-speed answers gain nothing from a shorter interval, as the page renders them
 * every frame while it is behind. The last text is never held back: `flush()` sends it before the status.
 */
export const DELTA_INTERVAL_MS = 50;

interface Pending {
  content: string;
  reasoning: string;
}

/**
 * Collects streamed text per message and emits one `delta` per message at most every `intervalMs`.
 * The first text after a flush starts the timer; `flush()` emits at once (call it before any
 * status change, so a `messageUpdated` never overtakes text still waiting here).
 */
export class DeltaBatcher {
  private readonly pending = new Map<string, Pending>();
  private timer: unknown;
  /** When the timer was started (the first text after a flush arrived). */
  private since = 0;

  constructor(
    private readonly emit: (delta: DeltaMessage) => void,
    private readonly timers: Timers = realTimers,
    private readonly intervalMs = DELTA_INTERVAL_MS,
  ) {}

  addContent(messageId: string, text: string): void {
    this.add(messageId, 'content', text);
  }

  addReasoning(messageId: string, text: string): void {
    this.add(messageId, 'reasoning', text);
  }

  /** Emits everything pending now (at most one delta per message) and stops the timer. */
  flush(): void {
    if (this.timer !== undefined) {
      this.timers.clearTimeout(this.timer);
      this.timer = undefined;
    }
    const batches = [...this.pending];
    this.pending.clear();
    for (const [messageId, { content, reasoning }] of batches) {
      const delta: DeltaMessage = { type: 'delta', messageId };
      if (content) {
        delta.content = content;
      }
      if (reasoning) {
        delta.reasoning = reasoning;
      }
      this.emit(delta);
    }
  }

  /**
   * True when text has waited longer than the interval: its timer is due but cannot run, as the caller
   * is working through many events in one go (reads of a fast stream that came in together).
   */
  overdue(): boolean {
    return this.timer !== undefined && this.timers.now() - this.since >= this.intervalMs;
  }

  /** Forgets pending text without emitting it (the view is about to be replaced by a full state). */
  discard(): void {
    if (this.timer !== undefined) {
      this.timers.clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.pending.clear();
  }

  dispose(): void {
    this.discard();
  }

  private add(messageId: string, field: keyof Pending, text: string): void {
    if (!text) {
      return;
    }
    let entry = this.pending.get(messageId);
    if (!entry) {
      entry = { content: '', reasoning: '' };
      this.pending.set(messageId, entry);
    }
    entry[field] += text;
    if (this.timer === undefined) {
      this.since = this.timers.now();
      this.timer = this.timers.setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, this.intervalMs);
    }
  }
}
