import { type AiProviderOptions, createAiProvider, statusOfAiError } from '@platform/ai-proxy';
import { TEST_API_KEY } from './factories/make-provider';

const valid = { name: 'default', provider: 'openai', apiKey: TEST_API_KEY, model: 'gpt-test' } as const;

function configErrorOf(options: unknown): Error & { issues?: { field: string }[] } {
  try {
    createAiProvider(options as AiProviderOptions);
  } catch (error) {
    return error as Error & { issues?: { field: string }[] };
  }
  throw new Error('expected createAiProvider to throw');
}

describe('createAiProvider', () => {
  test('returns a provider with its name, kind and model, and no key', () => {
    const provider = createAiProvider({ ...valid, provider: 'anthropic' });

    expect(provider).toMatchObject({ name: 'default', provider: 'anthropic', model: 'gpt-test' });
    expect(JSON.stringify(provider)).not.toContain(TEST_API_KEY);
    expect(require('node:util').inspect(provider, { depth: 10, showHidden: true })).not.toContain(TEST_API_KEY);
  });

  test.each([
    ['an unknown provider', { ...valid, provider: 'mistral' }, 'provider'],
    ['an empty key', { ...valid, apiKey: '  ' }, 'apiKey'],
    ['a missing key', { ...valid, apiKey: undefined }, 'apiKey'],
    ['a missing model', { ...valid, model: undefined }, 'model'],
    ['an empty name', { ...valid, name: '' }, 'name'],
    ['a base URL that is not http(s)', { ...valid, baseUrl: 'ftp://example.com' }, 'baseUrl'],
    ['a negative timeout', { ...valid, timeoutMs: -1 }, 'timeoutMs'],
  ])('rejects %s with an AiProviderConfigError naming the field', (_case, options, field) => {
    const error = configErrorOf(options);

    expect(error.name).toBe('AiProviderConfigError');
    expect(error.issues?.map((issue) => issue.field)).toEqual([field]);
    expect(error.message).toContain(field);
    expect(statusOfAiError(error)).toBe(500);
  });

  test('never echoes the key in a config error', () => {
    const error = configErrorOf({ ...valid, provider: 'mistral', model: 42 });

    expect(error.issues).toHaveLength(2);
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(TEST_API_KEY);
  });
});
