// Shows find matches without changing the DOM: the CSS Custom Highlight API where the browser has
// it (Chromium 105+, so every VS Code webview today), else only the current match, as the selection.

/** The highlight names styled in media/chat.css (::highlight(...)). */
export const FIND_HIGHLIGHT = 'chat-find';
export const FIND_CURRENT_HIGHLIGHT = 'chat-find-current';

interface HighlightRegistry {
  set(name: string, highlight: unknown): unknown;
  delete(name: string): unknown;
}

type HighlightConstructor = new (...ranges: Range[]) => unknown;

export interface FindHighlighter {
  /** True when every match is highlighted (not only the current one). */
  readonly highlightsAll: boolean;
  show(ranges: readonly Range[], current: number): void;
  clear(): void;
}

export function createFindHighlighter(win: Window): FindHighlighter {
  const registry = (win as unknown as { CSS?: { highlights?: HighlightRegistry } }).CSS?.highlights;
  const Highlight = (win as unknown as { Highlight?: HighlightConstructor }).Highlight;
  if (registry && Highlight) {
    return {
      highlightsAll: true,
      show(ranges, current) {
        registry.set(FIND_HIGHLIGHT, new Highlight(...ranges));
        const active = ranges[current];
        if (active) registry.set(FIND_CURRENT_HIGHLIGHT, new Highlight(active));
        else registry.delete(FIND_CURRENT_HIGHLIGHT);
      },
      clear() {
        registry.delete(FIND_HIGHLIGHT);
        registry.delete(FIND_CURRENT_HIGHLIGHT);
      },
    };
  }
  // Fallback: the selection shows the current match (it never moves the keyboard focus).
  let selected = false;
  return {
    highlightsAll: false,
    show(ranges, current) {
      const selection = win.getSelection();
      const active = ranges[current];
      selection?.removeAllRanges();
      selected = active !== undefined;
      if (active) selection?.addRange(active.cloneRange());
    },
    clear() {
      if (selected) win.getSelection()?.removeAllRanges();
      selected = false;
    },
  };
}
