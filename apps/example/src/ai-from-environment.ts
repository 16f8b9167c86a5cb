import type { AiProviderOptions } from '@platform/ai-proxy';

export interface AiEnvironment {
  readonly OPENAI_API_KEY?: string;
  readonly ANTHROPIC_API_KEY?: string;
  /** Overrides the provider's default model below. */
  readonly EXAMPLE_AI_MODEL?: string;
}

/**
 * The AI provider of the example, from the environment: OpenAI when `OPENAI_API_KEY` is set, else
 * Anthropic when `ANTHROPIC_API_KEY` is; none without a key (the agent then serves no AI route).
 */
export function aiFromEnvironment(env: AiEnvironment): AiProviderOptions | undefined {
  if (env.OPENAI_API_KEY) {
    return {
      name: 'default',
      provider: 'openai',
      apiKey: env.OPENAI_API_KEY,
      model: env.EXAMPLE_AI_MODEL ?? 'gpt-4.1',
    };
  }
  if (env.ANTHROPIC_API_KEY) {
    return {
      name: 'default',
      provider: 'anthropic',
      apiKey: env.ANTHROPIC_API_KEY,
      model: env.EXAMPLE_AI_MODEL ?? 'claude-sonnet-4-5',
    };
  }
  return undefined;
}
