import type { Caller } from '@platform/datasource-toolkit';
import { SignJWT } from 'jose';
import request from 'supertest';
import type { TokenVerifier } from '../../../src/http/auth/token-verifier';
import { makeActionDataSource } from '../../factories/action-data-source';
import { makeApp } from '../../factories/make-app';
import { makeClaims, signToken } from '../../factories/tokens';

describe('authentication', () => {
  test('answers 401 MissingTokenError with WWW-Authenticate when there is no token', async () => {
    const { app } = await makeApp();

    const response = await request(app).get('/platform/books');

    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.body.errors[0]).toMatchObject({ name: 'MissingTokenError', status: 401 });
  });

  test('answers 401 MissingTokenError for another scheme than Bearer', async () => {
    const { app } = await makeApp();

    const response = await request(app).get('/platform/books').set('Authorization', 'Basic YTpi');

    expect(response.status).toBe(401);
    expect(response.body.errors[0].name).toBe('MissingTokenError');
  });

  test('answers 401 InvalidTokenError for a token that is not a JWT', async () => {
    const { app } = await makeApp();

    const response = await request(app).get('/platform/books').set('Authorization', 'Bearer not-a-jwt');

    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(response.body.errors[0].name).toBe('InvalidTokenError');
  });

  test('answers 401 InvalidTokenError for a token signed with another secret', async () => {
    const { app } = await makeApp();
    const token = await signToken({ secret: 'another-secret-of-at-least-32-characters!!' });

    const response = await request(app).get('/platform/books').set('Authorization', `Bearer ${token}`);

    expect(response.status).toBe(401);
    expect(response.body.errors[0].name).toBe('InvalidTokenError');
  });

  test('answers 401 TokenExpiredError for an expired token', async () => {
    const { app } = await makeApp();
    const token = await signToken({ expiresAt: Math.floor(Date.now() / 1000) - 60 });

    const response = await request(app).get('/platform/books').set('Authorization', `Bearer ${token}`);

    expect(response.status).toBe(401);
    expect(response.body.errors[0]).toMatchObject({ name: 'TokenExpiredError', status: 401 });
  });

  test('answers 401 InvalidTokenError for a token whose claims describe no user', async () => {
    const { app } = await makeApp();
    const token = await signToken({ claims: makeClaims({ email: undefined, id: 'abc' }) });

    const response = await request(app).get('/platform/books').set('Authorization', `Bearer ${token}`);

    expect(response.status).toBe(401);
    expect(response.body.errors[0].name).toBe('InvalidTokenError');
    expect(response.body.errors[0].detail).toContain('email');
  });

  test('answers 401 InvalidTokenError for a token of an algorithm no verifier takes', async () => {
    const { app } = await makeApp();
    const token = await new SignJWT(makeClaims())
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('test-auth-secret-of-at-least-32-characters!'.repeat(2)));

    const response = await request(app).get('/platform/books').set('Authorization', `Bearer ${token}`);

    expect(response.status).toBe(401);
    expect(response.body.errors[0].name).toBe('InvalidTokenError');
  });

  test('builds the caller from the claims, the request and the timezone parameter', async () => {
    const { dataSource, probe } = makeActionDataSource();
    const { app } = await makeApp({ dataSource });
    const token = await signToken({ claims: makeClaims({ id: '42', timezone: 'America/New_York', renderingId: 3 }) });

    await request(app)
      .post('/platform/_actions/books/5/refresh-all?timezone=Asia/Tokyo')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Request-Id', 'req-1')
      .send({});

    expect(probe.executions[0]?.caller).toEqual({
      id: 42,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      team: 'Operations',
      role: 'Admin',
      tags: { region: 'EU' },
      renderingId: 3,
      timezone: 'Asia/Tokyo',
      request: { ip: expect.any(String), requestId: 'req-1' },
    } satisfies Caller);
  });

  test('takes the time zone of the token when there is no parameter, else UTC', async () => {
    const { dataSource, probe } = makeActionDataSource();
    const { app } = await makeApp({ dataSource });
    const withZone = await signToken({ claims: makeClaims({ timezone: 'Europe/Paris' }) });
    const withoutZone = await signToken();

    for (const token of [withZone, withoutZone]) {
      await request(app)
        .post('/platform/_actions/books/5/refresh-all')
        .set('Authorization', `Bearer ${token}`)
        .send({});
    }

    expect(probe.executions.map((execution) => execution.caller.timezone)).toEqual(['Europe/Paris', 'UTC']);
  });

  test('accepts tokens of an extra issuer through its own verifier', async () => {
    const platformVerifier: TokenVerifier = {
      canVerify: (header) => header.alg === 'EdDSA',
      verify: async () => ({ ...makeClaims({ email: 'platform@example.com' }), timezone: 'UTC' }) as unknown as Caller,
    };
    const { dataSource, probe } = makeActionDataSource();
    const { app } = await makeApp({ dataSource, tokenVerifiers: [platformVerifier] });
    const header = Buffer.from(JSON.stringify({ alg: 'EdDSA' })).toString('base64url');

    const response = await request(app)
      .post('/platform/_actions/books/5/refresh-all')
      .set('Authorization', `Bearer ${header}.e30.c2ln`)
      .send({});

    expect(response.status).toBe(200);
    expect(probe.executions[0]?.caller.email).toBe('platform@example.com');
  });
});
