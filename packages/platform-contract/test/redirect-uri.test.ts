import { isUnderAgentUrl } from '../src/redirect-uri';

describe('isUnderAgentUrl', () => {
  const agentUrl = 'https://agent.example.com/api';

  test.each([
    ['the agent URL itself', 'https://agent.example.com/api'],
    ['a path below it', 'https://agent.example.com/api/platform/authentication/callback?x=1'],
  ])('accepts %s', (_name, candidate) => {
    expect(isUnderAgentUrl(candidate, agentUrl)).toBe(true);
  });

  test.each([
    ['a sibling path sharing the prefix', 'https://agent.example.com/api-other/callback'],
    ['a path escaping with ..', 'https://agent.example.com/api/../admin'],
    ['another host', 'https://evil.example.com/api/callback'],
    ['another scheme', 'http://agent.example.com/api/callback'],
    ['another port', 'https://agent.example.com:8443/api/callback'],
    ['credentials', 'https://user:pass@agent.example.com/api/callback'],
    ['a value that is not a URL', 'not a url'],
  ])('refuses %s', (_name, candidate) => {
    expect(isUnderAgentUrl(candidate, agentUrl)).toBe(false);
  });

  test('treats a base ending with a slash like one without', () => {
    expect(isUnderAgentUrl('https://agent.example.com/api/callback', 'https://agent.example.com/api/')).toBe(true);
  });
});
