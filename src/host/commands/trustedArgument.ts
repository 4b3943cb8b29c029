// Pure (no vscode): which command arguments the extension acts on.
//
// Commands can be run with arguments by any other extension (vscode.commands.executeCommand) and by
// `command:` links in trusted markdown. Such an argument is the caller's word, not the user's: it
// could set a key, point the stored key at another host, pick an expensive model or send code to
// the model without the user seeing anything. So an argument counts only when it comes from the
// extension's own UI (a tree row it created, recognized by identity) or from its own tests.

/**
 * A value handed to Set API Key or Set Base URL as a command argument is taken only from our own
 * tests; anywhere else it is dropped and the command asks the user.
 */
export function trustedArgument<T>(value: T, runningTests: boolean): T | undefined {
  return runningTests ? value : undefined;
}

/** A string argument from our own tests; anything else (another caller, or not a string) is dropped. */
export function trustedString(value: unknown, runningTests: boolean): string | undefined {
  return runningTests && typeof value === 'string' ? value : undefined;
}

export interface ModelArgumentTrust {
  runningTests: boolean;
  /** True only for a row object the Models tree itself created (an identity check, never a shape check). */
  isOwnModelRow(value: unknown): value is { id: string; profile?: string };
}

/**
 * The model id Use for Chat and Copy Model ID act on: a row of our own tree (its inline action,
 * context menu or click), or a string id from our tests. A look-alike object or a string from
 * anyone else gives undefined.
 */
export function trustedModelId(argument: unknown, trust: ModelArgumentTrust): string | undefined {
  if (trust.isOwnModelRow(argument)) {
    return argument.id;
  }
  if (trust.runningTests && typeof argument === 'string') {
    return argument.trim() || undefined;
  }
  return undefined;
}

/** An untrusted question may only prefill the input box: one line, short enough to be read whole. */
export const PREFILL_MAX_LENGTH = 200;

/**
 * Ask About Selection's question argument. From our tests it is the question itself (sent at once);
 * from anyone else it only prefills the input box, on one line and shortened, so the user reads it
 * and must accept it before the selection leaves the machine.
 */
export function questionArgument(argument: unknown, runningTests: boolean): { send: string } | { prefill?: string } {
  if (typeof argument !== 'string') {
    return {};
  }
  if (runningTests) {
    return { send: argument };
  }
  // eslint-disable-next-line no-control-regex
  const oneLine = argument.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return oneLine ? { prefill: oneLine.slice(0, PREFILL_MAX_LENGTH) } : {};
}
