// Chat webview entry point (placeholder until the UI lands).
export {};
