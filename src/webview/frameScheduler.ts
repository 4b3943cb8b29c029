// Coalesces rendering to one pass per animation frame, however many deltas arrive in it. (The page runs
// that pass in a task right after the frame, not in its callback: see main.ts.)
export type RequestFrame = (callback: () => void) => unknown;

export class FrameScheduler {
  private readonly tasks = new Set<() => void>();
  /** Run first in their frame: a streaming answer, which the reader watches, before older text. */
  private readonly firstTasks = new Set<() => void>();
  private readonly beforeFrame: (() => void)[] = [];
  private readonly afterFrame: (() => void)[] = [];
  private requested = false;
  /** Frames run so far (for tests). */
  frames = 0;

  constructor(private readonly requestFrame: RequestFrame) {}

  /**
   * Runs `task` in the next frame; scheduling the same task again before then is a no-op. A task
   * scheduled `first` runs before the others (the frame's rendering budget is shared: what runs
   * first gets it first).
   */
  schedule(task: () => void, first = false): void {
    if (first) {
      this.tasks.delete(task);
      this.firstTasks.add(task);
    } else if (!this.firstTasks.has(task)) {
      this.tasks.add(task);
    }
    this.ensureFrame();
  }

  private ensureFrame(): void {
    if (!this.requested) {
      this.requested = true;
      this.requestFrame(() => this.runFrame());
    }
  }

  /** True while a frame is wanted: the page has rendering to do. */
  get pending(): boolean {
    return this.requested;
  }

  /** Runs before the tasks of every frame (e.g. starting the frame's rendering budget). */
  onBeforeFrame(callback: () => void): void {
    this.beforeFrame.push(callback);
  }

  /** Runs after the tasks of every frame (e.g. noting whether they left work for the next one). */
  onAfterFrame(callback: () => void): void {
    this.afterFrame.push(callback);
  }

  private runFrame(): void {
    this.requested = false;
    this.frames++;
    const tasks = [...this.firstTasks, ...this.tasks];
    this.firstTasks.clear();
    this.tasks.clear();
    for (const callback of this.beforeFrame) {
      callback();
    }
    for (const task of tasks) {
      try {
        task();
      } catch (error) {
        console.error('Model Access: rendering failed', error);
      }
    }
    for (const callback of this.afterFrame) {
      callback();
    }
  }
}
