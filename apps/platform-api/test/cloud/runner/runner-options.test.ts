import { RUNNER_DEFAULTS, resolveRunnerOptions } from '../../../src/cloud/runner/runner-options';
import { loadConfig } from '../../../src/config/config';

const config = loadConfig({ PLATFORM_PUBLIC_URL: 'https://platform.example.com/' });

describe('resolveRunnerOptions', () => {
  test('defaults: 127.0.0.1, ports from 3600, every 2 s, the public URL, the built child', () => {
    const resolved = resolveRunnerOptions(config, {}, {});

    expect(resolved).toMatchObject({
      success: true,
      data: {
        host: '127.0.0.1',
        portBase: 3600,
        agentUrlTemplate: undefined,
        pollIntervalMs: RUNNER_DEFAULTS.pollIntervalMs,
        platformUrl: 'https://platform.example.com',
        agentPrefix: '/platform',
        childEntry: { path: expect.stringMatching(/dist\/cloud-agent\.cjs$/), execArgv: [] },
      },
    });
  });

  test('reads the environment, and a flag wins over its variable', () => {
    const env = {
      PLATFORM_CLOUD_AGENT_HOST: '0.0.0.0',
      PLATFORM_CLOUD_AGENT_PORT_BASE: '4000',
      PLATFORM_CLOUD_AGENT_URL: 'https://{environment}.agents.example.com',
      PLATFORM_CLOUD_RUNNER_POLL_INTERVAL_MS: '500',
      PLATFORM_CLOUD_PLATFORM_URL: 'http://10.0.0.2:3400',
    };

    const resolved = resolveRunnerOptions(config, env, { portBase: '4100' });

    expect(resolved).toMatchObject({
      success: true,
      data: {
        host: '0.0.0.0',
        portBase: 4100,
        agentUrlTemplate: 'https://{environment}.agents.example.com',
        pollIntervalMs: 500,
        platformUrl: 'http://10.0.0.2:3400',
      },
    });
  });

  test.each([
    ['a port base that is no port', { PLATFORM_CLOUD_AGENT_PORT_BASE: '70000' }, 'portBase'],
    ['an agent URL that is no URL', { PLATFORM_CLOUD_AGENT_URL: '{environment}.example.com' }, 'agentUrl'],
    ['a poll interval under 100 ms', { PLATFORM_CLOUD_RUNNER_POLL_INTERVAL_MS: '10' }, 'pollInterval'],
    ['a platform URL that is no URL', { PLATFORM_CLOUD_PLATFORM_URL: 'platform' }, 'platformUrl'],
  ])('refuses %s', (_what, env, path) => {
    const resolved = resolveRunnerOptions(config, env, {});

    expect(resolved.success).toBe(false);
    if (resolved.success) return;
    expect(resolved.error.issues.map((issue) => issue.path.join('.'))).toEqual([path]);
  });
});
