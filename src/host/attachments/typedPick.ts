// Pure (no vscode): what Enter takes in the multi-select file picker when nothing is ticked. A
// multi-select quick pick highlights no row while the user types, so "type a name, press Enter"
// would add nothing; instead it adds the one file the typed text names.

export interface PickableFile {
  label: string;
  /** The workspace-relative folder ('' at the root). */
  description?: string;
}

/**
 * The file the typed text names: an exact name or relative path first; else the only file whose
 * path contains the text (case-insensitively). Nothing when the text is empty or names several.
 */
export function typedPick<T extends PickableFile>(items: readonly T[], typed: string): T[] {
  const text = typed.trim().toLowerCase();
  if (!text) return [];
  const pathOf = (item: T): string => (item.description ? `${item.description}/${item.label}` : item.label).toLowerCase();
  const exact = items.filter((item) => item.label.toLowerCase() === text || pathOf(item) === text);
  if (exact.length === 1) return exact;
  const containing = items.filter((item) => pathOf(item).includes(text));
  return containing.length === 1 ? containing : [];
}
