import { type AiProvider, type AiProviderKind, type AiProviderOptions, createAiProvider } from '@platform/ai-proxy';
import type { FakeProviderServer } from './fake-provider-server';

/** A key no test may ever find in an error, a body or a log line. */
export const TEST_API_KEY = 'sk-test-Zq8rTqU3-very-secret-key';

/** A provider of `kind` talking to the fake server, without retries so each test sees one request. */
export function makeProvider(
  kind: AiProviderKind,
  server: FakeProviderServer,
  overrides: Partial<AiProviderOptions> = {},
): AiProvider {
  return createAiProvider({
    name: `${kind}-test`,
    provider: kind,
    apiKey: TEST_API_KEY,
    model: kind === 'openai' ? 'gpt-test' : 'claude-test',
    baseUrl: kind === 'openai' ? `${server.url}/v1` : server.url,
    maxRetries: 0,
    ...overrides,
  });
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
