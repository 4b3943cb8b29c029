// The context keys the extension sets with `setContext`, by name: one source for the code that sets
// them and for package.json, whose `when` clauses and walkthrough completion events read them
// (test/unit/release/walkthrough.test.ts checks the manifest names only these). No vscode import.
export const CONTEXT_KEYS = {
  /** A base URL is set (the Models view's welcome content; walkthrough step 1). */
  hasBaseUrl: 'modelAccess.hasBaseUrl',
  /** The active profile has a key (SecretStorage or MODEL_ACCESS_API_KEY). */
  hasApiKey: 'modelAccess.hasApiKey',
  /** A model is chosen for chat (`modelAccess.model`). */
  hasModel: 'modelAccess.hasModel',
  /** Test Connection passed (with or without warnings) in this window. */
  connectionTested: 'modelAccess.connectionTested',
  /** An answer finished in the Chat view in this window. */
  chatAnswered: 'modelAccess.chatAnswered',
  /** Send Selection to Chat or Ask About Selection delivered a selection in this window. */
  selectionSent: 'modelAccess.selectionSent',
} as const;

export type ContextKey = (typeof CONTEXT_KEYS)[keyof typeof CONTEXT_KEYS];
