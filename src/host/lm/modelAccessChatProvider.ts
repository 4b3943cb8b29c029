// Model Access as a language-model provider of VS Code: the models /models lists appear in VS Code's
// model picker (its Chat view, agent mode, and every extension calling vscode.lm.selectChatModels),
// and their answers stream through the same client as the sidebar chat — the key from
// SecretStorage, the settings' API choice, the 429 back-off, cancellation that closes the socket.
import * as vscode from 'vscode';
import { isAbortError, type ModelAccessClient, type StreamEvent, type ToolDefinition } from '../../api';
import type { ClientProvider } from '../client/clientProvider';
import { ConfigurationError } from '../client/clientProvider';
import { onDidChangeSettings, readSettings } from '../config/settings';
import type { Log } from '../logging/log';
import { parametersFor } from '../modelOptions/modelOptions';
import type { ModelCatalog } from '../models/modelCatalog';
import { Disposable } from '../util/disposable';
import { ANSWER_SIZE_LIMIT, finishReasonNote } from '../../shared/finishReason';
import { toLanguageModelError } from './languageModelErrors';
import { modelInformation, type ModelInformationSettings } from './modelInformation';
import type {
  LanguageModelChatInformation,
  LanguageModelChatProvider,
  LanguageModelChatRequestMessage,
  LanguageModelResponsePart,
  PrepareLanguageModelChatModelOptions,
  ProvideLanguageModelChatResponseOptions,
} from './providerApi';
import { estimateTokens, toApiMessages } from './requestMessages';
import { parseToolArguments } from './toolArguments';

/** What the model information depends on, from the user's settings only (a workspace cannot turn tools on). */
function readProviderSettings(): ModelInformationSettings {
  const { api, toolCallingModels, contextWindows } = readSettings();
  return { api, toolCallingModels, contextWindows };
}

export class ModelAccessChatProvider extends Disposable implements LanguageModelChatProvider {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;

  constructor(private readonly clients: ClientProvider, private readonly catalog: ModelCatalog, private readonly log: Log) {
    super();
    // The catalog drops its list when the key or base URL change, or on Refresh Models.
    this.register(catalog.onDidChange(() => this.changed.fire()));
    let shown = JSON.stringify(readProviderSettings());
    this.register(onDidChangeSettings(() => {
      const next = JSON.stringify(readProviderSettings());
      if (next !== shown) {
        shown = next;
        this.changed.fire();
      }
    }));
  }

  async provideLanguageModelChatInformation(options: PrepareLanguageModelChatModelOptions): Promise<LanguageModelChatInformation[]> {
    try {
      const models = await this.catalog.list();
      const settings = readProviderSettings();
      return models.map((model) => modelInformation(model, settings));
    } catch (error) {
      // Asked in the background (silent), nothing may prompt: the models are simply not there yet.
      this.log.info(`Language models: none offered to VS Code (${error instanceof Error ? error.message : String(error)}).`);
      if (!options.silent && error instanceof ConfigurationError) {
        void vscode.commands.executeCommand('modelAccess.manageLanguageModels');
      }
      return [];
    }
  }

  async provideLanguageModelChatResponse(
    model: LanguageModelChatInformation,
    messages: readonly LanguageModelChatRequestMessage[],
    options: ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const abort = new AbortController();
    const cancellation = token.onCancellationRequested(() => abort.abort());
    if (token.isCancellationRequested) abort.abort();
    try {
      const client = await this.clients.getClient();
      for await (const event of this.request(client, model, messages, options, abort.signal)) {
        if (event.type === 'text') progress.report(new vscode.LanguageModelTextPart(event.text));
        else if (event.type === 'toolCall') {
          progress.report(new vscode.LanguageModelToolCallPart(event.id, event.name, parseToolArguments(event.name, event.arguments)));
        } else if (event.type === 'cutOff') {
          // The client closed the connection at modelAccess.maxAnswerChars: the text so far stands,
          // and the caller (a person in VS Code's chat, or an agent) is told it is not the whole answer.
          this.log.warn(`Language model ${model.id}: the answer reached ${event.limit} characters and was cut off.`);
          progress.report(new vscode.LanguageModelTextPart(`\n\n${finishReasonNote(ANSWER_SIZE_LIMIT)}`));
        }
      }
    } catch (error) {
      // Cancelled by the caller: the socket is already closed, and that is not a failure.
      if (abort.signal.aborted && isAbortError(error)) return;
      throw toLanguageModelError(error);
    } finally {
      cancellation.dispose();
    }
  }

  provideTokenCount(_model: LanguageModelChatInformation, text: string | LanguageModelChatRequestMessage): Promise<number> {
    return Promise.resolve(estimateTokens(text));
  }

  private request(
    client: ModelAccessClient,
    model: LanguageModelChatInformation,
    messages: readonly LanguageModelChatRequestMessage[],
    options: ProvideLanguageModelChatResponseOptions,
    signal: AbortSignal,
  ): AsyncIterable<StreamEvent> {
    const settings = readSettings();
    const apiMessages = toApiMessages(messages);
    const onRetry = (info: { attempt: number; maxRetries: number; delayMs: number }): void =>
      this.log.info(`Language model ${model.id}: rate limited; retry ${info.attempt} of ${info.maxRetries} in ${info.delayMs} ms.`);
    // The same guards and per-model parameters as the sidebar chat: the answer size limit and the
    // data timeouts protect the editor whoever asks, and a model's temperature is the user's choice.
    const callOptions = { ...settings.limits, signal, onRetry };
    const parameters = parametersFor(settings.modelOptions, model.id);
    const maxOutputTokens = settings.maxOutputTokens ?? undefined;
    if (settings.api === 'responses') {
      // Tools travel only with chat completions (capabilities.toolCalling is false then).
      const input = apiMessages.filter((message) => message.role !== 'tool');
      return client.respond({ model: model.id, input, ...(maxOutputTokens ? { maxOutputTokens } : {}), ...parameters }, callOptions);
    }
    const tools: ToolDefinition[] = model.capabilities.toolCalling
      ? (options.tools ?? []).map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.inputSchema }))
      : [];
    return client.chat({
      model: model.id,
      messages: apiMessages,
      ...(maxOutputTokens ? { maxTokens: maxOutputTokens } : {}),
      ...parameters,
      ...(tools.length > 0 ? { tools, toolChoice: options.toolMode === vscode.LanguageModelChatToolMode.Required ? 'required' as const : 'auto' as const } : {}),
    }, callOptions);
  }
}
