import { type AiProvider, createAiProvider } from '@platform/ai-proxy';
import { makeAgent, makeWorkDir } from '../factories/make-agent';

describe('agent.addAi', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  beforeEach(async () => {
    work = await makeWorkDir();
  });
  afterEach(() => work.cleanUp());

  const provider = () =>
    createAiProvider({ name: 'test', provider: 'openai', apiKey: 'sk-test-SECRET', model: 'gpt-test' });

  test('returns the agent, for chaining', () => {
    const { agent } = makeAgent(work.dir);

    expect(agent.addAi(provider())).toBe(agent);
  });

  test('throws when called a second time', () => {
    const { agent } = makeAgent(work.dir);
    agent.addAi(provider());

    expect(() => agent.addAi(provider())).toThrow('addAi() was already called on this agent.');
  });

  test('throws when given something that is not an AI provider', () => {
    const { agent } = makeAgent(work.dir);

    expect(() => agent.addAi({ name: 'x' } as unknown as AiProvider)).toThrow(/createAiProvider\(\)/);
  });
});
