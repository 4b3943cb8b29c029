// Pure (no vscode): one log line per request event the client reports.
import type { RequestLogEntry } from '../../api';

export type RequestLogLevel = 'info' | 'warn' | 'error';

export interface FormattedLogLine {
  level: RequestLogLevel;
  text: string;
}

/**
 * `POST /chat/completions → 200 in 312 ms`; retries as warnings with the wait and the reason;
 * failures as errors with status and code. The attempt number shows only when it is not the first.
 */
export function formatRequestLogEntry(entry: RequestLogEntry): FormattedLogLine {
  const request = `${entry.method} ${entry.path}`;
  switch (entry.kind) {
    case 'response': {
      const attempt = entry.attempt > 1 ? ` (attempt ${entry.attempt})` : '';
      return { level: 'info', text: `${request} → ${entry.status} in ${Math.round(entry.durationMs)} ms${attempt}` };
    }
    case 'retry':
      return { level: 'warn', text: `${request}: retry ${entry.attempt} in ${Math.round(entry.delayMs)} ms (${entry.reason})` };
    case 'error': {
      const details = [entry.status !== undefined ? `HTTP ${entry.status}` : undefined, entry.code].filter(Boolean).join(', ');
      return { level: 'error', text: `${request} failed: ${entry.message}${details ? ` (${details})` : ''}` };
    }
  }
}
