// Every word the chat webview shows, with its English text. The webview never writes user-facing
// English itself: it reads this table, which the host fills in the display language (each English
// text is the key of its translation in l10n/bundle.l10n.<language>.json, like any vscode.l10n.t
// message) and hands over in the page (see src/host/l10n/webviewStrings.ts). `{0}`, `{1}` are
// placeholders, filled by formatString.

export const WEBVIEW_STRINGS = {
  // Toolbar
  chatHistory: 'Chat History',
  selectModel: 'Select a model',
  modelChange: 'Model: {0}. Change model',
  // Prompt
  prompt: 'Prompt',
  promptPlaceholder: 'Ask a question (Enter to send, Shift+Enter for a new line)',
  promptPlaceholderModel: 'Ask {0} (Enter to send, Shift+Enter for a new line)',
  send: 'Send',
  sendTitle: 'Send (Enter)',
  stop: 'Stop',
  stopTitle: 'Stop the answer',
  // Conversation
  conversation: 'Conversation',
  emptyConversation: 'Ask a question, or send code from the editor with "Send Selection to Chat".',
  scrollToLatest: 'Scroll to the latest message',
  you: 'You',
  assistant: 'Assistant',
  yourMessage: 'Your message',
  answer: 'Answer',
  reasoning: 'Reasoning',
  thinking: 'Thinking…',
  stopped: 'Stopped',
  editAndResend: 'Edit and resend',
  copyAnswer: 'Copy answer',
  regenerate: 'Regenerate',
  editMessage: 'Edit message',
  cancel: 'Cancel',
  parameters: 'Parameters: {0}',
  parameterTemperature: 'temperature {0}',
  parameterTopP: 'top_p {0}',
  parameterReasoningEffort: 'reasoning effort {0}',
  tokens: 'Tokens: {0}',
  tokensIn: '{0} in',
  tokensOut: '{0} out',
  tokensTotal: '{0} total',
  networkError: 'Network error',
  retryCountdown: 'Rate limited — retrying in {0}s',
  retryAttempt: 'attempt {0} of {1}',
  copyCode: 'Copy',
  copyCodeLabel: 'Copy code',
  insertCode: 'Insert at Cursor',
  insertCodeLabel: 'Insert code at cursor',
  image: 'image',
  bidiControl: 'Bidirectional control character {0}',
  invisibleCharacter: 'Invisible character {0}',
  // Why an answer ended early (also the Markdown export's words, see src/shared/finishReason.ts)
  finishLength: 'Cut off: the answer reached the output-token limit.',
  finishSizeLimit: 'Cut off: the answer reached the size limit (modelAccess.maxAnswerChars), so the connection was closed.',
  finishContentFilter: 'Cut off by the service\'s content filter.',
  finishOther: 'The model ended the answer early ({0}).',
  // Error actions
  actionSetApiKey: 'Set API Key',
  actionSetBaseUrl: 'Set Base URL',
  actionRefreshModels: 'Refresh Models',
  actionRetry: 'Retry',
  actionSelectModel: 'Select Model',
  // Announcements for screen readers
  answerStarted: 'Answer started.',
  answerStopped: 'Answer stopped.',
  answerError: 'Error: {0}.',
  requestFailed: 'the request failed',
  rateLimitedOne: 'Rate limited. Retrying in 1 second, attempt {0} of {1}.',
  rateLimitedMany: 'Rate limited. Retrying in {0} seconds, attempt {1} of {2}.',
  copied: 'Copied to the clipboard.',
  // History
  history: 'History',
  pastChats: 'Past chats',
  noPastChats: 'No past chats yet.',
  closeHistory: 'Close history',
  untitledChat: 'Untitled chat',
  messageCountOne: '1 message',
  messageCountMany: '{0} messages',
  /** Also the title the host lists a damaged chat under (src/host/chat/historyStore.ts). */
  damagedChat: 'Damaged chat (cannot be read)',
  deleteChat: 'Delete chat "{0}"',
  damagedChatMeta: '{0} · the file cannot be read',
  openDamagedFile: 'Open the damaged chat\'s file',
  // Notices
  dismiss: 'Dismiss',
  saveFailed: 'This chat could not be saved: {0}. What is shown here is not on disk — export or copy what you need.',
  notSent: 'Not sent: {0}',
  // First run
  welcomeTitle: 'Welcome to Model Access',
  welcomeText: 'Connect to your Model Access API to start chatting.',
  stepBaseUrl: 'Base URL',
  stepBaseUrlExplanation: 'The address of your Model Access API, ending in /v1.',
  stepApiKey: 'API key',
  stepApiKeyExplanation: 'Kept in VS Code secret storage; or set MODEL_ACCESS_API_KEY.',
  stepSet: '{0}: set.',
  stepNotSet: '{0}: not set.',
  forkFromHere: 'Fork from here (a new chat up to this message)',
  findInChat: 'Find in chat',
  previousMatch: 'Previous match (Shift+Enter)',
  nextMatch: 'Next match (Enter)',
  closeFind: 'Close (Escape)',
  noResults: 'No results',
  matchPosition: '{0} of {1}',
  whereYourMessage: 'your message',
  whereAnswer: 'answer',
  whereTitle: 'title',
  searchResults: 'Search results',
  noMessageContains: 'No message contains these words.',
  matchesFirstShown: '{0} matches (the first {1} shown)',
  matchOne: '1 match',
  matchMany: '{0} matches',
  searchAllChats: 'Search all chats',
  forkedFrom: 'forked from {0}',
  renameChat: 'Rename chat "{0}"',
  unpinChat: 'Unpin chat "{0}"',
  pinChat: 'Pin chat "{0}" (never removed to make room)',
  answerFinished: 'Answer finished.',
  answerFinishedWith: 'Answer finished: {0}',
  openAnswerInEditor: 'Open answer in editor',
  chatModel: 'Chat model',
  attachedToNext: 'Attached to the next message',
  tokensEstimate: '~{0} tokens',
  instructionsOn: 'Project instructions ({0}) are sent as a system message with each message. Click to stop sending them.',
  instructionsOff: 'This workspace offers project instructions ({0}). Click to send them as a system message with your messages.',
  instructionsLabel: 'Instructions: {0}',
  removeAttachment: 'Remove {0}',
  cutToFit: '{0}, cut to fit',
  sentInstructions: 'System message: project instructions ({0}, ~{1} tokens)',
  problemsIn: 'Problems in {0}',
  notSentAttachment: 'Not sent: {0} ({1})',
  sentAttachment: '{0} · ~{1} tokens',
  sentAttachmentCut: '{0} · ~{1} tokens · cut to fit',
  addToChat: 'Add to chat',
  addToChatTitle: 'Add files, open editors or problems to the next message (or type # in the prompt)',
  actionDropEarlierAndRetry: 'Drop earlier messages and retry',
  actionNewChatWithSummary: 'New chat with a summary',
  cutMarkerOne: '1 earlier message is not sent',
  cutMarkerMany: '{0} earlier messages are not sent',
  cutMarkerTitle: "They are left out of the request because the model's context window is full; they stay in this chat.",
  summaryStarted: 'Started from a summary of an earlier chat (sent to the model as a system message)',
  contextWindow: 'Context window',
  sourceServer: "from the model's /models record",
  sourceSetting: 'from your setting modelAccess.contextWindow',
  sourceError: "from the server's context-length error",
  sourceUnknown: 'not known: the server does not say; set it in modelAccess.contextWindow',
  meterEstimate: '≈{0} (estimate)',
  meterUnknownLimit: '{0} tokens · limit unknown',
  meterOfLimit: '{0} / {1} tokens ({2}%)',
  meterOmittedOne: '{0} · 1 earlier message not sent',
  meterOmittedMany: '{0} · {1} earlier messages not sent',
  noUsageYet: 'No usage reported yet.',
  reportedUsage: 'Reported by the server for the last answer: {0} tokens.',
  estimatedUsage: 'Estimated (about 4 characters a token) for what is new: {0} tokens.',
  windowSize: 'Context window: {0}.',
  windowSizeTokens: 'Context window: {0} tokens, {1}.',
  summaryForNewChat: 'Summary for the new chat',
  startFromSummary: 'Start New Chat with This Summary',
  close: 'Close',
  summaryWriting: 'The model is writing a summary of this chat…',
  summaryCheck: 'Check the summary (you can edit it). A new chat starts from it only when you confirm.',
  summaryFailed: 'The summary could not be written: {0}',
} as const;

export type WebviewStringKey = keyof typeof WEBVIEW_STRINGS;
export type WebviewStrings = Record<WebviewStringKey, string>;

/** `template` with `{0}`, `{1}`… replaced by `args` (the same placeholders as vscode.l10n.t). */
export function formatString(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? match : String(value);
  });
}

/**
 * The table the page carries, made whole: a string for each key from `value` when it has one, the
 * English text otherwise (an older or damaged page loses a translation, never a label).
 */
export function webviewStringsFrom(value: unknown): WebviewStrings {
  const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const strings = { ...WEBVIEW_STRINGS } as WebviewStrings;
  for (const key of Object.keys(WEBVIEW_STRINGS) as WebviewStringKey[]) {
    const text = Object.prototype.hasOwnProperty.call(given, key) ? given[key] : undefined;
    if (typeof text === 'string') strings[key] = text;
  }
  return strings;
}

/** True when `value` has a string for every key (what the host sends). */
export function isWebviewStrings(value: unknown): value is WebviewStrings {
  return typeof value === 'object' && value !== null
    && (Object.keys(WEBVIEW_STRINGS) as WebviewStringKey[]).every((key) => typeof (value as Record<string, unknown>)[key] === 'string');
}
