// Pure (no vscode).

/** Escapes text so that markdown shows it literally (server-supplied values are untrusted). */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (char) => `\\${char}`)
    .replace(/\r?\n/g, ' ');
}
