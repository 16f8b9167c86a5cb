import { createAiProvider } from '@platform/ai-proxy';
import { MCP_TOOL_NAMES } from '../../src';
import { type AiAgent, API_KEY, startAiAgent } from './ai-agent-fixture';

interface ToolAnswer {
  readonly content: Array<{ text: string }>;
  readonly structuredContent?: { records: Array<{ id: unknown }> };
  readonly isError?: boolean;
}

const resultOf = async (response: Response) => (await response.json()) as ToolAnswer;
const errorNameOf = async (response: Response) =>
  ((await response.json()) as { errors: Array<{ name: string }> }).errors[0]?.name;

describe('the AI proxy tool routes', () => {
  let platform: AiAgent;
  beforeEach(async () => {
    platform = await startAiAgent();
  });
  afterEach(() => platform.close());

  test('GET /tools lists the ten collection tools with their JSON Schema parameters', async () => {
    const response = await platform.callAi('/tools');

    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: Array<{ name: string; description: string; parameters: unknown }>;
    };
    expect(data.map((tool) => tool.name)).toEqual([...MCP_TOOL_NAMES]);
    const list = data.find((tool) => tool.name === 'list');
    expect(list?.description).toEqual(expect.any(String));
    expect(list?.parameters).toMatchObject({ type: 'object', properties: { collection: { enum: ['orders'] } } });
  });

  test('POST /tools/:name runs one tool as the user, within the scope, reported via ai', async () => {
    const response = await platform.callAi('/tools/list', { arguments: { collection: 'orders' } });

    expect(response.status).toBe(200);
    const result = await resultOf(response);
    expect(result.isError).toBeUndefined();
    const ids = (result.structuredContent?.records ?? []).map((record: { id: unknown }) => String(record.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.sort()).toEqual(['1', '2', '5']);
    await platform.agent.stop();
    expect(platform.env.activity).toEqual([expect.objectContaining({ userId: 2, action: 'read', via: 'ai' })]);
  });

  test('POST /tools/:name answers an error result to a role that may not browse', async () => {
    const response = await platform.callAi('/tools/list', { arguments: '{"collection":"orders"}' }, 3);

    expect(response.status).toBe(200);
    const result = await resultOf(response);
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(/^ForbiddenError/);
    expect(result.structuredContent).toBeUndefined();
  });

  test('POST /tools/:name answers 404 for an unknown tool and 400 for a bad body', async () => {
    const unknown = await platform.callAi('/tools/dropDatabase', { arguments: {} });
    const bad = await platform.callAi('/tools/list', { arguments: 42 });

    expect(unknown.status).toBe(404);
    expect(await errorNameOf(unknown)).toBe('NotFoundError');
    expect(bad.status).toBe(400);
    expect(await errorNameOf(bad)).toBe('ValidationError');
  });

  test('answers 404 for a path of the AI proxy that does not exist', async () => {
    const response = await platform.callAi('/nothing-here', { arguments: {} });

    expect(response.status).toBe(404);
    expect(await errorNameOf(response)).toBe('NotFoundError');
  });

  test('refuses an unauthenticated request with 401', async () => {
    const response = await fetch(`${platform.url}/_internal/ai-proxy/tools`);

    expect(response.status).toBe(401);
  });

  test('addAi throws when called a second time', () => {
    const provider = createAiProvider({ name: 'other', provider: 'openai', apiKey: API_KEY, model: 'gpt-test' });

    expect(() => platform.agent.addAi(provider)).toThrow('addAi() was already called on this agent.');
  });
});
