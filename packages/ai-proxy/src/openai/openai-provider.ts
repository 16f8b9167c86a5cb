import OpenAI from 'openai';
import type { AiProvider } from '../ai-provider';
import type { ParsedAiProviderOptions } from '../config/ai-provider-options';
import { AiProviderError } from '../errors/ai-provider-error';
import { sameRealmFetch } from '../errors/same-realm-fetch';
import { toAiProviderError } from '../errors/to-ai-provider-error';
import type { ChatCompletionRequest } from '../format/chat-completion-request';
import { parseChatCompletionRequest } from '../format/parse-chat-completion-request';

/** An `AiProvider` over the official OpenAI client: the request and answer pass through as they are. */
export function createOpenAiProvider(options: ParsedAiProviderOptions): AiProvider {
  // Every option is explicit (null included): the SDK would otherwise read OPENAI_* variables.
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl ?? 'https://api.openai.com/v1',
    organization: options.organization ?? null,
    project: null,
    webhookSecret: null,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    defaultHeaders: options.headers,
    logLevel: 'off',
    fetch: sameRealmFetch,
  });
  const context = {
    providerName: options.name,
    apiKey: options.apiKey,
    sdk: {
      BaseError: OpenAI.OpenAIError,
      APIError: OpenAI.APIError,
      APIConnectionTimeoutError: OpenAI.APIConnectionTimeoutError,
      APIUserAbortError: OpenAI.APIUserAbortError,
    },
  };
  const toParams = (request: ChatCompletionRequest) =>
    // The request schema is a subset of the SDK's parameters.
    ({
      ...request,
      model: request.model ?? options.model,
    }) as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;

  return Object.freeze({
    name: options.name,
    provider: 'openai',
    model: options.model,
    async complete(request, { signal } = {}) {
      const params = toParams(parseChatCompletionRequest(request, options.name));
      try {
        return await client.chat.completions.create(params, { signal });
      } catch (error) {
        throw toAiProviderError(error, context);
      }
    },
    async *stream(request, { signal } = {}) {
      const params = toParams(parseChatCompletionRequest(request, options.name));
      try {
        yield* await client.chat.completions.create({ ...params, stream: true }, { signal });
      } catch (error) {
        if (error instanceof AiProviderError) throw error;
        throw toAiProviderError(error, context);
      }
    },
  } satisfies AiProvider);
}
