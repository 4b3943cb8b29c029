// Pure (no vscode): the diagnostics of one file as the text of a "problems" attachment.

export interface ProblemLike {
  /** 0-based, as VS Code counts. */
  line: number;
  character: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  source?: string;
  code?: string;
}

/** The language id the fence of a problems attachment carries, so the model can tell it from the file. */
export const PROBLEMS_LANGUAGE = 'problems';

/**
 * One entry per diagnostic: `path:line:column severity [source code] message`, then the line it is
 * on (the model sees the code the problem points at without the whole file being sent).
 */
export function formatProblems(path: string, problems: readonly ProblemLike[], lineText: (line: number) => string | undefined): string {
  if (problems.length === 0) {
    return `No problems are reported in ${path}.`;
  }
  const sorted = [...problems].sort((a, b) => a.line - b.line || a.character - b.character);
  return sorted.map((problem) => {
    const origin = [problem.source, problem.code].filter(Boolean).join(' ');
    const head = `${path}:${problem.line + 1}:${problem.character + 1} ${problem.severity}${origin ? ` [${origin}]` : ''} ${problem.message.replace(/\s*\n\s*/g, ' ')}`;
    const line = lineText(problem.line);
    return line === undefined ? head : `${head}\n  ${problem.line + 1} | ${line}`;
  }).join('\n');
}
