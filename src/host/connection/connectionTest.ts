import * as vscode from 'vscode';
import { ApiError, checkBaseUrl, isStreamingRequiredError, ModelAccessClient, validateApiKey, type StreamEvent } from '../../api';
import type { KeyStore } from '../auth/keyStore';
import { StreamingFallback } from '../chat/streamingFallback';
import { settingsForProfile } from '../config/parseSettings';
import { readSettings } from '../config/settings';
import type { Log } from '../logging/log';
import { describeCertificates, describeProxy, networkWarnings } from '../network/networkReport';
import type { NetworkProvider } from '../network/networkSettings';
import { formatConnectionReport, overallStatus, type CheckResult, type CheckStatus, type ConnectionReport } from './connectionReport';

/** Small, so the test costs next to nothing; 16 is the smallest many servers accept for max_output_tokens. */
const TEST_MAX_TOKENS = 16;
const TEST_PROMPT = 'Reply with the single word OK.';

function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const parts = [error.status !== undefined ? `HTTP ${error.status}` : 'no HTTP reply', error.type, error.code].filter(Boolean);
    return `${error.message} (${parts.join(', ')})`;
  }
  return error instanceof Error ? error.message : String(error);
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

/**
 * Runs the checks in order (base URL, key, GET /models, a tiny request, streamed unless
 * modelAccess.stream is off) and returns the
 * report. Every request goes through a client built here, so the result does not depend on caches.
 */
export async function runConnectionTest(
  keys: KeyStore,
  log: Log,
  networks: NetworkProvider,
  environment: ConnectionReport['environment'],
  signal: AbortSignal,
  profile?: string,
): Promise<ConnectionReport> {
  const settings = settingsForProfile(readSettings(), profile);
  // The URL goes into the report only once it is accepted: a refused one may hold a password.
  const report: ConnectionReport = { startedAt: new Date(), environment, profile: settings.profile.name, model: settings.model, api: settings.api, stream: settings.stream, checks: [] };
  const check = (result: CheckResult): void => {
    report.checks.push(result);
  };

  if (!settings.baseUrl) {
    check({ name: 'Base URL', status: 'fail', detail: 'not set. Run "Model Access: Set Base URL".' });
    return report;
  }
  const checked = checkBaseUrl(settings.baseUrl);
  if (!checked.ok) {
    report.baseUrl = '(refused)';
    check({ name: 'Base URL', status: 'fail', detail: `refused: ${checked.reason} Run "Model Access: Set Base URL".` });
    return report;
  }
  report.baseUrl = settings.baseUrl;
  const warning = checked.warnings.join(' ');
  check({ name: 'Base URL', status: warning ? 'warn' : 'pass', detail: warning || settings.baseUrl });

  let apiKey: string | undefined;
  try {
    apiKey = await keys.get(settings.profile.name);
    report.keySource = await keys.source(settings.profile.name);
  } catch (error) {
    check({ name: 'API key', status: 'fail', detail: describeError(error) });
    return report;
  }
  if (!apiKey) {
    check({ name: 'API key', status: 'fail', detail: 'not set. Run "Model Access: Set API Key" or set MODEL_ACCESS_API_KEY.' });
    return report;
  }
  log.addSecret(apiKey);
  report.apiKey = apiKey;
  try {
    validateApiKey(apiKey);
    check({ name: 'API key', status: 'pass', detail: `well-formed (from ${report.keySource})` });
  } catch (error) {
    check({ name: 'API key', status: 'fail', detail: describeError(error) });
    return report;
  }

  const network = await networks.current();
  let baseUrl: URL | undefined;
  try {
    baseUrl = new URL(settings.baseUrl);
  } catch {
    baseUrl = undefined;
  }
  const warnings = networkWarnings(network.proxies, network.cas, baseUrl);
  check({ name: 'Proxy', status: 'pass', detail: describeProxy(network.proxies, baseUrl) });
  check({ name: 'Certificates', status: network.proxies.strictSSL ? 'pass' : 'warn', detail: describeCertificates(network.proxies, network.cas) });
  for (const warning of warnings) check({ name: 'Network', status: 'warn', detail: warning });

  let client: ModelAccessClient;
  try {
    client = new ModelAccessClient({ baseUrl: settings.baseUrl, apiKey, retry: { maxRetries: 0 }, log: log.request, network: network.network.options, headers: settings.profile.headers });
  } catch (error) {
    check({ name: 'Client', status: 'fail', detail: describeError(error) });
    return report;
  }

  let firstListed: string | undefined;
  const modelsStart = performance.now();
  try {
    const models = await client.listModels({ signal });
    firstListed = models[0]?.id;
    const listed = settings.model ? models.some((model) => model.id === settings.model) : undefined;
    const note = listed === false ? `; the active model "${settings.model}" is not among them` : '';
    check({ name: 'GET /models', status: listed === false ? 'warn' : 'pass', detail: `${models.length} model(s) in ${elapsed(modelsStart)} ms${note}` });
  } catch (error) {
    check({ name: 'GET /models', status: 'fail', detail: `${describeError(error)} after ${elapsed(modelsStart)} ms` });
  }

  const model = settings.model ?? firstListed;
  if (!model) {
    check({ name: 'Streaming request', status: 'skip', detail: 'no model to ask: select one with "Model Access: Select Model".' });
    return report;
  }
  report.model = model;
  const path = settings.api === 'responses' ? 'POST /responses' : 'POST /chat/completions';
  // As the chat asks (modelAccess.stream), with the same fallback for a model that only streams.
  const streaming = new StreamingFallback(isStreamingRequiredError, () => settings.stream);
  let fellBack = false;
  const streamStart = performance.now();
  let firstTokenMs: number | undefined;
  let received = 0;
  let finishReason: string | undefined;
  let usage: Extract<StreamEvent, { type: 'usage' }> | undefined;
  const requestKind = settings.stream ? 'Streaming' : 'Non-streaming';
  try {
    const events = streaming.run(model, (stream) => {
      fellBack = stream && !settings.stream;
      return settings.api === 'responses'
        ? client.respond({ model, input: TEST_PROMPT, stream, maxOutputTokens: TEST_MAX_TOKENS }, { signal })
        : client.chat({ model, messages: [{ role: 'user', content: TEST_PROMPT }], stream, maxTokens: TEST_MAX_TOKENS }, { signal });
    });
    for await (const event of events) {
      if (event.type === 'text' || event.type === 'reasoning') {
        firstTokenMs ??= elapsed(streamStart);
        received += event.text.length;
      } else if (event.type === 'usage') {
        usage = event;
      } else if (event.type === 'done') {
        finishReason = event.finishReason;
      }
    }
    const parts = [
      `model ${model}`,
      `first token after ${firstTokenMs ?? '—'} ms`,
      `complete in ${elapsed(streamStart)} ms`,
      `${received} character(s)`,
      finishReason ? `finish reason ${finishReason}` : undefined,
      usage ? `usage in ${usage.inputTokens ?? '?'} / out ${usage.outputTokens ?? '?'} tokens` : undefined,
      fellBack ? 'refused without streaming (the model only streams), so asked again streaming' : undefined,
    ].filter(Boolean);
    check({ name: `${requestKind} ${path}`, status: received > 0 ? 'pass' : 'warn', detail: received > 0 ? parts.join(', ') : `${parts.join(', ')}; the answer was empty` });
  } catch (error) {
    check({ name: `${requestKind} ${path}`, status: 'fail', detail: `model ${model}: ${describeError(error)} after ${elapsed(streamStart)} ms` });
  }
  return report;
}

/** What the command returns (to tests): the report as written, never the key. */
export interface ConnectionTestResult {
  status: CheckStatus;
  report: string;
}

/** The command: runs the test under a cancellable notification and writes the report to the log channel. */
export async function testConnectionCommand(keys: KeyStore, log: Log, networks: NetworkProvider, extension: vscode.Extension<unknown>, profile?: string): Promise<ConnectionTestResult> {
  const environment = {
    extensionVersion: String((extension.packageJSON as { version?: unknown }).version ?? 'unknown'),
    vscodeVersion: vscode.version,
    platform: `${process.platform}-${process.arch}`,
    nodeVersion: process.version,
  };
  const report = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Model Access: testing the connection…'), cancellable: true },
    (_progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      return runConnectionTest(keys, log, networks, environment, controller.signal, profile).finally(() => subscription.dispose());
    },
  );
  const text = log.redact(formatConnectionReport(report));
  for (const line of text.split('\n')) {
    log.info(line);
  }
  log.show();
  const status = overallStatus(report.checks);
  const summary = status === 'pass'
    ? vscode.l10n.t('Model Access: the connection works.')
    : status === 'warn'
      ? vscode.l10n.t('Model Access: the connection works, with warnings (see the report).')
      : vscode.l10n.t('Model Access: the connection test failed: {0}', report.checks.find((check) => check.status === 'fail')?.detail ?? '');
  const show = status === 'fail' ? vscode.window.showErrorMessage : vscode.window.showInformationMessage;
  // Not awaited: the command finishes with the report written, not when the notification is dismissed.
  const copy = vscode.l10n.t('Copy Report');
  void show(log.redact(summary), copy).then(async (choice) => {
    if (choice === copy) {
      await vscode.env.clipboard.writeText(text);
    }
  });
  return { status, report: text };
}
