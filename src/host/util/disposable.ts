import * as vscode from 'vscode';

/** Base for host objects that own registrations: whatever they `register()` is disposed with them. */
export abstract class Disposable implements vscode.Disposable {
  private disposables: vscode.Disposable[] = [];
  private disposed = false;

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  protected register<T extends vscode.Disposable>(disposable: T): T {
    if (this.disposed) {
      disposable.dispose();
    } else {
      this.disposables.push(disposable);
    }
    return disposable;
  }

  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    const pending = this.disposables;
    this.disposables = [];
    for (const disposable of pending.reverse()) {
      disposable.dispose();
    }
  }
}
