import { AUTHORIZE_PATH, callAgentContract } from '@platform/platform-contract';
import request from 'supertest';
import { describeEachDatabase } from '../helpers/test-context';
import { csrfFieldOf } from '../identity/login-helpers';
import { type AgentPlatform, startAgentPlatform } from './agent-platform';

describeEachDatabase(`GET ${AUTHORIZE_PATH}`, (kind) => {
  let platform: AgentPlatform;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
  });
  afterAll(() => platform.close());

  const redirectUri = () => `${platform.agentUrl}/platform/authentication/callback`;
  const authorizePath = (query: Record<string, string | number> = {}) =>
    `${AUTHORIZE_PATH}?${new URLSearchParams({
      environmentId: String(platform.world.environment.id),
      redirectUri: redirectUri(),
      state: 'state-123',
      ...Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    })}`;

  async function signedInBrowser(email: string) {
    const browser = request.agent(platform.serverUrl);
    const form = await browser.get('/login').expect(200);
    await browser
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFieldOf(form.text), email, password: 'correct-password' })
      .expect(303);
    return browser;
  }

  test('sends a visitor to the login page, then back, then to the agent with a code it can exchange once', async () => {
    const browser = request.agent(platform.serverUrl);

    const first = await browser.get(authorizePath()).expect(303);
    const loginUrl = new URL(first.headers.location as string, platform.serverUrl);
    const next = loginUrl.searchParams.get('next') as string;
    const form = await browser.get(`${loginUrl.pathname}${loginUrl.search}`).expect(200);
    const signedIn = await browser
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFieldOf(form.text), email: platform.world.member.email, password: 'correct-password', next })
      .expect(303);
    const back = await browser.get(signedIn.headers.location as string).expect(303);
    const landing = new URL(back.headers.location as string);
    const code = landing.searchParams.get('code') as string;
    const options = { serverUrl: platform.serverUrl, envSecret: platform.envSecret };

    expect(loginUrl.pathname).toBe('/login');
    expect(signedIn.headers.location).toBe(authorizePath());
    expect(`${landing.origin}${landing.pathname}`).toBe(redirectUri());
    expect(landing.searchParams.get('state')).toBe('state-123');
    const { user } = await callAgentContract(options, 'exchangeCode', { code, redirectUri: redirectUri() });
    expect(user).toMatchObject({ email: platform.world.member.email, team: 'Support', role: 'Editor' });
    await expect(
      callAgentContract(options, 'exchangeCode', { code, redirectUri: redirectUri() }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_grant' });
  });

  test.each([
    ['another origin', 'http://evil.example.test/platform/authentication/callback'],
    ['a look-alike host', 'http://agent.example.test.evil.test:3310/api/callback'],
    ['a sibling path', 'http://agent.example.test:3310/api-evil/callback'],
    ['another port', 'http://agent.example.test:3311/api/callback'],
  ])('refuses a redirect URI on %s with a 400 page and no redirect', async (_label, uri) => {
    const browser = await signedInBrowser(platform.world.member.email);

    const response = await browser.get(authorizePath({ redirectUri: uri }));

    expect(response.status).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.text).toContain('not under the agent URL');
  });

  test('refuses an unknown environment with a 400 page', async () => {
    const response = await request(platform.serverUrl).get(authorizePath({ environmentId: 999_999 }));

    expect(response.status).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.text).toContain('No environment with id 999999');
  });

  test('refuses a link without state with a 400 page', async () => {
    const response = await request(platform.serverUrl).get(
      `${AUTHORIZE_PATH}?environmentId=${platform.world.environment.id}&redirectUri=${encodeURIComponent(redirectUri())}`,
    );

    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  test('refuses a signed-in user without a team rendering the environment with a 403 page', async () => {
    const browser = await signedInBrowser(platform.world.outsider.email);

    const response = await browser.get(authorizePath());

    expect(response.status).toBe(403);
    expect(response.headers.location).toBeUndefined();
    expect(response.text).toContain('no access to environment');
  });
});
