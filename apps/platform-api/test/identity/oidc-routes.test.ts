import request from 'supertest';
import { seedProject } from '../factories/project-factory';
import { uniqueSuffix } from '../factories/unique-suffix';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { setCookieOf, signIn } from './login-helpers';
import { startOidcProvider, type TestOidcProvider } from './oidc-test-provider';

/** Where the platform says it lives; requests reach it through supertest, so it need not listen there. */
const PUBLIC_URL = 'http://localhost:3400';

describeEachDatabase('SSO sign-in through OpenID Connect (a real oidc-provider)', (kind) => {
  let provider: TestOidcProvider;
  let platform: TestContext;

  beforeAll(async () => {
    provider = await startOidcProvider(`${PUBLIC_URL}/auth/oidc/callback`);
    platform = await createTestContext(kind, {
      env: {
        PLATFORM_PUBLIC_URL: PUBLIC_URL,
        PLATFORM_OIDC_ISSUER: provider.issuer,
        PLATFORM_OIDC_CLIENT_ID: provider.clientId,
        PLATFORM_OIDC_CLIENT_SECRET: provider.clientSecret,
      },
    });
  });

  afterAll(async () => {
    await platform?.close();
    await provider?.stop();
  });

  /** Starts at the platform, plays the user at the provider, and returns the platform's callback path. */
  async function throughProvider(agent: ReturnType<typeof request.agent>, accountId: string, next?: string) {
    const start = await agent.get('/auth/oidc/start').query(next === undefined ? {} : { next });
    expect(start.status).toBe(303);
    const callback = await provider.authorize(start.headers.location ?? '', accountId);
    return `${callback.pathname}${callback.search}`;
  }

  test('the login page offers SSO when a provider is configured', async () => {
    const response = await request(platform.app).get('/login').query({ next: '/somewhere' }).expect(200);

    expect(response.text).toContain('href="/auth/oidc/start?next=%2Fsomewhere"');
  });

  test('start redirects to the provider with code flow, PKCE S256, state, nonce and the callback URI', async () => {
    const response = await request(platform.app).get('/auth/oidc/start');

    const location = new URL(response.headers.location ?? '');
    expect(response.status).toBe(303);
    expect(location.origin).toBe(provider.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: `${PUBLIC_URL}/auth/oidc/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(location.searchParams.get('state')).toMatch(/.{20,}/);
    expect(location.searchParams.get('nonce')).toMatch(/.{20,}/);
    const cookie = setCookieOf(response, 'platform_oidc') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/auth\/oidc/);
  });

  test('signs a known user in with an SSO session (isSso true) and lands on next', async () => {
    const user = await seedUser(platform.context, { email: `sso-${uniqueSuffix()}@example.com`, password: null });
    const agent = request.agent(platform.app);
    const callback = await throughProvider(agent, user.email, '/oauth/authorize?client_id=x');

    const response = await agent.get(callback);

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/oauth/authorize?client_id=x');
    expect(setCookieOf(response, 'platform_session')).toMatch(/HttpOnly; SameSite=Lax/);
    const me = await agent.get('/me').expect(200);
    expect(me.body.user.email).toBe(user.email);
    expect(me.body.session.isSso).toBe(true);
    const [session] = await platform.context.prisma.session.findMany({ where: { userId: user.id } });
    expect(session?.isSso).toBe(true);
  });

  test('matches the email case-insensitively', async () => {
    const user = await seedUser(platform.context, { email: `mixed-${uniqueSuffix()}@example.com` });
    const agent = request.agent(platform.app);
    const callback = await throughProvider(agent, user.email.toUpperCase());

    const response = await agent.get(callback);

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/login');
  });

  test('the same user signing in with a password gets a non-SSO session', async () => {
    const user = await seedUser(platform.context);
    const agent = request.agent(platform.app);
    await signIn(agent, { email: user.email, password: 'correct-password' });

    const me = await agent.get('/me').expect(200);

    expect(me.body.session.isSso).toBe(false);
  });

  test('refuses an email that has no account here with 403 and opens no session', async () => {
    const agent = request.agent(platform.app);
    const callback = await throughProvider(agent, `stranger-${uniqueSuffix()}@example.com`);

    const response = await agent.get(callback);

    expect(response.status).toBe(403);
    expect(response.text).toContain('ask an administrator to add you');
    expect(setCookieOf(response, 'platform_session')).toBeUndefined();
  });

  test('refuses an email the provider has not verified with 403', async () => {
    const user = await seedUser(platform.context);
    const agent = request.agent(platform.app);
    const callback = await throughProvider(agent, `unverified:${user.email}`);

    const response = await agent.get(callback);

    expect(response.status).toBe(403);
    expect(response.text).toContain('has not verified');
    expect(await platform.context.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  test('refuses an account without an email with 403', async () => {
    const agent = request.agent(platform.app);
    const callback = await throughProvider(agent, `noemail-${uniqueSuffix()}`);

    const response = await agent.get(callback);

    expect(response.status).toBe(403);
    expect(response.text).toContain('did not share an email address');
  });

  test('refuses a callback whose state was tampered with, with 401', async () => {
    const user = await seedUser(platform.context);
    const agent = request.agent(platform.app);
    const callback = await throughProvider(agent, user.email);

    const response = await agent.get(callback.replace(/state=[^&]+/, 'state=forged-state'));

    expect(response.status).toBe(401);
    expect(response.text).toContain('SSO sign-in failed; start again.');
    expect(await platform.context.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  test('refuses a callback from a browser that did not start the sign-in (no transaction cookie) with 400', async () => {
    const user = await seedUser(platform.context);
    const callback = await throughProvider(request.agent(platform.app), user.email);

    const response = await request(platform.app).get(callback);

    expect(response.status).toBe(400);
    expect(response.text).toContain('started in another browser');
  });

  test('refuses to replay a callback that was used already', async () => {
    const user = await seedUser(platform.context);
    const agent = request.agent(platform.app);
    const callback = await throughProvider(agent, user.email);
    await agent.get(callback).expect(303);

    const replay = await agent.get(callback);

    expect(replay.status).toBe(400);
    expect(await platform.context.prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  test('reports a sign-in the user cancelled at the provider with 401', async () => {
    const agent = request.agent(platform.app);
    const start = await agent.get('/auth/oidc/start');
    const callback = await provider.authorize(start.headers.location ?? '', 'whoever@example.com', { abort: true });

    const response = await agent.get(`${callback.pathname}${callback.search}`);

    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(response.status).toBe(401);
  });

  test('ignores a next pointing to another site', async () => {
    const user = await seedUser(platform.context);
    const agent = request.agent(platform.app);
    const callback = await throughProvider(agent, user.email, 'https://evil.example/');

    const response = await agent.get(callback);

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/login');
  });

  test('an SSO session on a project that uses SSO is what /me reports for it', async () => {
    const project = await seedProject(platform.context, { usesSso: true });
    const user = await seedUser(platform.context, { project, role: 'Admin', password: null });
    const agent = request.agent(platform.app);
    await agent.get(await throughProvider(agent, user.email)).expect(303);

    const me = await agent.get('/me').expect(200);

    expect(me.body).toMatchObject({
      session: { isSso: true },
      projects: [{ id: project.id, usesSso: true, role: 'Admin' }],
    });
  });
});

describeEachDatabase('SSO sign-in without a usable provider', (kind) => {
  let unconfigured: TestContext;
  let unreachable: TestContext;

  beforeAll(async () => {
    unconfigured = await createTestContext(kind);
    unreachable = await createTestContext(kind, {
      env: {
        // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
        PLATFORM_OIDC_ISSUER: 'http://127.0.0.1:9',
        PLATFORM_OIDC_CLIENT_ID: 'client',
        PLATFORM_OIDC_CLIENT_SECRET: 'secret',
      },
    });
  });

  afterAll(async () => {
    await unconfigured?.close();
    await unreachable?.close();
  });

  test('start answers 404 when no provider is configured', async () => {
    const response = await request(unconfigured.app).get('/auth/oidc/start');

    expect(response.status).toBe(404);
    expect(response.text).toContain('SSO is not configured on this server');
  });

  test('the login page offers no SSO when no provider is configured', async () => {
    const response = await request(unconfigured.app).get('/login').expect(200);

    expect(response.text).not.toContain('/auth/oidc/start');
  });

  test('start answers 502 when the provider cannot be reached', async () => {
    const response = await request(unreachable.app).get('/auth/oidc/start');

    expect(response.status).toBe(502);
    expect(response.text).toContain('The SSO provider cannot be reached');
  });

  test('a callback without a started sign-in answers 400', async () => {
    const response = await request(unconfigured.app).get('/auth/oidc/callback').query({ code: 'x', state: 'y' });

    expect(response.status).toBe(400);
  });
});
