import request from 'supertest';
import { seedProject } from '../factories/project-factory';
import { createTestClock, type TestClock } from '../factories/test-clock';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { csrfFieldOf, setCookieOf, signIn } from './login-helpers';

const HOUR = 3_600_000;

describeEachDatabase('sessions over HTTP (GET /me, POST /logout, expiry)', (kind) => {
  let platform: TestContext;
  let clock: TestClock;
  let email: string;

  beforeAll(async () => {
    clock = createTestClock();
    platform = await createTestContext(kind, { now: clock.now, env: { PLATFORM_SESSION_TTL_HOURS: '2' } });
  });

  afterAll(() => platform.close());

  beforeEach(async () => {
    email = (await seedUser(platform.context)).email;
  });

  async function signedInAgent() {
    const agent = request.agent(platform.app);
    const response = await signIn(agent, { email, password: 'correct-password' });
    expect(response.status).toBe(303);
    return agent;
  }

  test('GET /me without a session answers 401 Unauthorized', async () => {
    const response = await request(platform.app).get('/me');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Unauthorized', message: 'Sign in first.' });
  });

  test('GET /me with an unknown session token answers 401', async () => {
    const response = await request(platform.app)
      .get('/me')
      .set('Cookie', `platform_session=${'x'.repeat(43)}`);

    expect(response.status).toBe(401);
    expect(response.body.error).toBe('Unauthorized');
    expect(response.body.message).toMatch(/invalid/);
  });

  test('GET /me with a malformed session cookie answers 401', async () => {
    const response = await request(platform.app).get('/me').set('Cookie', 'platform_session=%E0%A4%A');

    expect(response.status).toBe(401);
    expect(response.body.error).toBe('Unauthorized');
  });

  test('GET /me lists the projects of the user with their roles', async () => {
    const project = await seedProject(platform.context, { usesSso: true });
    const member = await seedUser(platform.context, { project, role: 'Editor' });
    const agent = request.agent(platform.app);
    await signIn(agent, { email: member.email, password: 'correct-password' });

    const response = await agent.get('/me').expect(200);

    expect(response.body.projects).toEqual([
      expect.objectContaining({ id: project.id, name: project.name, usesSso: true, role: 'Editor' }),
    ]);
  });

  test('the session cookie lives as long as PLATFORM_SESSION_TTL_HOURS', async () => {
    const response = await signIn(request.agent(platform.app), { email, password: 'correct-password' });

    expect(setCookieOf(response, 'platform_session')).toMatch(/Max-Age=7200;/);
  });

  test('a session still works just before its expiry', async () => {
    const agent = await signedInAgent();
    clock.advance(2 * HOUR - 1000);

    await agent.get('/me').expect(200);
  });

  test('an expired session answers 401 with an expiry message', async () => {
    const agent = await signedInAgent();
    clock.advance(2 * HOUR);

    const response = await agent.get('/me');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Unauthorized', message: 'The session expired; sign in again.' });
  });

  test('POST /logout revokes the session, clears the cookie and goes back to /login', async () => {
    const agent = await signedInAgent();
    const csrf = csrfFieldOf((await agent.get('/login')).text);

    const response = await agent.post('/logout').type('form').send({ _csrf: csrf });

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/login');
    expect(setCookieOf(response, 'platform_session')).toMatch(/Expires=Thu, 01 Jan 1970/);
    const user = await platform.context.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { sessions: true },
    });
    expect(user.sessions[0]?.revokedAt).toEqual(clock.now());
  });

  test('a revoked session token no longer works even if the browser kept it', async () => {
    const agent = await signedInAgent();
    const csrf = csrfFieldOf((await agent.get('/login')).text);
    const user = await platform.context.prisma.user.findUniqueOrThrow({ where: { email } });
    const session = await platform.context.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    await agent.post('/logout').type('form').send({ _csrf: csrf });

    const stillStored = await platform.context.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(stillStored.revokedAt).not.toBeNull();
    const response = await agent.get('/me');
    expect(response.status).toBe(401);
  });

  test('POST /logout without the CSRF field is refused with 403 and keeps the session', async () => {
    const agent = await signedInAgent();

    const response = await agent.post('/logout').type('form').send({});

    expect(response.status).toBe(403);
    await agent.get('/me').expect(200);
  });

  test('POST /logout with a forged CSRF field is refused with 403', async () => {
    const agent = await signedInAgent();

    const response = await agent
      .post('/logout')
      .type('form')
      .send({ _csrf: 'A'.repeat(43) });

    expect(response.status).toBe(403);
    await agent.get('/me').expect(200);
  });

  test('signing in again replaces the previous session of the browser', async () => {
    const agent = await signedInAgent();
    await signIn(agent, { email, password: 'correct-password' });

    const user = await platform.context.prisma.user.findUniqueOrThrow({
      where: { email },
      include: { sessions: true },
    });
    expect(user.sessions.filter((session) => session.revokedAt === null)).toHaveLength(1);
    expect(user.sessions).toHaveLength(2);
  });
});
