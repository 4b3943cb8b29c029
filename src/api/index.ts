// Public surface of the Model Access API client. Keep it stable: the extension host and other
// tools build on exactly these names.
export { ModelAccessClient } from './client';
export { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_TYPES, ROUTE_ERROR_CODES, isAbortError } from './errors';
export { checkBaseUrl, invalidBaseUrlError, type BaseUrlCheck } from './baseUrl';
export { maskKey, validateApiKey } from './apiKey';
export { checkExtraHeaders, extraHeaderProblem } from './extraHeaders';
export { isStreamingRequiredError } from './streamingRequired';
export { contextLimitFromMessage, isContextLengthError } from './contextLength';
export { readModelLimits, readToolCalling, type ModelLimits } from './modelLimits';
export type {
  CallOptions,
  WireMessage,
  ChatRequest,
  ModelAccessClientOptions,
  ModelInfo,
  NetworkHintKind,
  NetworkOptions,
  NetworkRoute,
  RequestLogEntry,
  RespondRequest,
  RetryInfo,
  StreamEvent,
  ToolCall,
  ToolDefinition,
  StreamLimits,
} from './types';
export { DEFAULT_INITIAL_DELAY_MS, DEFAULT_MAX_RETRIES, MAX_RETRIES_LIMIT, MAX_RETRY_AFTER_MS, type RetryOptions } from './retryPolicy';
