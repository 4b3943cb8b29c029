// Reading what the user attached, through VS Code: the open editor's buffer when the file is open
// (so unsaved changes are what is sent), else the file's bytes, refused when they are not text.
import * as vscode from 'vscode';
import type { SentAttachment } from '../../shared/protocol';
import { formatProblems, PROBLEMS_LANGUAGE, type ProblemLike } from './problems';
import { decodeText, formatAttachment, type FileContent } from './wireContent';

/** Files larger than this are not read at all (a cut keeps far less; reading a huge file would only stall the host). */
export const MAX_READ_BYTES = 20 * 1024 * 1024;

/** The path the model and the user see: workspace-relative, or the editor's name for an untitled one. */
export function displayPath(uri: vscode.Uri): string {
  const open = openDocument(uri);
  if (open?.isUntitled) return open.fileName;
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}

export function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === key);
}

function reason(error: unknown): string {
  if (error instanceof vscode.FileSystemError) {
    if (error.code === 'FileNotFound') return 'the file no longer exists';
    if (error.code === 'FileIsADirectory') return 'a folder, not a file';
    if (error.code === 'NoPermissions') return 'no permission to read it';
  }
  return `it could not be read (${error instanceof Error ? error.message : String(error)})`;
}

/** The file's content now: the buffer when it is open in an editor, else the file, checked to be text. */
export async function readFileContent(uri: vscode.Uri): Promise<FileContent> {
  const path = displayPath(uri);
  const open = openDocument(uri);
  if (open) {
    return { path, languageId: open.languageId, text: open.getText() };
  }
  if (uri.scheme === 'untitled') {
    return { path, refused: 'the editor was closed without saving' };
  }
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) return { path, refused: 'a folder, not a file' };
    if (stat.size > MAX_READ_BYTES) return { path, refused: `larger than ${MAX_READ_BYTES / 1024 / 1024} MB` };
    const decoded = decodeText(await vscode.workspace.fs.readFile(uri));
    if ('refused' in decoded) return { path, refused: decoded.refused };
    // Opened (not shown) only for its language id, after the bytes proved to be text.
    const document = await vscode.workspace.openTextDocument(uri);
    return { path, languageId: document.languageId, text: document.getText() };
  } catch (error) {
    return { path, refused: reason(error) };
  }
}

const SEVERITIES: Record<vscode.DiagnosticSeverity, ProblemLike['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

function codeOf(code: vscode.Diagnostic['code']): string | undefined {
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

/** The file's diagnostics now, with the line each one is on (from the buffer when open). */
export async function readProblems(uri: vscode.Uri): Promise<FileContent> {
  const path = displayPath(uri);
  const problems: ProblemLike[] = vscode.languages.getDiagnostics(uri).map((diagnostic) => ({
    line: diagnostic.range.start.line,
    character: diagnostic.range.start.character,
    severity: SEVERITIES[diagnostic.severity],
    message: diagnostic.message,
    ...(diagnostic.source ? { source: diagnostic.source } : {}),
    ...(codeOf(diagnostic.code) ? { code: codeOf(diagnostic.code) } : {}),
  }));
  let lines: string[] | undefined;
  const open = openDocument(uri);
  if (open) {
    lines = open.getText().split(/\r?\n/);
  } else if (problems.length > 0) {
    const content = await readFileContent(uri);
    lines = 'text' in content ? content.text.split(/\r?\n/) : undefined;
  }
  return { path, languageId: PROBLEMS_LANGUAGE, text: formatProblems(path, problems, (line) => lines?.[line]) };
}

/** One attachment as it is sent now: read, formatted, cut when over the budget, or refused with the reason. */
export async function readAttachment(kind: SentAttachment['kind'], uri: vscode.Uri): Promise<SentAttachment> {
  return formatAttachment(kind === 'problems' ? await readProblems(uri) : await readFileContent(uri), kind);
}
