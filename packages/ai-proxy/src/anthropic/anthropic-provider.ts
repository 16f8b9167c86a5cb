import Anthropic from '@anthropic-ai/sdk';
import type { AiProvider } from '../ai-provider';
import type { ParsedAiProviderOptions } from '../config/ai-provider-options';
import { AiProviderError } from '../errors/ai-provider-error';
import { sameRealmFetch } from '../errors/same-realm-fetch';
import { toAiProviderError } from '../errors/to-ai-provider-error';
import { parseChatCompletionRequest } from '../format/parse-chat-completion-request';
import { fromAnthropicMessage } from './from-anthropic-message';
import { fromAnthropicStream } from './from-anthropic-stream';
import { answerToolOf } from './json-answer';
import { toAnthropicRequest } from './to-anthropic-request';

/** An `AiProvider` over the official Anthropic client, converting to and from chat completions. */
export function createAnthropicProvider(options: ParsedAiProviderOptions): AiProvider {
  // Every option is explicit (null included): the SDK would otherwise read ANTHROPIC_* variables
  // and, without a credential, look for profiles on disk.
  const client = new Anthropic({
    apiKey: options.apiKey,
    authToken: null,
    webhookKey: null,
    baseURL: options.baseUrl ?? 'https://api.anthropic.com',
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
      BaseError: Anthropic.AnthropicError,
      APIError: Anthropic.APIError,
      APIConnectionTimeoutError: Anthropic.APIConnectionTimeoutError,
      APIUserAbortError: Anthropic.APIUserAbortError,
    },
  };
  const prepare = (request: unknown) => {
    const parsed = parseChatCompletionRequest(request, options.name);
    return {
      parsed,
      params: toAnthropicRequest(parsed, options.model, options.name),
      answerTool: answerToolOf(parsed),
    };
  };

  return Object.freeze({
    name: options.name,
    provider: 'anthropic',
    model: options.model,
    async complete(request, { signal } = {}) {
      const { params, answerTool } = prepare(request);
      try {
        return fromAnthropicMessage(await client.messages.create(params, { signal }), answerTool?.name);
      } catch (error) {
        throw toAiProviderError(error, context);
      }
    },
    async *stream(request, { signal } = {}) {
      const { parsed, params, answerTool } = prepare(request);
      try {
        const events = await client.messages.create({ ...params, stream: true }, { signal });
        yield* fromAnthropicStream(events, {
          ...(answerTool ? { answerToolName: answerTool.name } : {}),
          includeUsage: parsed.stream_options?.include_usage ?? false,
        });
      } catch (error) {
        if (error instanceof AiProviderError) throw error;
        throw toAiProviderError(error, context);
      }
    },
  } satisfies AiProvider);
}
