// Pure (no vscode): which Uri arguments the Add … to Chat commands act on.
//
// The explorer's and an editor tab's context menus call the command with the clicked Uri (and the
// explorer with every selected Uri as the second argument). Any other extension can call the same
// command with any argument, so an argument is the caller's word, not the user's. The rule:
//
// 1. It must be a real Uri (an instance the editor made, checked by the caller's `isUri`, never by
//    shape), so a look-alike object cannot smuggle in another path.
// 2. It must be a file the user could open anyway from this window: inside one of the workspace's
//    folders, or a document already open in an editor. Anything else (~/.ssh/id_rsa, another
//    project's secrets) is dropped, whoever asks.
// 3. Attaching only adds a chip above the prompt: nothing is read until the user presses Send, and
//    the user sees every chip (name and size) and can remove it first. So even a trusted argument
//    never sends anything by itself.
//
// Folders are not expanded (the read refuses them): the user picks files, never a whole tree.

export interface AttachTrust<U> {
  /** True for a Uri the editor created (instanceof vscode.Uri). */
  isUri(value: unknown): value is U;
  /** True when the Uri lies inside one of the open workspace folders. */
  inWorkspace(uri: U): boolean;
  /** True when a document with this Uri is open in the editor now. */
  isOpenDocument(uri: U): boolean;
}

/** Limit on how many Uris one command call may attach (an explorer multi-selection, not a whole disk). */
export const MAX_ATTACH_ARGUMENTS = 100;

/**
 * The Uris to attach from a command's arguments: the explorer's selection when the second argument
 * is a list of Uris (it includes the clicked one), else the first argument. Every Uri must pass the
 * rule above; `dropped` counts those that did not (the caller logs it, without the paths).
 */
export function attachableUris<U>(first: unknown, second: unknown, trust: AttachTrust<U>): { uris: U[]; dropped: number } {
  const candidates: unknown[] = Array.isArray(second) && second.length > 0 && second.every((value) => trust.isUri(value)) ? second : first === undefined ? [] : [first];
  const uris: U[] = [];
  let dropped = 0;
  for (const candidate of candidates.slice(0, MAX_ATTACH_ARGUMENTS)) {
    if (trust.isUri(candidate) && (trust.inWorkspace(candidate) || trust.isOpenDocument(candidate))) {
      uris.push(candidate);
    } else {
      dropped++;
    }
  }
  return { uris, dropped: dropped + Math.max(0, candidates.length - MAX_ATTACH_ARGUMENTS) };
}
