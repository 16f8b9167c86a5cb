export type { AiCallOptions, AiProvider } from './ai-provider';
export { DEFAULT_ANTHROPIC_MAX_TOKENS } from './anthropic/to-anthropic-request';
export type { AiProviderKind, AiProviderOptions } from './config/ai-provider-options';
export { AI_PROVIDER_KINDS, aiProviderOptionsSchema } from './config/ai-provider-options';
export { createAiProvider } from './create-ai-provider';
export type { AiProviderConfigIssue } from './errors/ai-provider-config-error';
export { AiProviderConfigError } from './errors/ai-provider-config-error';
export type { AiProviderErrorKind, AiProviderErrorOptions } from './errors/ai-provider-error';
export {
  AiAuthenticationError,
  AiBadRequestError,
  AiModelNotFoundError,
  AiPermissionDeniedError,
  AiProviderError,
  AiProviderFailedError,
  AiProviderUnavailableError,
  AiRateLimitError,
  AiRequestAbortedError,
  AiTimeoutError,
} from './errors/ai-provider-error';
export { statusOfAiError } from './errors/status-of-ai-error';
export type {
  ChatCompletionMessage,
  ChatCompletionRequest,
  ChatCompletionResponseFormat,
  ChatCompletionTool,
  ChatCompletionToolChoice,
} from './format/chat-completion-request';
export { chatCompletionRequestSchema } from './format/chat-completion-request';
export type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionFinishReason,
} from './format/chat-completion-response';
