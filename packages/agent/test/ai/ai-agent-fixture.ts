import { inspect } from 'node:util';
import { type AiProviderOptions, createAiProvider } from '@platform/ai-proxy';
import { type ConnectedAgent, startConnectedAgent } from '../platform/connected-agent-fixture';
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai-server';

export const API_KEY = 'sk-test-SECRET';

export interface AiAgent extends ConnectedAgent {
  readonly model: FakeOpenAi;
  /** Every log line of the agent, as text (errors inspected with their cause). */
  logLines(): string[];
  /** POSTs (or GETs without a body) under `<prefix>/_internal/ai-proxy` as user `userId`. */
  callAi(path: string, body?: unknown, userId?: number): Promise<Response>;
}

/**
 * The connected agent of `connected-agent-fixture` (Editor user 2, scoped to EU orders) with
 * `addAi` on a fake OpenAI-compatible provider, started. User 3 is a `Viewer` granted nothing.
 */
export async function startAiAgent(provider: Partial<AiProviderOptions> = {}): Promise<AiAgent> {
  const model = await startFakeOpenAi();
  const platform = await startConnectedAgent();
  platform.env.addUser({ id: 3, email: 'vic@example.com', role: 'Viewer', renderingId: 2, tags: { region: 'EU' } });
  platform.agent.addAi(
    createAiProvider({
      name: 'test',
      provider: 'openai',
      apiKey: API_KEY,
      model: 'gpt-test',
      baseUrl: model.baseUrl,
      maxRetries: 0,
      ...provider,
    }),
  );
  await platform.agent.start();

  return {
    ...platform,
    url: platform.url,
    model,
    logLines: () =>
      platform.logger.mock.calls.map((args) =>
        args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 5 }))).join(' '),
      ),
    async callAi(path: string, body?: unknown, userId = 2) {
      return fetch(`${platform.url}/_internal/ai-proxy${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: await platform.authorization(userId), 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
    async close() {
      await platform.close();
      await model.close();
    },
  };
}
