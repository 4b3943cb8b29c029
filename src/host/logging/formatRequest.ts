// Pure (no vscode): one log line per request the client reports.
import type { RequestLogEntry } from '../../api';

/** `POST /chat/completions → 200 in 312 ms`, plus retry decisions and errors when there are any. */
export function formatRequestLogEntry(entry: RequestLogEntry): string {
  return JSON.stringify(entry);
}
