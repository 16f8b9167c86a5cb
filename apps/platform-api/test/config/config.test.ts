import os from 'node:os';
import path from 'node:path';
import { type Config, ConfigError, loadConfig, withBoundPort } from '../../src/config/config';
import { packageRoot } from '../../src/config/package-root';

function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  test('uses the embedded database and its defaults when nothing is set', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      PORT: 3400,
      HOST: '127.0.0.1',
      PLATFORM_LOG_LEVEL: 'info',
      PLATFORM_SHUTDOWN_TIMEOUT_MS: 10_000,
      PLATFORM_SESSION_TTL_HOURS: 12,
      database: { kind: 'embedded', dataDir: path.join(packageRoot(), '.platform-data') },
      migrateOnStart: true,
      publicUrl: 'http://127.0.0.1:3400',
    });
  });

  test('uses PostgreSQL without migrating at start when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://app@db:5432/platform' });

    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://app@db:5432/platform' });
    expect(config.migrateOnStart).toBe(false);
  });

  test('migrates PostgreSQL at start when PLATFORM_MIGRATE_ON_START is true', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/platform', PLATFORM_MIGRATE_ON_START: 'true' });

    expect(config.migrateOnStart).toBe(true);
  });

  test('does not migrate the embedded database when PLATFORM_MIGRATE_ON_START is false', () => {
    expect(loadConfig({ PLATFORM_MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
  });

  test('derives the public URL from PORT and strips a trailing slash from PLATFORM_PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PLATFORM_PUBLIC_URL: 'https://platform.example.com/' }).publicUrl).toBe(
      'https://platform.example.com',
    );
  });

  test('reads a relative PLATFORM_DATA_DIR, and the default, from the package root, whatever the working directory', () => {
    const workingDirectory = process.cwd();
    process.chdir(os.tmpdir());
    let configs: Config[];
    try {
      configs = [loadConfig({}), loadConfig({ PLATFORM_DATA_DIR: 'data/embedded' })];
    } finally {
      process.chdir(workingDirectory);
    }

    expect(packageRoot()).not.toBe(os.tmpdir());
    expect(configs.map((config) => config.database)).toEqual([
      { kind: 'embedded', dataDir: path.join(packageRoot(), '.platform-data') },
      { kind: 'embedded', dataDir: path.join(packageRoot(), 'data', 'embedded') },
    ]);
  });

  test('keeps an absolute PLATFORM_DATA_DIR as it is', () => {
    const dataDir = path.join(os.tmpdir(), 'platform-data');

    expect(loadConfig({ PLATFORM_DATA_DIR: dataDir }).database).toEqual({ kind: 'embedded', dataDir });
  });

  test('withBoundPort names the bound port in the public URL unless PLATFORM_PUBLIC_URL is set', () => {
    expect(withBoundPort(loadConfig({ PORT: '0' }), 41234).publicUrl).toBe('http://127.0.0.1:41234');
    expect(withBoundPort(loadConfig({ PORT: '0', HOST: '0.0.0.0' }), 41234).publicUrl).toBe('http://127.0.0.1:41234');
    expect(withBoundPort(loadConfig({ PORT: '0', HOST: '::1' }), 41234).publicUrl).toBe('http://[::1]:41234');
    expect(
      withBoundPort(loadConfig({ PORT: '0', PLATFORM_PUBLIC_URL: 'https://platform.example.com' }), 41234).publicUrl,
    ).toBe('https://platform.example.com');
  });

  test('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', PLATFORM_LOG_LEVEL: '' });

    expect(config).toMatchObject({ PORT: 3400, PLATFORM_LOG_LEVEL: 'info', database: { kind: 'embedded' } });
  });

  test('reads the optional OIDC and Redis settings', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      PLATFORM_OIDC_ISSUER: 'https://accounts.example.com',
      PLATFORM_OIDC_CLIENT_ID: 'platform',
      PLATFORM_OIDC_CLIENT_SECRET: 's3cret',
    });

    expect(config).toMatchObject({
      REDIS_URL: 'redis://127.0.0.1:6379',
      PLATFORM_OIDC_ISSUER: 'https://accounts.example.com',
      PLATFORM_OIDC_CLIENT_ID: 'platform',
      PLATFORM_OIDC_CLIENT_SECRET: 's3cret',
    });
  });

  test('lists every bad variable in one ConfigError', () => {
    const error = configErrorOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/platform',
      PLATFORM_MIGRATE_ON_START: 'maybe',
      PLATFORM_PUBLIC_URL: 'not a url',
      PLATFORM_LOG_LEVEL: 'loud',
      PLATFORM_SHUTDOWN_TIMEOUT_MS: '-5',
      REDIS_URL: 'http://cache',
      PLATFORM_OIDC_ISSUER: 'issuer',
      PLATFORM_SESSION_TTL_HOURS: '1.5',
    });

    expect(error.name).toBe('ConfigError');
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      'DATABASE_URL',
      'PLATFORM_LOG_LEVEL',
      'PLATFORM_MIGRATE_ON_START',
      'PLATFORM_OIDC_ISSUER',
      'PLATFORM_PUBLIC_URL',
      'PLATFORM_SESSION_TTL_HOURS',
      'PLATFORM_SHUTDOWN_TIMEOUT_MS',
      'PORT',
      'REDIS_URL',
    ]);
  });

  test('says why each variable is bad, one line each', () => {
    const error = configErrorOf({ PORT: '70000', PLATFORM_LOG_LEVEL: 'loud' });

    expect(error.message).toBe(
      [
        'Invalid configuration:',
        '  - PORT: expected a port number between 0 and 65535',
        '  - PLATFORM_LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent',
      ].join('\n'),
    );
  });

  test('reads the workflow worker settings, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PLATFORM_WORKER: 'on',
      PLATFORM_WORKER_CONCURRENCY: 4,
      PLATFORM_WORKFLOW_LEASE_MS: 30_000,
      PLATFORM_WORKFLOW_STEP_RETRIES: 3,
      PLATFORM_AGENT_ROUTE_PREFIX: '/platform',
    });
    expect(
      loadConfig({
        PLATFORM_WORKER: 'off',
        PLATFORM_WORKFLOW_STEP_RETRIES: '0',
        PLATFORM_AGENT_ROUTE_PREFIX: '/admin/',
      }),
    ).toMatchObject({
      PLATFORM_WORKER: 'off',
      PLATFORM_WORKFLOW_STEP_RETRIES: 0,
      PLATFORM_AGENT_ROUTE_PREFIX: '/admin',
    });
    expect(loadConfig({ PLATFORM_AGENT_ROUTE_PREFIX: '/' }).PLATFORM_AGENT_ROUTE_PREFIX).toBe('');
  });

  test('refuses bad workflow worker settings', () => {
    const error = configErrorOf({
      PLATFORM_WORKER: 'maybe',
      PLATFORM_WORKFLOW_STEP_RETRIES: '11',
      PLATFORM_AGENT_ROUTE_PREFIX: 'platform',
    });

    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      'PLATFORM_AGENT_ROUTE_PREFIX',
      'PLATFORM_WORKER',
      'PLATFORM_WORKFLOW_STEP_RETRIES',
    ]);
  });

  test('ignores variables it does not know', () => {
    expect(() => loadConfig({ SOMETHING_ELSE: 'x' })).not.toThrow();
  });
});
