// Entry point of the chat feature for the wiring in src/extension.ts.
//
// Signature (stable, called by extension.ts):
//   registerChat(context: vscode.ExtensionContext, deps: { keys: KeyStore; clients: ClientProvider; log: Log }): ChatViewProvider
// It registers the `modelAccess.chat` webview view provider, subscribes to key and settings changes,
// and pushes everything it creates into context.subscriptions. The returned provider has the methods
// the commands call: newChat(), exportChat(), showHistory(), insertIntoPrompt(text), ask(text), refreshConfig().
export {};
