import path from 'node:path';
import { type AgentOptions, AgentOptionsError, parseAgentOptions } from '../../src/agent/agent-options';
import { ENV_SECRET } from '../factories/tokens';

function parse(options: Partial<AgentOptions> = {}, env: NodeJS.ProcessEnv = {}) {
  return parseAgentOptions({ authSecret: 'auth-secret', envSecret: ENV_SECRET, ...options }, env, '/app');
}

function failure(options: Record<string, unknown>, env: NodeJS.ProcessEnv = {}): AgentOptionsError {
  try {
    parse(options as Partial<AgentOptions>, env);
  } catch (error) {
    return error as AgentOptionsError;
  }
  throw new Error('expected the options to be rejected');
}

describe('parseAgentOptions', () => {
  test('applies the documented defaults', () => {
    const options = parse();

    expect(options).toMatchObject({
      isProduction: false,
      loggerLevel: 'Info',
      prefix: '/platform',
      schemaPath: path.resolve('/app', '.platform-schema.json'),
      typingsPath: undefined,
      typingsMaxDepth: 5,
      useUnsafeActionEndpoint: false,
      port: 3351,
      serverUrl: 'http://127.0.0.1:3400',
      maxTokenLifetime: 86_400,
      csv: { escapeFormulae: true },
    });
    expect(options.host).toBeUndefined();
  });

  test('rejects a token lifetime that is not a positive whole number of seconds', () => {
    expect(failure({ maxTokenLifetime: 0 }).message).toContain('maxTokenLifetime:');
    expect(failure({ maxTokenLifetime: 1.5 }).message).toContain('maxTokenLifetime:');
  });

  test('rejects an unknown or mistyped csv option, naming it', () => {
    expect(failure({ csv: { escapeFormulas: false } }).message).toContain('escapeFormulas');
    expect(failure({ csv: { escapeFormulae: 'no' } }).message).toContain('csv.escapeFormulae:');
  });

  test('resolves schemaPath and typingsPath against the working directory', () => {
    const options = parse({ schemaPath: 'config/schema.json', typingsPath: 'src/typings.ts' });

    expect(options.schemaPath).toBe(path.resolve('/app', 'config/schema.json'));
    expect(options.typingsPath).toBe(path.resolve('/app', 'src/typings.ts'));
  });

  test('removes a trailing slash from the prefix', () => {
    expect(parse({ prefix: '/admin/' }).prefix).toBe('/admin');
  });

  test('falls back to the environment for secrets, server URL and port', () => {
    const options = parseAgentOptions(
      {},
      {
        PLATFORM_AUTH_SECRET: 'from-env',
        PLATFORM_ENV_SECRET: ENV_SECRET,
        PLATFORM_SERVER_URL: 'https://platform.example.com/',
        PORT: '4000',
      },
    );

    expect(options).toMatchObject({
      authSecret: 'from-env',
      envSecret: ENV_SECRET,
      serverUrl: 'https://platform.example.com',
      port: 4000,
    });
  });

  test('prefers the options over the environment', () => {
    const options = parse({ authSecret: 'option', port: 0 }, { PLATFORM_AUTH_SECRET: 'env', PORT: '4000' });

    expect(options.authSecret).toBe('option');
    expect(options.port).toBe(0);
  });

  test.each<[string, Record<string, unknown>]>([
    ['authSecret', { authSecret: '' }],
    ['envSecret', { envSecret: 'not-hexadecimal' }],
    ['isProduction', { isProduction: 'yes' }],
    ['logger', { logger: 'console' }],
    ['loggerLevel', { loggerLevel: 'Verbose' }],
    ['prefix', { prefix: 'platform' }],
    ['schemaPath', { schemaPath: '' }],
    ['typingsPath', { typingsPath: 42 }],
    ['typingsMaxDepth', { typingsMaxDepth: -1 }],
    ['useUnsafeActionEndpoint', { useUnsafeActionEndpoint: 1 }],
    ['serverUrl', { serverUrl: 'ftp://platform.example.com' }],
    ['port', { port: 70000 }],
    ['bodyLimit', { bodyLimit: 'lots' }],
    ['corsOrigins', { corsOrigins: 'https://app.example.com' }],
  ])('rejects an invalid %s, naming it', (option, options) => {
    const error = failure(options);

    expect(error.name).toBe('AgentOptionsError');
    expect(error.message).toContain(`${option}:`);
    expect(error.issues).toEqual([{ path: option, message: expect.any(String) }]);
  });

  test('rejects a missing envSecret, pointing at PLATFORM_ENV_SECRET', () => {
    const error = failure({ envSecret: undefined });

    expect(error.message).toMatch(/envSecret: .*PLATFORM_ENV_SECRET/);
  });

  test('rejects a PORT variable that is not a number', () => {
    const error = failure({}, { PORT: 'eighty' });

    expect(error.message).toContain('port:');
  });

  test('rejects an unknown option, naming it', () => {
    const error = failure({ typingPath: './typings.ts' });

    expect(error.message).toContain('typingPath: unknown key (known: ');
    expect(error.issues).toEqual([{ path: 'typingPath', message: expect.stringContaining('typingsPath') }]);
  });

  test('names every invalid option at once', () => {
    const error = failure({ prefix: 'x', port: -1 });

    expect(error.message).toContain('prefix:');
    expect(error.message).toContain('port:');
  });

  test('is an AgentOptionsError', () => {
    expect(failure({ port: -1 })).toBeInstanceOf(AgentOptionsError);
  });
});
