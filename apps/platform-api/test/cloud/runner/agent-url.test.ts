import { agentUrlOf } from '../../../src/cloud/runner/agent-url';

describe('agentUrlOf', () => {
  test('is http://host:port without a template', () => {
    expect(agentUrlOf(undefined, '10.0.0.5', 3601, 7)).toBe('http://10.0.0.5:3601');
  });

  test.each([
    ['0.0.0.0', 'http://127.0.0.1:3600'],
    ['::', 'http://127.0.0.1:3600'],
    ['::1', 'http://[::1]:3600'],
  ])('names a reachable address for the host %s', (host, url) => {
    expect(agentUrlOf(undefined, host, 3600, 7)).toBe(url);
  });

  test('fills the template with the environment id and the port, without a trailing slash', () => {
    expect(agentUrlOf('https://{environment}.agents.example.com/', '127.0.0.1', 3601, 7)).toBe(
      'https://7.agents.example.com',
    );
    expect(agentUrlOf('https://agents.example.com:{port}/env-{environment}', '127.0.0.1', 3601, 7)).toBe(
      'https://agents.example.com:3601/env-7',
    );
  });
});
