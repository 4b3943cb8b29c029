import * as vscode from 'vscode';
import type { RequestLogEntry } from '../../api';
import { Disposable } from '../util/disposable';
import { formatRequestLogEntry } from './formatRequest';
import { redact } from './redact';

export { redact } from './redact';

export const OUTPUT_CHANNEL_NAME = 'Model Access';

/**
 * The 'Model Access' log channel. Every line passes through `redact` with the secrets currently
 * known (the API key), so nothing logged can leak the key, even through an error message.
 * Prompts and answers go to `trace` only.
 */
export class Log extends Disposable {
  readonly channel: vscode.LogOutputChannel;
  private secrets: string[] = [];

  constructor(channel: vscode.LogOutputChannel = vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true })) {
    super();
    this.channel = this.register(channel);
  }

  /** Adds a secret to scrub, keeping the others (a key being tested is not yet the stored one). */
  addSecret(secret: string | undefined): void {
    if (secret && secret.trim().length > 0 && !this.secrets.includes(secret)) {
      this.secrets.push(secret);
    }
  }

  redact(text: string): string {
    return redact(text, this.secrets);
  }

  trace(message: string): void {
    // Whole prompts and answers come here: not redacted (a pass over each, 100 KB and more) only for the
    // channel to drop them at its usual level.
    if (this.channel.logLevel !== vscode.LogLevel.Trace) return;
    this.channel.trace(this.redact(message));
  }

  debug(message: string): void {
    this.channel.debug(this.redact(message));
  }

  info(message: string): void {
    this.channel.info(this.redact(message));
  }

  warn(message: string): void {
    this.channel.warn(this.redact(message));
  }

  error(message: string | Error): void {
    this.channel.error(this.redact(message instanceof Error ? `${message.name}: ${message.message}` : message));
  }

  /** The client's `log` option: one line per request, retries as warnings. */
  readonly request = (entry: RequestLogEntry): void => {
    const line = formatRequestLogEntry(entry);
    this[line.level](line.text);
  };

  show(preserveFocus = true): void {
    this.channel.show(preserveFocus);
  }
}
