import { createHash } from 'node:crypto';
import request from 'supertest';
import type { User } from '../../src/generated/prisma/client';
import { uniqueSuffix } from '../factories/unique-suffix';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { csrfFieldOf, openLoginForm, setCookieOf, signIn } from './login-helpers';

describeEachDatabase('POST /login', (kind) => {
  let platform: TestContext;
  let user: User;

  beforeAll(async () => {
    platform = await createTestContext(kind);
  });

  afterAll(() => platform.close());

  beforeEach(async () => {
    user = await seedUser(platform.context, {
      email: `ada-${uniqueSuffix()}@example.com`,
      password: 'correct-password',
    });
  });

  const sessionsOf = (userId: number) => platform.context.prisma.session.findMany({ where: { userId } });

  test('GET /login renders the form with a CSRF field matching an HttpOnly, SameSite=Strict cookie', async () => {
    const response = await request(platform.app).get('/login').expect(200);

    const cookie = setCookieOf(response, 'platform_csrf');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.text).toContain('<form method="post" action="/login"');
    expect(cookie).toContain(`platform_csrf=${csrfFieldOf(response.text)};`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
  });

  test('signs in and sets an HttpOnly, SameSite=Lax cookie whose SHA-256 is the stored session', async () => {
    const agent = request.agent(platform.app);

    const response = await signIn(agent, { email: user.email, password: 'correct-password' });

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/login');
    const cookie = setCookieOf(response, 'platform_session') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const token = /^platform_session=([^;]+);/.exec(cookie)?.[1] ?? '';
    const [session] = await sessionsOf(user.id);
    expect(session?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(session?.isSso).toBe(false);
  });

  test('is signed in afterwards: GET /me answers the user', async () => {
    const agent = request.agent(platform.app);
    await signIn(agent, { email: user.email, password: 'correct-password' });

    const response = await agent.get('/me').expect(200);

    expect(response.body.user).toMatchObject({ id: user.id, email: user.email, firstName: 'Ada', hasPassword: true });
    expect(response.body.user).not.toHaveProperty('passwordHash');
    expect(response.body.session).toMatchObject({ isSso: false });
  });

  test('accepts the email in another case and with surrounding spaces', async () => {
    const agent = request.agent(platform.app);

    const response = await signIn(agent, { email: `  ${user.email.toUpperCase()} `, password: 'correct-password' });

    expect(response.status).toBe(303);
  });

  test('shows the signed-in page at /login once signed in', async () => {
    const agent = request.agent(platform.app);
    await signIn(agent, { email: user.email, password: 'correct-password' });

    const response = await agent.get('/login').expect(200);

    expect(response.text).toContain('You are signed in');
    expect(response.text).toContain(user.email);
    expect(response.text).toContain('action="/logout"');
  });

  test('refuses a wrong password with 401, the form again, and no session', async () => {
    const agent = request.agent(platform.app);

    const response = await signIn(agent, { email: user.email, password: 'wrong-password' });

    expect(response.status).toBe(401);
    expect(response.text).toContain('Invalid email or password.');
    expect(response.text).toContain(`value="${user.email}"`);
    expect(setCookieOf(response, 'platform_session')).toBeUndefined();
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  test('refuses an unknown email with the same 401 and message as a wrong password', async () => {
    const agent = request.agent(platform.app);

    const response = await signIn(agent, { email: `nobody-${uniqueSuffix()}@example.com`, password: 'wrong-password' });

    expect(response.status).toBe(401);
    expect(response.text).toContain('Invalid email or password.');
  });

  test('refuses a password sign-in for an SSO-only user', async () => {
    const ssoOnly = await seedUser(platform.context, { password: null });
    const agent = request.agent(platform.app);

    const response = await signIn(agent, { email: ssoOnly.email, password: 'any-password' });

    expect(response.status).toBe(401);
    expect(await sessionsOf(ssoOnly.id)).toHaveLength(0);
  });

  test.each([
    ['an empty password', { password: '' }],
    ['no password', { password: undefined }],
    ['no email', { email: undefined }],
  ])('answers 400 to %s', async (_label, overrides) => {
    const agent = request.agent(platform.app);
    const csrf = await openLoginForm(agent);

    const response = await agent
      .post('/login')
      .type('form')
      .send(JSON.parse(JSON.stringify({ _csrf: csrf, email: user.email, password: 'correct-password', ...overrides })));

    expect(response.status).toBe(400);
    expect(response.text).toContain('Enter your email and password.');
  });

  test('refuses a form without its CSRF field with 403', async () => {
    const agent = request.agent(platform.app);
    await openLoginForm(agent);

    const response = await agent.post('/login').type('form').send({ email: user.email, password: 'correct-password' });

    expect(response.status).toBe(403);
    expect(response.text).toContain('The form expired');
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  test('refuses a CSRF field that differs from the cookie with 403', async () => {
    const agent = request.agent(platform.app);
    const csrf = await openLoginForm(agent);
    const forged = `${csrf.slice(0, -1)}${csrf.endsWith('A') ? 'B' : 'A'}`;

    const response = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: forged, email: user.email, password: 'correct-password' });

    expect(response.status).toBe(403);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  test('refuses a CSRF field sent without the cookie (a cross-site post) with 403', async () => {
    const csrf = csrfFieldOf((await request(platform.app).get('/login')).text);

    const response = await request(platform.app)
      .post('/login')
      .type('form')
      .send({ _csrf: csrf, email: user.email, password: 'correct-password' });

    expect(response.status).toBe(403);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  test('escapes what it renders back, such as a hostile email', async () => {
    const agent = request.agent(platform.app);

    const response = await signIn(agent, { email: '"><script>alert(1)</script>', password: 'wrong-password' });

    expect(response.status).toBe(401);
    expect(response.text).not.toContain('<script>alert(1)</script>');
    expect(response.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  test('escapes the user name on the signed-in page', async () => {
    const hostile = await seedUser(platform.context, { firstName: '<img src=x onerror=alert(1)>' });
    const agent = request.agent(platform.app);
    await signIn(agent, { email: hostile.email, password: 'correct-password' });

    const response = await agent.get('/login').expect(200);

    expect(response.text).not.toContain('<img src=x');
    expect(response.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describeEachDatabase('POST /login next=', (kind) => {
  let platform: TestContext;
  let email: string;

  beforeAll(async () => {
    platform = await createTestContext(kind);
    email = (await seedUser(platform.context)).email;
  });

  afterAll(() => platform.close());

  test('redirects to a same-origin path with its query', async () => {
    const response = await signIn(request.agent(platform.app), {
      email,
      password: 'correct-password',
      next: '/oauth/authorize?client_id=abc&state=x%20y',
    });

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/oauth/authorize?client_id=abc&state=x%20y');
  });

  test.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash trick', '/\\evil.example/phish'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a path without a leading slash', 'evil.example'],
    ['a tab-split protocol-relative URL', '/\t/evil.example'],
  ])('ignores %s and lands on /login', async (_label, next) => {
    const response = await signIn(request.agent(platform.app), { email, password: 'correct-password', next });

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/login');
  });

  test("lets the form's redirects reach the agent of an agent sign-in (CSP form-action), and only that origin", async () => {
    const csp = async (next: string) =>
      String((await request(platform.app).get('/login').query({ next })).headers['content-security-policy']);
    const redirectUri = 'https://agent.example.test:3310/api/authentication/callback';

    expect(
      await csp(`/agent-auth/authorize?environmentId=1&redirectUri=${encodeURIComponent(redirectUri)}&state=s`),
    ).toContain("form-action 'self' https://agent.example.test:3310;");
    expect(await csp('/oauth/authorize?redirectUri=https%3A%2F%2Fevil.example%2F')).toContain("form-action 'self';");
    expect(await csp('/agent-auth/authorize?redirectUri=javascript%3Aalert(1)')).toContain("form-action 'self';");
    expect(await csp('/agent-auth/authorize?redirectUri=not%20a%20url')).toContain("form-action 'self';");
  });

  test('GET /login?next= sends a signed-in user straight on', async () => {
    const agent = request.agent(platform.app);
    await signIn(agent, { email, password: 'correct-password' });

    const response = await agent.get('/login').query({ next: '/oauth/authorize?x=1' });

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/oauth/authorize?x=1');
  });

  test('GET /login?next= to another site keeps a signed-in user on the signed-in page', async () => {
    const agent = request.agent(platform.app);
    await signIn(agent, { email, password: 'correct-password' });

    const response = await agent.get('/login').query({ next: 'https://evil.example/' });

    expect(response.status).toBe(200);
    expect(response.text).toContain('You are signed in');
  });
});
