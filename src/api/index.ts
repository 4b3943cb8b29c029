// Public surface of the Model Access API client. Keep it stable: the extension host and other
// tools build on exactly these names.
export { ModelAccessClient } from './client';
export { ApiError, isAbortError } from './errors';
export { maskKey, validateApiKey } from './apiKey';
export { isStreamingRequiredError } from './streamingRequired';
export { readModelLimits, readToolCalling, type ModelLimits } from './modelLimits';
export type {
  CallOptions,
  ChatMessage,
  ChatRequest,
  ModelAccessClientOptions,
  ModelInfo,
  RequestLogEntry,
  RespondRequest,
  RetryInfo,
  StreamEvent,
  ToolCall,
  ToolDefinition,
} from './types';
export type { RetryOptions } from './retryPolicy';
