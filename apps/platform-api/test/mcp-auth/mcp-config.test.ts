import { ConfigError, loadConfig } from '../../src/config/config';
import { isHostAllowed } from '../../src/mcp-auth/registration-policy';

describe('MCP authorization configuration', () => {
  const issuesOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.issues.map((issue) => issue.path);
      throw error;
    }
    return [];
  };

  test('defaults: open registration, 900 s access tokens, 30-day refresh tokens, 100 registrations an hour', () => {
    const config = loadConfig({});

    expect(config.PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS).toEqual({ kind: 'open' });
    expect(config.PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(config.PLATFORM_MCP_REFRESH_TOKEN_TTL_DAYS).toBe(30);
    expect(config.PLATFORM_MCP_REGISTRATION_RATE_LIMIT).toBe(100);
    expect(config.PLATFORM_MCP_REGISTRATION_RATE_WINDOW_MS).toBe(3_600_000);
  });

  test('refuses an access token lifetime over 900 s, which agents would refuse', () => {
    expect(issuesOf({ PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS: '901' })).toEqual([
      'PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS',
    ]);
    expect(loadConfig({ PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS: '300' }).PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS).toBe(
      300,
    );
  });

  test('reads the registration restriction: off, or a list of hosts', () => {
    expect(
      loadConfig({ PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS: 'OFF' }).PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS,
    ).toEqual({
      kind: 'off',
    });
    expect(
      loadConfig({ PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS: ' Claude.ai, *.example.com ,localhost,[::1]' })
        .PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS,
    ).toEqual({ kind: 'hosts', hosts: ['claude.ai', '*.example.com', 'localhost', '[::1]'] });
  });

  test.each(['https://claude.ai', 'claude.ai/path', 'exa mple.com', ',', '*'])('refuses the host list %j', (value) => {
    expect(issuesOf({ PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS: value })).toEqual([
      'PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS',
    ]);
  });

  test('a wildcard admits subdomains only, an exact host itself only', () => {
    const policy = { kind: 'hosts', hosts: ['*.example.com', 'claude.ai'] } as const;

    expect(isHostAllowed(policy, 'app.example.com')).toBe(true);
    expect(isHostAllowed(policy, 'a.b.example.com')).toBe(true);
    expect(isHostAllowed(policy, 'example.com')).toBe(false);
    expect(isHostAllowed(policy, 'evilexample.com')).toBe(false);
    expect(isHostAllowed(policy, 'claude.ai')).toBe(true);
    expect(isHostAllowed(policy, 'api.claude.ai')).toBe(false);
    expect(isHostAllowed({ kind: 'off' }, 'claude.ai')).toBe(false);
    expect(isHostAllowed({ kind: 'open' }, 'anything.test')).toBe(true);
  });
});
