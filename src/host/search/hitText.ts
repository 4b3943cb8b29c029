// The text of a search hit in a quick pick. Pure (no vscode), so it is tested in plain Node.
import type { SearchHit } from '../../shared/protocol';

/**
 * `text` shown as it is in a quick pick: VS Code turns `$(name)` in labels, descriptions and details
 * into icons, and chat text (model output included) must not draw icons, so `$(` is escaped.
 */
export function literalLabel(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}

/** One line for the hit: the text around the match, the match set off with »…«. */
export function snippetLine(hit: Pick<SearchHit, 'snippet'>): string {
  const { before, match, after } = hit.snippet;
  return literalLabel(match ? `${before}»${match}«${after}` : after);
}
