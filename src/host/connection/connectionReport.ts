// Pure (no vscode): the Test Connection report, written to be pasted into a support request.
import { maskKey } from '../../api';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
}

export interface ConnectionReport {
  startedAt: Date;
  environment: { extensionVersion: string; vscodeVersion: string; platform: string; nodeVersion: string };
  baseUrl?: string;
  /** The key under test; only its masked form is ever written. */
  apiKey?: string;
  keySource?: string;
  model?: string;
  api: string;
  /** modelAccess.stream. */
  stream?: boolean;
  checks: CheckResult[];
}

const STATUS_LABELS: Record<CheckStatus, string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', skip: 'SKIP' };

export function overallStatus(checks: readonly CheckResult[]): CheckStatus {
  if (checks.some((check) => check.status === 'fail')) {
    return 'fail';
  }
  return checks.some((check) => check.status === 'warn') ? 'warn' : 'pass';
}

export function formatConnectionReport(report: ConnectionReport): string {
  const key = report.apiKey ? `${maskKey(report.apiKey)} (from ${report.keySource ?? 'unknown'})` : '(none)';
  const lines = [
    `Model Access connection test — ${report.startedAt.toISOString()}`,
    `Extension ${report.environment.extensionVersion}, VS Code ${report.environment.vscodeVersion}, ${report.environment.platform}, Node ${report.environment.nodeVersion}`,
    `Base URL: ${report.baseUrl ?? '(not set)'}`,
    `API key:  ${key}`,
    `Model:    ${report.model ?? '(none selected)'}`,
    `API:      ${report.api}${report.stream === false ? ', streaming off' : ''}`,
    '',
    ...report.checks.map((check) => `[${STATUS_LABELS[check.status]}] ${check.name}: ${check.detail}`),
    '',
    `Result: ${STATUS_LABELS[overallStatus(report.checks)]}`,
  ];
  return lines.join('\n');
}
