import { describeWithService } from '@platform/tooling/test-services';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { createDevelopmentUserToken } from '../../../src';
import { type SqlAgent, startSqlAgent } from '../../factories/sql-agent';
import { AUTH_SECRET } from '../../factories/tokens';

describe('createDevelopmentUserToken', () => {
  test('signs a token that expires in one hour by default, for the development user', async () => {
    const claims = decodeJwt(await createDevelopmentUserToken({ authSecret: AUTH_SECRET }));

    expect(claims.exp).toEqual(expect.any(Number));
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims).toMatchObject({ id: 1, email: 'developer@example.com', role: 'Admin', timezone: 'UTC' });
  });

  test('takes the user and lifetime given, and PLATFORM_AUTH_SECRET when authSecret is not', async () => {
    const token = await createDevelopmentUserToken(
      { user: { id: 42, email: 'ada@example.com', tags: { region: 'EU' } }, expiresIn: 600 },
      { PLATFORM_AUTH_SECRET: AUTH_SECRET },
    );
    const claims = decodeJwt(token);

    expect(claims).toMatchObject({ id: 42, email: 'ada@example.com', tags: { region: 'EU' }, firstName: 'Dev' });
    expect((claims.exp as number) - (claims.iat as number)).toBe(600);
  });

  test('refuses to sign without a secret, or with a lifetime that is not positive', async () => {
    await expect(createDevelopmentUserToken({}, {})).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('authSecret'),
    });
    await expect(createDevelopmentUserToken({ authSecret: AUTH_SECRET, expiresIn: 0 })).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('expiresIn'),
    });
  });
});

describeWithService('postgres', 'createDevelopmentUserToken against an agent, PostgreSQL', () => {
  let agent: SqlAgent;
  beforeAll(async () => {
    agent = await startSqlAgent('postgres', [
      'create table notes (id serial primary key, body text not null)',
      "insert into notes (body) values ('a')",
    ]);
  });
  afterAll(async () => {
    await agent?.close();
  });

  test('makes a token the agent accepts', async () => {
    const token = await createDevelopmentUserToken({ authSecret: AUTH_SECRET });

    const response = await request(agent.baseUrl).get('/notes').set('Authorization', `Bearer ${token}`);

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([{ id: 1, body: 'a' }]);
  });

  test('makes a token another agent secret refuses', async () => {
    const token = await createDevelopmentUserToken({ authSecret: 'another-secret-of-at-least-32-characters!!' });

    const response = await request(agent.baseUrl).get('/notes').set('Authorization', `Bearer ${token}`);

    expect(response.status).toBe(401);
    expect(response.body.errors[0].name).toBe('InvalidTokenError');
  });
});
