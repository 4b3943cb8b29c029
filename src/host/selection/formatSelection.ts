// Pure (no vscode): how editor code is put into the chat prompt.
import * as l10n from '@vscode/l10n';

export interface CodeSnippet {
  code: string;
  /** VS Code language id (e.g. `typescript`), used as the fence's info string. */
  languageId: string;
  /** Workspace-relative path, or the document's name when it has no file. */
  path: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
}

/** A fence longer than any backtick run in the code, so that code containing ``` cannot close it early. */
export function fenceFor(code: string): string {
  const longestRun = Math.max(0, ...Array.from(code.matchAll(/`+/g), (match) => match[0].length));
  return '`'.repeat(Math.max(3, longestRun + 1));
}

/** The info string must stay one word per part: spaces in a path would split it, and a backtick would break the fence. */
export function infoPart(text: string): string {
  return text.replace(/`/g, '').replace(/\s/g, '%20');
}

/**
 * ```` ```typescript src/app.ts:3-7 ```` … ```` ``` ````: the language first, so renderers highlight it,
 * then where the code came from.
 */
export function formatSnippet(snippet: CodeSnippet): string {
  const code = snippet.code.replace(/\r\n/g, '\n').replace(/\n$/, '');
  const fence = fenceFor(code);
  const language = infoPart(snippet.languageId || 'text');
  const location = `${infoPart(snippet.path)}:${snippet.startLine}-${snippet.endLine}`;
  return `${fence}${language} ${location}\n${code}\n${fence}\n`;
}

export interface Position {
  /** 0-based, as VS Code counts. */
  line: number;
  character: number;
}

export interface LineRange {
  /** 0-based, inclusive. */
  startLine: number;
  endLine: number;
}

/**
 * The lines a selection covers. A selection that ends at the very start of a line (a whole-line
 * selection made with Shift+Down) does not include that line.
 */
export function selectedLines(start: Position, end: Position): LineRange {
  const endLine = end.line > start.line && end.character === 0 ? end.line - 1 : end.line;
  return { startLine: start.line, endLine };
}

export type SelectionOutcome =
  | { kind: 'snippet'; text: string }
  | { kind: 'nothing'; reason: string };

/**
 * The prompt text for a selection, or why there is none. `selectedText` is empty for an empty
 * selection, in which case `currentLineText` (the cursor's line) is taken instead.
 */
export function snippetFromSelection(input: {
  selectedText: string;
  currentLineText: string;
  start: Position;
  end: Position;
  languageId: string;
  path: string;
}): SelectionOutcome {
  if (input.selectedText.trim().length > 0) {
    const lines = selectedLines(input.start, input.end);
    return {
      kind: 'snippet',
      text: formatSnippet({
        code: input.selectedText,
        languageId: input.languageId,
        path: input.path,
        startLine: lines.startLine + 1,
        endLine: lines.endLine + 1,
      }),
    };
  }
  if (input.selectedText.length > 0) {
    return { kind: 'nothing', reason: l10n.t('Nothing was sent to the chat: the selection contains only whitespace.') };
  }
  if (input.currentLineText.trim().length === 0) {
    return { kind: 'nothing', reason: l10n.t('Nothing was sent to the chat: nothing is selected and the current line is empty. Select some code first.') };
  }
  const line = input.start.line + 1;
  return {
    kind: 'snippet',
    text: formatSnippet({ code: input.currentLineText, languageId: input.languageId, path: input.path, startLine: line, endLine: line }),
  };
}
