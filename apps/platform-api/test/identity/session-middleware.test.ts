import express from 'express';
import request from 'supertest';
import type { AppContext } from '../../src/context';
import { createErrorHandler } from '../../src/http/error-handler';
import { getSessionLocals, requireSession } from '../../src/identity/session-middleware';
import { createSession } from '../../src/identity/sessions-service';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

/** A small app as a later feature (MCP or agent authorization) would build on requireSession. */
function appWith(context: AppContext): express.Express {
  const app = express();
  app.get('/api/whoami', requireSession(context), (_req, res) => {
    const { user, session } = getSessionLocals(res);
    res.json({ email: user.email, isSso: session.isSso });
  });
  app.get('/oauth/authorize', requireSession(context, { redirectToLogin: true }), (_req, res) => {
    res.send(`consent for ${getSessionLocals(res).user.email}`);
  });
  app.post('/oauth/authorize', requireSession(context, { redirectToLogin: true }), (_req, res) => {
    res.send('posted');
  });
  app.use(createErrorHandler(context.logger));
  return app;
}

describeEachDatabase('requireSession', (kind) => {
  let platform: TestContext;
  let app: express.Express;
  let cookie: string;
  let email: string;

  beforeAll(async () => {
    platform = await createTestContext(kind);
    app = appWith(platform.context);
    const user = await seedUser(platform.context);
    email = user.email;
    const { token } = await createSession(platform.context, { userId: user.id, isSso: true });
    cookie = `platform_session=${token}`;
  });

  afterAll(() => platform.close());

  test('sets res.locals.session to the user and the session', async () => {
    const response = await request(app).get('/api/whoami').set('Cookie', cookie);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email, isSso: true });
  });

  test('answers 401 Unauthorized without a session', async () => {
    const response = await request(app).get('/api/whoami');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Unauthorized', message: 'Sign in first.' });
  });

  test('with redirectToLogin, sends a GET without a session to /login with next', async () => {
    const response = await request(app).get('/oauth/authorize?client_id=a&state=b');

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/login?next=${encodeURIComponent('/oauth/authorize?client_id=a&state=b')}`);
  });

  test('with redirectToLogin, lets a signed-in GET through', async () => {
    const response = await request(app).get('/oauth/authorize').set('Cookie', cookie);

    expect(response.status).toBe(200);
    expect(response.text).toBe(`consent for ${email}`);
  });

  test('with redirectToLogin, still answers 401 to a POST without a session', async () => {
    const response = await request(app).post('/oauth/authorize');

    expect(response.status).toBe(401);
  });
});
