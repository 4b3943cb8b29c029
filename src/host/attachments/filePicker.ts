// The workspace file picker of Add Files to Chat… and of `#` in the prompt: a quick pick over the
// workspace's files (the quick pick's own fuzzy matching), several at once.
import { posix } from 'node:path';
import * as vscode from 'vscode';
import { typedPick } from './typedPick';

/** The list stops here: a larger workspace is narrowed by typing (findFiles' own cap). */
export const MAX_PICK_FILES = 5000;

/** The user's `search.exclude` patterns that are on, as one glob (files.exclude applies by default). */
function searchExcludes(): string | undefined {
  const excludes = vscode.workspace.getConfiguration('search').get<Record<string, unknown>>('exclude') ?? {};
  const patterns = Object.entries(excludes).filter(([, on]) => on === true).map(([pattern]) => pattern.replace(/[{}]/g, ''));
  return patterns.length > 0 ? `{${patterns.join(',')}}` : undefined;
}

interface FileItem extends vscode.QuickPickItem {
  uri: vscode.Uri;
}

/**
 * Resolves with the files the user picked (none when dismissed). Enter with nothing ticked takes the
 * highlighted file, or the one file the typed text names (typedPick.ts), as in Quick Open.
 */
export async function pickWorkspaceFiles(): Promise<vscode.Uri[]> {
  const pick = vscode.window.createQuickPick<FileItem>();
  pick.title = vscode.l10n.t('Add Files to Chat');
  pick.placeholder = vscode.l10n.t('Type to search the workspace’s files; tick several to add them all');
  pick.canSelectMany = true;
  pick.matchOnDescription = true;
  let picked: vscode.Uri[] = [];
  // Listened to before the list loads: a picker dismissed while it loads still resolves.
  const closed = new Promise<vscode.Uri[]>((resolve) => {
    pick.onDidAccept(() => {
      const ticked = pick.selectedItems.length > 0 ? pick.selectedItems : pick.activeItems;
      const chosen = ticked.length > 0 ? ticked : typedPick(pick.items, pick.value);
      picked = chosen.map((item) => item.uri);
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(picked);
    });
  });
  pick.busy = true;
  pick.show();
  const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  const files = await vscode.workspace.findFiles('**/*', searchExcludes(), MAX_PICK_FILES);
  pick.items = files
    .map((uri): FileItem => {
      const relative = vscode.workspace.asRelativePath(uri, multiRoot);
      const folder = posix.dirname(relative);
      return { label: posix.basename(uri.path), description: folder === '.' ? '' : folder, uri };
    })
    .sort((a, b) => (a.description ?? '').localeCompare(b.description ?? '') || a.label.localeCompare(b.label));
  pick.busy = false;
  return closed;
}
