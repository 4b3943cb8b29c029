// The language-model provider API of VS Code 1.104+ (`vscode.lm.registerLanguageModelChatProvider`),
// declared here because the extension builds against @types/vscode 1.100 (its oldest supported
// editor). Only the members this extension uses, as the final API in vscode.d.ts has them. The
// API may be missing at run time (older VS Code, forks that lag behind): providerRegistration()
// feature-detects it, and nothing else touches `vscode.lm` for it.
import * as vscode from 'vscode';

export interface LanguageModelChatCapabilities {
  readonly imageInput?: boolean;
  readonly toolCalling?: boolean | number;
}

export interface LanguageModelChatInformation {
  readonly id: string;
  readonly name: string;
  readonly family: string;
  readonly version: string;
  readonly tooltip?: string;
  readonly detail?: string;
  readonly maxInputTokens: number;
  readonly maxOutputTokens: number;
  readonly capabilities: LanguageModelChatCapabilities;
}

export interface PrepareLanguageModelChatModelOptions {
  /** True when VS Code asks in the background: the provider must not prompt the user. */
  readonly silent: boolean;
}

export interface LanguageModelChatRequestMessage {
  readonly role: vscode.LanguageModelChatMessageRole;
  readonly content: ReadonlyArray<unknown>;
  readonly name: string | undefined;
}

export interface ProvideLanguageModelChatResponseOptions {
  readonly modelOptions?: { readonly [name: string]: unknown };
  readonly tools?: readonly vscode.LanguageModelChatTool[];
  readonly toolMode: vscode.LanguageModelChatToolMode;
}

export type LanguageModelResponsePart = vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart;

export interface LanguageModelChatProvider<T extends LanguageModelChatInformation = LanguageModelChatInformation> {
  readonly onDidChangeLanguageModelChatInformation?: vscode.Event<void>;
  provideLanguageModelChatInformation(options: PrepareLanguageModelChatModelOptions, token: vscode.CancellationToken): vscode.ProviderResult<T[]>;
  provideLanguageModelChatResponse(
    model: T,
    messages: readonly LanguageModelChatRequestMessage[],
    options: ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Thenable<void>;
  provideTokenCount(model: T, text: string | LanguageModelChatRequestMessage, token: vscode.CancellationToken): Thenable<number>;
}

type RegisterProvider = (vendor: string, provider: LanguageModelChatProvider) => vscode.Disposable;

/** `vscode.lm.registerLanguageModelChatProvider` when this editor has it, else undefined. */
export function providerRegistration(): RegisterProvider | undefined {
  const lm = vscode.lm as unknown as { registerLanguageModelChatProvider?: unknown };
  const register = lm.registerLanguageModelChatProvider;
  return typeof register === 'function' ? (register.bind(vscode.lm) as RegisterProvider) : undefined;
}
