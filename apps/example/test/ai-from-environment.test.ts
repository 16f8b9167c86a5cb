import { aiFromEnvironment } from '../src/ai-from-environment';

describe('aiFromEnvironment', () => {
  test('turns AI off without a key', () => {
    expect(aiFromEnvironment({})).toBeUndefined();
  });

  test('uses OpenAI when OPENAI_API_KEY is set, even beside an Anthropic key', () => {
    const ai = aiFromEnvironment({ OPENAI_API_KEY: 'sk-1', ANTHROPIC_API_KEY: 'sk-ant-1' });

    expect(ai).toEqual({ name: 'default', provider: 'openai', apiKey: 'sk-1', model: 'gpt-4.1' });
  });

  test('uses Anthropic when only ANTHROPIC_API_KEY is set', () => {
    const ai = aiFromEnvironment({ ANTHROPIC_API_KEY: 'sk-ant-1' });

    expect(ai).toEqual({ name: 'default', provider: 'anthropic', apiKey: 'sk-ant-1', model: 'claude-sonnet-4-5' });
  });

  test('takes the model from EXAMPLE_AI_MODEL', () => {
    expect(aiFromEnvironment({ OPENAI_API_KEY: 'sk-1', EXAMPLE_AI_MODEL: 'gpt-4.1-mini' })?.model).toBe('gpt-4.1-mini');
  });
});
