// Model Access: Search Chats — a quick pick whose items are the index's hits for what is typed.
import * as vscode from 'vscode';
import type { SearchHit } from '../../shared/protocol';
import { localizedWebviewStrings } from '../l10n/webviewStrings';
import { literalLabel, snippetLine } from './hitText';
import type { SearchResult } from './searchIndex';
import { formatWhen } from '../../shared/dates';

export interface SearchChatsDeps {
  search(query: string): SearchResult;
  /** Opens the hit's chat in the Chat view, scrolled to its message. */
  open(hit: SearchHit): Promise<void>;
  /** Builds the index in the background while the user types the first words. */
  prepare?(): void;
}

interface HitItem extends vscode.QuickPickItem {
  hit: SearchHit;
}

function toItem(hit: SearchHit, untitled: string): HitItem {
  const where = hit.messageId === undefined ? vscode.l10n.t('title') : hit.role === 'user' ? vscode.l10n.t('your message') : vscode.l10n.t('answer');
  return {
    label: literalLabel(hit.title || untitled),
    description: `${formatWhen(hit.updatedAt)} · ${where}`,
    detail: snippetLine(hit),
    // The index already chose these: the quick pick must not hide a hit whose title lacks the words.
    alwaysShow: true,
    hit,
  };
}

/** Shows the quick pick; results follow every keystroke. Settles when the pick closes. */
export function searchChatsCommand(deps: SearchChatsDeps, initialQuery = ''): Promise<void> {
  const pick = vscode.window.createQuickPick<HitItem>();
  pick.title = vscode.l10n.t('Search Chats');
  pick.placeholder = vscode.l10n.t('Words to find in every message of every chat');
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  const update = (): void => {
    const query = pick.value;
    // No words, no hits (the quick pick then says it found nothing).
    const untitled = localizedWebviewStrings().untitledChat;
    pick.items = query.trim() ? deps.search(query).hits.map((hit) => toItem(hit, untitled)) : [];
  };
  return new Promise((resolve) => {
    pick.onDidChangeValue(update);
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0];
      pick.hide();
      if (item) {
        void deps.open(item.hit);
      }
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve();
    });
    deps.prepare?.();
    pick.value = initialQuery;
    update();
    pick.show();
  });
}
