import { type ConnectedAgent, freePort, startConnectedAgent } from '../../platform/connected-agent-fixture';

describe('authentication routes of a connected agent', () => {
  let platform: ConnectedAgent;
  beforeEach(async () => {
    const port = await freePort();
    platform = await startConnectedAgent({ port }, { agentUrl: `http://127.0.0.1:${port}` });
    platform.env.setCurrentUser(2);
    await platform.agent.start();
  });
  afterEach(() => platform.close());

  const authorizationUrl = async (redirectTo = '/orders'): Promise<URL> => {
    const response = await fetch(`${platform.url}/authentication?redirectTo=${encodeURIComponent(redirectTo)}`);
    expect(response.status).toBe(200);
    return new URL(((await response.json()) as { authorizationUrl: string }).authorizationUrl);
  };

  test('points at the platform sign-in page for this environment and the agent callback', async () => {
    const url = await authorizationUrl();

    expect(`${url.origin}${url.pathname}`).toBe(`${platform.sandbox.url}/agent-auth/authorize`);
    expect(url.searchParams.get('environmentId')).toBe(String(platform.env.id));
    expect(url.searchParams.get('redirectUri')).toBe(`${platform.url}/authentication/callback`);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  test('signs the user in through the platform and answers a token the agent accepts', async () => {
    const signedIn = await fetch(await authorizationUrl('/dashboard'));
    const body = (await signedIn.json()) as { token: string; tokenData: Record<string, unknown>; redirectTo: string };

    expect(signedIn.status).toBe(200);
    expect(body.tokenData).toMatchObject({
      id: 2,
      email: 'eve@example.com',
      role: 'Editor',
      team: 'EU',
      renderingId: 2,
    });
    expect(body.redirectTo).toBe('/dashboard');
    expect(Number(body.tokenData.exp) - Math.floor(Date.now() / 1000)).toBeGreaterThan(3000);
    const orders = await fetch(`${platform.url}/orders`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(orders.status).toBe(200);
  });

  test('refuses an altered state with 401', async () => {
    const url = await authorizationUrl();
    const state = url.searchParams.get('state')!;
    const [payload, signature] = state.split('.');
    const altered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), redirectTo: '/evil' })).toString('base64url')}.${signature}`;

    const response = await fetch(`${platform.url}/authentication/callback?code=abc&state=${altered}`);

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errors: [{ name: 'InvalidSignInStateError' }] });
  });

  test('refuses a code used twice with 401', async () => {
    const redirect = await fetch(await authorizationUrl(), { redirect: 'manual' });
    const callback = redirect.headers.get('location')!;
    expect((await fetch(callback)).status).toBe(200);

    const again = await fetch(callback);

    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ errors: [{ detail: expect.stringContaining('sign in again') }] });
  });

  test('refuses a callback without a code with 400', async () => {
    const response = await fetch(`${platform.url}/authentication/callback?state=x.y`);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ name: 'ValidationError' }] });
  });
});
