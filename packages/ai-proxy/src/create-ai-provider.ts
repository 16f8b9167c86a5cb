import type { AiProvider } from './ai-provider';
import { createAnthropicProvider } from './anthropic/anthropic-provider';
import { type AiProviderOptions, parseAiProviderOptions } from './config/ai-provider-options';
import { createOpenAiProvider } from './openai/openai-provider';

/**
 * Creates an AI provider spoken to in OpenAI's chat-completions format, whichever the provider.
 * The options are validated at once: an unknown provider, an empty key or a missing model throws
 * an `AiProviderConfigError` naming the field. The key is kept inside the SDK client, never on the
 * returned object, and never appears in an error.
 *
 * @example
 * const ai = createAiProvider({ name: 'default', provider: 'anthropic', apiKey, model: 'claude-sonnet-4-5' });
 * const answer = await ai.complete({ messages: [{ role: 'user', content: 'Hello' }] });
 * console.log(answer.choices[0]?.message.content);
 */
export function createAiProvider(options: AiProviderOptions): AiProvider {
  const parsed = parseAiProviderOptions(options);
  switch (parsed.provider) {
    case 'openai':
      return createOpenAiProvider(parsed);
    case 'anthropic':
      return createAnthropicProvider(parsed);
    default: {
      const unknown: never = parsed.provider;
      throw new Error(`Unhandled AI provider ${String(unknown)}`);
    }
  }
}
